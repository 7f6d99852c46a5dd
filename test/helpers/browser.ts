import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { createTestApp, createTestDb, type TestApp } from './app';
import type { Config } from '../../server/config';
import type { Clock } from '../../server/lib/clock';

/** Debian's Chromium (`apt-get install -y chromium`): the browser the shop is tested in. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * What the journeys drive: Debian's build of the same Chromium as its old headless shell
 * (`apt-get install -y chromium-headless-shell`, the headless mode Playwright itself uses) when it is
 * installed, else Chromium. The same Blink and V8 at a third of the CPU per page: the new headless mode
 * runs the whole browser, and a page's load took 2.1–3.6 s of CPU there against 0.5–1.3 s in the shell
 * (decision 325). A file that needs what only the whole browser has asks for it: `startShop({ browser: 'chromium' })`.
 */
export const JOURNEY_BROWSER =
  [process.env.CHROMIUM_SHELL_PATH || '/usr/bin/chromium-headless-shell'].find((p) => fs.existsSync(p)) ?? CHROMIUM;
/** False when Chromium is missing and not required: browser suites use describe.skipIf(!hasBrowser). */
export const hasBrowser = fs.existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER === '1';

/** Chromium's switches for every launch of the tests. */
export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export interface ShopUnderTest extends TestApp {
  baseUrl: string;
  browser: Browser;
  newPage(opts?: { viewport?: { width: number; height: number }; context?: BrowserContext }): Promise<Page>;
  newContext(viewport?: { width: number; height: number }, opts?: { serviceWorkers?: 'allow' | 'block' }): Promise<BrowserContext>;
  /**
   * Save a screenshot under screenshots/ (for people to look at; not an assertion). SKIP_SCREENSHOTS=1
   * (set by .ci/run, whose clean clone nobody looks into) takes none: ~170 full-page PNGs cost Chromium
   * 20–30 s of CPU in the browser phase.
   */
  screenshot(what: Page | Locator, name: string, opts?: { fullPage?: boolean }): Promise<void>;
}

/**
 * One headless browser (JOURNEY_BROWSER) per worker, shared by the files it runs one after another
 * (`isolate: false`: they share this module). Each file's pages are in browser contexts of its own
 * (own storage, cookies, cache and service workers), closed by its `close()`. A launch cost ~0.35 s of CPU and up to 1.4 s of wall time
 * on a loaded machine for each of the 28 files (decision 321). Playwright ends it when the worker exits.
 */
let launched: Promise<Browser> | null = null;
function sharedBrowser(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: JOURNEY_BROWSER, args: LAUNCH_ARGS }).then(
    (b) => {
      // Crashed: the next file launches a new one.
      b.on('disconnected', () => (launched = null));
      return b;
    },
    (e: unknown) => {
      launched = null;
      throw e;
    },
  );
  return launched;
}

/**
 * The real server (built client, own database) on a free port, and the worker's headless browser; `clock`:
 * the server's time (tests move it). `browser: 'chromium'`: a Chromium of this file's own, closed with it,
 * for what the headless shell does not have (it answers "denied" to every notifications permission).
 */
export async function startShop(opts: { config?: Partial<Config>; clock?: Clock; browser?: 'chromium' } = {}): Promise<ShopUnderTest> {
  const t = await createTestApp({
    serveClient: true,
    config: opts.config,
    clock: opts.clock,
    database: await createTestDb({ dropLater: true }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  t.deps.config.PUBLIC_URL = baseUrl;
  const own = opts.browser === 'chromium' ? await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS }) : null;
  const browser = own ?? (await sharedBrowser());
  const earlier = new Set(browser.contexts());
  // Journeys run without the service worker unless they ask for it (phone.test.ts tests the worker
  // itself): a shopper's first visit has none, Playwright's page.route does not see a worker's
  // requests, and every new context would precache the shop (~1 MB) after its first load.
  const newContext = (viewport = DESKTOP, opts: { serviceWorkers?: 'allow' | 'block' } = {}) =>
    browser.newContext({
      viewport,
      baseURL: baseUrl,
      reducedMotion: 'reduce',
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      serviceWorkers: opts.serviceWorkers ?? 'block',
    });
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
    screenshot,
    async close() {
      // The next file in this worker gets the same Chromium with nothing of this shop's left in it.
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !earlier.has(c))
          .map((c) => c.close().catch(() => {})),
      );
      await own?.close();
      await t.close();
    },
  };
}

/**
 * The one way a journey saves a picture: screenshots/NAME.png — a page whole unless `fullPage: false`
 * (what the viewport shows), or one element (a Locator) with its animations stopped.
 */
export async function screenshot(what: Page | Locator, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.SKIP_SCREENSHOTS === '1') return;
  const dir = path.resolve('screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if ('goto' in what) await what.screenshot({ path: file, fullPage: opts.fullPage ?? true });
  else await what.screenshot({ path: file, animations: 'disabled' });
}

/**
 * The page has drawn what it loads: no page loader, busy region or skeleton is left (the app marks
 * every loading state with one of them). A condition, where `networkidle` waited a fixed 500 ms of
 * silence on every screen.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.page-loader, [aria-busy="true"], .skeleton'));
}

/** A browser context signed in as `email` with a session of its own (refresh tokens rotate per session). */
export async function signedInContext(
  shop: ShopUnderTest,
  email: string,
  password: string,
  viewport = DESKTOP,
  opts: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const session = (await shop.request({ method: 'POST', url: '/api/auth/signin', payload: { email, password } })).json();
  const ctx = await shop.newContext(viewport, opts);
  await ctx.addInitScript((s: { access_token: string; refresh_token?: string; expires_at?: number }) => {
    if (localStorage.getItem('access_token')) return;
    localStorage.setItem('access_token', s.access_token);
    if (s.refresh_token) localStorage.setItem('refresh_token', s.refresh_token);
    if (s.expires_at) localStorage.setItem('expires_at', String(s.expires_at));
  }, session);
  return ctx;
}

/** Who signs up in a browser suite's set-up. */
export interface Signup {
  email: string;
  password: string;
  username: string;
  name: string;
  mobile: string;
}

/** An account made through the sign-up API, as a visitor makes one; an admin too when `admin`. */
export async function signUp(shop: ShopUnderTest, who: Signup, opts: { admin?: boolean } = {}): Promise<void> {
  const { email, password, username, name, mobile } = who;
  const up = await shop.request({ method: 'POST', url: '/api/auth/signup', payload: { email, password, username, name, mobile } });
  expect(up.statusCode, up.body).toBeLessThan(300);
  if (opts.admin) await shop.deps.db.updateTable('users').set({ role: 'admin' }).where('email', '=', email).execute();
}

/** A saved address in Bengaluru (560038) for the account, through the API as the profile saves it. */
export async function saveAddress(shop: ShopUnderTest, email: string, password: string, name: string): Promise<void> {
  const token = (await shop.request({ method: 'POST', url: '/api/auth/signin', payload: { email, password } })).json().access_token;
  const saved = await shop.request({
    method: 'POST',
    url: '/api/user/addresses',
    headers: { authorization: `Bearer ${token}` },
    payload: { name, phone: '9876500022', line1: '7, 2nd Main', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
  });
  expect(saved.statusCode).toBe(200);
}

/** The first `n` signature shakes into the cart from the shop page; the header's count says `n`. */
export async function addSignatureShakes(page: Page, n: number): Promise<void> {
  await page.goto('/signature-shakes');
  const cards = page.getByTestId('shake-card');
  await cards.first().waitFor();
  for (let i = 0; i < n; i++)
    await cards
      .nth(i)
      .getByRole('button', { name: /Add to Cart/ })
      .click();
  await expect.poll(() => page.getByTestId('cart-count').first().textContent()).toBe(String(n));
}

/** The account's wallet balance in paise, read from the database (0 without a wallet). */
export async function walletBalance(shop: ShopUnderTest, email: string): Promise<number> {
  const row = await shop.deps.db
    .selectFrom('wallet_balances')
    .innerJoin('users', 'users.id', 'wallet_balances.user_id')
    .select('balance_paise')
    .where('users.email', '=', email)
    .executeTakeFirst();
  return row?.balance_paise ?? 0;
}
