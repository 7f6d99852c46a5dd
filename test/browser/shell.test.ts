import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasBrowser, PHONE, startShop, type ShopUnderTest } from '../helpers/browser';
import { createUser } from '../helpers/factories';

/** Spec §2 Shell. */
const NAV = ['Home', 'Signature Shakes', 'Build Your Own', 'Subscriptions', 'About Us'];

describe.skipIf(!hasBrowser)('the shop in a browser', () => {
  let shop: ShopUnderTest;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** A page whose localStorage already holds a valid session for `user` (as after signing in). */
  async function signedInPage(role: 'customer' | 'admin', viewport = DESKTOP): Promise<Page> {
    const user = await createUser(shop.deps.db, { role, name: role === 'admin' ? 'Meera Iyer' : 'Asha Rao' });
    const token = (await shop.bearer(user)).replace(/^Bearer /, '');
    const ctx = await shop.newContext(viewport);
    await ctx.addInitScript((t) => {
      if (!localStorage.getItem('access_token')) localStorage.setItem('access_token', t);
    }, token);
    return shop.newPage({ context: ctx });
  }

  it('serves the SPA shell for a deep page route', async () => {
    const page = await shop.newPage();
    const res = await page.goto('/signature-shakes');
    expect(res?.status()).toBe(200);
    await expect(page.title()).resolves.toMatch(/Hydro Shakes/);
  });

  it('header: the five nav entries, a Login link for guests and a cart link', async () => {
    const page = await shop.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    await expect(nav.getByRole('link').allInnerTexts()).resolves.toEqual(NAV);
    await expect(nav.getByRole('link', { name: 'Build Your Own' }).getAttribute('href')).resolves.toBe('/custom-shake');
    await expect(nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).resolves.toBe('page');
    const login = page.getByRole('banner').getByRole('link', { name: 'Login' });
    await login.waitFor();
    await expect(login.getAttribute('href')).resolves.toBe('/auth');
    await expect(page.getByTestId('cart-link').getAttribute('href')).resolves.toBe('/cart');
    await expect(page.getByRole('button', { name: 'My Account' }).count()).resolves.toBe(0);
    // Client-side navigation marks the current page.
    await nav.getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL('**/about');
    await expect(nav.getByRole('link', { name: 'About Us' }).getAttribute('aria-current')).resolves.toBe('page');
  });

  it('signed-in customer: My Account menu with Profile, Subscriptions, Orders and Logout (no Admin)', async () => {
    const page = await signedInPage('customer');
    await page.goto('/');
    const account = page.getByRole('button', { name: 'My Account' });
    await account.waitFor();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).resolves.toEqual(NAV);
    await account.click();
    await expect(account.getAttribute('aria-expanded')).resolves.toBe('true');
    const panel = page.locator('.user-menu__panel');
    await panel.waitFor();
    const links = await panel.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent!.trim(), a.getAttribute('href')]));
    expect(links).toEqual([
      ['Profile', '/profile'],
      ['Subscriptions', '/profile?tab=subscriptions'],
      ['Orders', '/profile?tab=orders'],
      ['Deliveries', '/deliveries'],
      ['Messages', '/profile?tab=messages'],
    ]);
    await expect(panel.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel.count()).resolves.toBe(0);
    // Logout returns the shopper to a guest header.
    await account.click();
    await page.locator('.user-menu__panel').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('access_token'))).resolves.toBeNull();
    await page.context().close();
  });

  it('signed-in admin: Admin in the nav and in the account menu', async () => {
    const page = await signedInPage('admin');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Admin' }).waitFor();
    await expect(nav.getByRole('link').allInnerTexts()).resolves.toEqual([...NAV, 'Admin']);
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.locator('.user-menu__panel').waitFor();
    await expect(page.locator('.user-menu__panel').getByRole('link').allInnerTexts()).resolves.toEqual(['Profile', 'Subscriptions', 'Orders', 'Deliveries', 'Messages', 'Admin']);
    await page.context().close();
  });

  it('footer: tagline, four social links, phone, e-mail and copyright; hidden on /custom-shake', async () => {
    const page = await shop.newPage();
    await page.goto('/');
    const footer = page.getByTestId('site-footer');
    await footer.waitFor();
    const text = await footer.innerText();
    expect(text).toMatch(/Greens grown in our own hydroponic towers/);
    expect(text).toContain('+91 80 4567 8900');
    expect(text).toContain('hello@hydroshakes.in');
    expect(text).toContain('© 2026 Hydro Shakes');
    await expect(footer.locator('a[href="tel:+918045678900"]').count()).resolves.toBe(1);
    await expect(footer.locator('a[href="mailto:hello@hydroshakes.in"]').count()).resolves.toBe(1);
    const social = await footer.locator('.social a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(social).toEqual([
      'https://www.instagram.com/hydroshakes',
      'https://www.youtube.com/@hydroshakes',
      'https://x.com/hydroshakes',
      'https://www.linkedin.com/company/hydroshakes',
    ]);
    // Client-side navigation to the builder drops the footer; leaving brings it back.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Build Your Own' }).click();
    await page.waitForURL('**/custom-shake');
    await expect.poll(() => page.getByTestId('site-footer').count()).toBe(0);
    await page.goto('/custom-shake');
    await page.getByRole('banner').waitFor();
    // The builder drawn means the layout around it has rendered: a footer would be there by now.
    await page.locator('[data-testid="builder-summary"]').waitFor();
    await expect(page.getByTestId('site-footer').count()).resolves.toBe(0);
    await page.goto('/about');
    await expect(page.getByTestId('site-footer').isVisible()).resolves.toBe(true);
  });

  it('any other path shows the "Page Not Found" card with a way home', async () => {
    const page = await shop.newPage();
    const res = await page.goto('/some/unknown');
    expect(res?.status()).toBe(200);
    const card = page.getByTestId('not-found');
    await card.waitFor();
    await expect(card.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Page Not Found');
    await card.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('#hero-title').waitFor();
  });

  // No sideways scrolling at 375 px: home, signature shakes, about and 404 in home.test.ts's page
  // sweep, the cart (empty and full) and the other shop pages in a11y.test.ts's — one visit per page.
  it('at 375 px the mobile menu opens with its entries', { timeout: 180_000 }, async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await menu.waitFor();
    await expect(page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(menu.getByRole('link', { name: 'Login / Register' }).getAttribute('href')).resolves.toBe('/auth');
    for (const label of NAV) await expect(menu.getByRole('link', { name: label, exact: true }).isVisible()).resolves.toBe(true);
    await expect(menu.getByText('My Profile').count()).resolves.toBe(0);
    // Escape closes it and gives focus back to the toggle.
    await page.keyboard.press('Escape');
    await expect(menu.count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Open menu');
    // A link closes it and navigates.
    await toggle.click();
    await page.getByRole('navigation', { name: 'Mobile menu' }).getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL('**/about');
    await expect(page.getByRole('navigation', { name: 'Mobile menu' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('at 375 px signed in: greeting, My Profile, My Subscriptions, Order History, Logout; Admin Dashboard for admins', { timeout: 180_000 }, async () => {
    for (const role of ['customer', 'admin'] as const) {
      const page = await signedInPage(role, PHONE);
      await page.goto('/');
      await page.waitForFunction(() => !document.querySelector('.site-header__account-slot'));
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile menu' });
      await menu.waitFor();
      await expect(menu.getByText(role === 'admin' ? 'Hi, Meera' : 'Hi, Asha').isVisible()).resolves.toBe(true);
      const account = await menu.locator('.mobile-menu__group').nth(1).locator('a, button').allInnerTexts();
      expect(account.map((t) => t.trim())).toEqual(
        role === 'admin'
          ? ['My Profile', 'My Subscriptions', 'Order History', 'My Deliveries', 'My Messages', 'Admin Dashboard', 'Logout']
          : ['My Profile', 'My Subscriptions', 'Order History', 'My Deliveries', 'My Messages', 'Logout'],
      );
      await expect(menu.getByRole('link', { name: 'Login / Register' }).count()).resolves.toBe(0);
      await expect(menu.getByRole('link', { name: 'My Subscriptions' }).getAttribute('href')).resolves.toBe('/profile?tab=subscriptions');
      await expect(menu.getByRole('link', { name: 'Order History' }).getAttribute('href')).resolves.toBe('/profile?tab=orders');
      await page.context().close();
    }
  });

  it('if the first page cannot load, the shop shows Loading Error with Refresh Page', async () => {
    const page = await shop.newPage();
    await page.route(/\/assets\/home-[\w-]+\.js$/, (r) => r.abort());
    await page.goto('/');
    await page.getByRole('heading', { name: 'Loading Error' }).waitFor();
    await expect(page.getByRole('button', { name: 'Refresh Page' }).isVisible()).resolves.toBe(true);
    // Refresh Page reloads; with the network back the shop starts.
    await page.unroute(/\/assets\/home-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await page.locator('#hero-title').waitFor();
  });

  it('a failure after start shows Something went wrong with Refresh Page', async () => {
    const page = await shop.newPage();
    await page.route(/\/assets\/about-[\w-]+\.js$/, (r) => r.abort());
    await page.goto('/');
    await page.locator('#hero-title').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await expect(page.getByRole('button', { name: 'Refresh Page' }).isVisible()).resolves.toBe(true);
  });

  it('network-type failures and benign rejections are silently ignored; real errors still surface', async () => {
    const page = await shop.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/');
    await page.locator('#hero-title').waitFor();
    const defaultPrevented = await page.evaluate(async () => {
      const seen: Record<string, boolean> = {};
      window.addEventListener('unhandledrejection', (e) => (seen[String((e.reason as Error)?.message ?? e.reason)] = e.defaultPrevented));
      const reasons = [new TypeError('Load failed'), new Error('WebSocket connection to wss://x failed'), new TypeError('Failed to fetch'), new Error('connection reset'), new Error('Cannot read properties of undefined')];
      // Resolved once all five rejections have been reported (the event comes after this task).
      const reported = new Promise<void>((r) => window.addEventListener('unhandledrejection', () => Object.keys(seen).length === reasons.length && r()));
      for (const reason of reasons) void Promise.reject(reason);
      await reported;
      // A broken image is a resource error: no noise either.
      const img = document.createElement('img');
      img.src = '/does-not-exist.png';
      document.body.append(img);
      await new Promise((r) => (img.onerror = r));
      return seen;
    });
    expect(defaultPrevented).toEqual({
      'Load failed': true,
      'WebSocket connection to wss://x failed': true,
      'Failed to fetch': true,
      'connection reset': true,
      'Cannot read properties of undefined': false,
    });
    // The app is still up.
    await expect(page.locator('#hero-title').isVisible()).resolves.toBe(true);
  });

  it('prefetches later pages after 0.8 s, 2.3 s and 3.8 s, after the first load and without navigation', { timeout: 180_000 }, async () => {
    const page = await shop.newPage();
    const seen: { path: string; at: number }[] = [];
    let loadAt = 0;
    page.on('load', () => (loadAt = Date.now()));
    page.on('request', (r) => seen.push({ path: new URL(r.url()).pathname, at: Date.now() }));
    await page.goto('/');
    const first = (re: RegExp) => seen.find((s) => re.test(s.path));
    // Route chunks are <name>-<8 character hash>.js (cart-store-…, auth-context-… are other modules).
    const batches = [
      [/\/assets\/signature-shakes-[\w-]{8}\.js$/, /\/assets\/custom-shake-[\w-]{8}\.js$/],
      [/\/assets\/cart-[\w-]{8}\.js$/, /\/assets\/auth-[\w-]{8}\.js$/],
      [/\/assets\/subscriptions-[\w-]{8}\.js$/, /\/assets\/about-[\w-]{8}\.js$/],
    ];
    // Until the last batch has been asked for (the app itself starts after the hero has painted, and
    // a loaded machine can take seconds more); when each one was asked for is checked below.
    await expect.poll(() => batches.flat().every((re) => first(re)), { timeout: 60_000 }).toBe(true);
    const delays = [800, 2300, 3800];
    batches.forEach((batch, i) => {
      for (const re of batch) {
        const hit = first(re);
        expect(hit, `${re} prefetched`).toBeTruthy();
        expect(hit!.at - loadAt, `${re} not before ${delays[i]} ms after load`).toBeGreaterThanOrEqual(delays[i]! - 100);
      }
    });
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('toasts: one at a time, removed 3 s after closing', async () => {
    const page = await shop.newPage();
    // The page's own timers run on Playwright's clock: the test moves time instead of waiting for it.
    await page.clock.install();
    await page.goto('/');
    const cards = page.locator('[data-testid="shake-card"]');
    await cards.first().waitFor();
    // From here the page's time stands still unless the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await cards.nth(0).getByRole('button', { name: 'Add to Cart' }).click();
    await cards.nth(1).getByRole('button', { name: 'Add to Cart' }).click();
    const toasts = page.locator('.toast');
    await expect.poll(() => toasts.first().innerText()).toContain('Added to cart');
    await expect(toasts.count()).resolves.toBe(1);
    // Announced once: the toast is a live region (status), the region around it is not another one.
    const live = await page.evaluate(
      () => [...document.querySelectorAll('[role="alert"], [role="status"], [aria-live]')].filter((el) => el.textContent?.includes('Added to cart')).length,
    );
    expect(live).toBe(1);
    await toasts.first().getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(() => toasts.first().getAttribute('data-state')).toBe('closed');
    await page.clock.runFor(2900);
    await expect(toasts.count()).resolves.toBe(1);
    await page.clock.runFor(200);
    await expect.poll(() => toasts.count()).toBe(0);
    await page.close();
  });
});
