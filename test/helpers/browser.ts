import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestApp, type TestApp } from './app';
import type { Config } from '../../server/config';
import type { Clock } from '../../server/lib/clock';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** False when Chromium is missing and not required: browser suites use describe.skipIf(!hasBrowser). */
export const hasBrowser = fs.existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER === '1';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export interface ShopUnderTest extends TestApp {
  baseUrl: string;
  browser: Browser;
  newPage(opts?: { viewport?: { width: number; height: number }; context?: BrowserContext }): Promise<Page>;
  newContext(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  /** Save a screenshot under screenshots/ (for people to look at; not an assertion). */
  screenshot(page: Page, name: string): Promise<void>;
}

/** The real server (built client, own database) on a free port, and a headless Chromium; `clock`: the server's time (tests move it). */
export async function startShop(opts: { config?: Partial<Config>; clock?: Clock } = {}): Promise<ShopUnderTest> {
  const t = await createTestApp({ serveClient: true, config: opts.config, clock: opts.clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  t.deps.config.PUBLIC_URL = baseUrl;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const newContext = (viewport = DESKTOP) => browser.newContext({ viewport, baseURL: baseUrl, reducedMotion: 'reduce', locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  return {
    ...t,
    baseUrl,
    browser,
    newContext,
    async newPage(o = {}) {
      const ctx = o.context ?? (await newContext(o.viewport));
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('[browser pageerror]', e.message));
      return page;
    },
    async screenshot(page, name) {
      const dir = path.resolve('screenshots');
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    },
    async close() {
      await browser.close().catch(() => {});
      await t.close();
    },
  };
}

/** A browser context signed in as `email` with a session of its own (refresh tokens rotate per session). */
export async function signedInContext(shop: ShopUnderTest, email: string, password: string, viewport = DESKTOP): Promise<BrowserContext> {
  const session = (await shop.request({ method: 'POST', url: '/api/auth/signin', payload: { email, password } })).json();
  const ctx = await shop.newContext(viewport);
  await ctx.addInitScript((s: { access_token: string; refresh_token?: string; expires_at?: number }) => {
    if (localStorage.getItem('access_token')) return;
    localStorage.setItem('access_token', s.access_token);
    if (s.refresh_token) localStorage.setItem('refresh_token', s.refresh_token);
    if (s.expires_at) localStorage.setItem('expires_at', String(s.expires_at));
  }, session);
  return ctx;
}
