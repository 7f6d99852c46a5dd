import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CHROMIUM, DESKTOP, hasBrowser, LAUNCH_ARGS, PHONE, startShop, type ShopUnderTest } from '../helpers/browser';
import { createUser } from '../helpers/factories';
import { startFakePushService, type BrowserSubscription, type FakePushService } from '../fakes/push-server';
import { addAddress, loadShop, orderBody, place, type Shop } from '../integration/orders-fixtures';

/**
 * The phone (PRODUCT.md §22) at 375 px. Notifications: under an order still to come the customer turns
 * them on ("Tell me when it is on its way"); the page registers the shop's push worker and hands the
 * subscription to the shop; the rider picks the order up and the push service receives "on its way",
 * signed and encrypted for that subscription; the profile's switch shows it on and turns it off.
 * Chromium's own push service (FCM) is not reachable from a test machine, so the page's
 * PushManager.subscribe hands out a subscription of the local fake push service instead (the one
 * thing replaced: the worker, the permission, the API calls and the sending are the shop's own).
 */
/**
 * The browser's push service, played by the fake (runs in the page, before the app): the
 * subscription it hands out, kept across pages as the browser keeps it; unsubscribe() is recorded.
 */
function fakePushManager(sub: BrowserSubscription) {
  const made = {
    endpoint: sub.endpoint,
    expirationTime: null,
    toJSON: () => sub,
    unsubscribe: async () => (localStorage.removeItem('test-push'), localStorage.setItem('test-push-ended', '1'), true),
  } as unknown as PushSubscription;
  PushManager.prototype.subscribe = async function () {
    localStorage.setItem('test-push', '1');
    return made;
  };
  PushManager.prototype.getSubscription = async function () {
    return localStorage.getItem('test-push') ? made : null;
  };
}

describe.skipIf(!hasBrowser)('the phone: notifications', () => {
  let shop: ShopUnderTest;
  let pushService: FakePushService;
  let fixtures: Shop;
  beforeAll(async () => {
    pushService = await startFakePushService();
    // Chromium itself: the headless shell answers "denied" to the notifications permission whatever the context grants.
    shop = await startShop({ config: { WEBHOOKS_ALLOW_LOOPBACK: true }, browser: 'chromium' });
    fixtures = await loadShop(shop);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await pushService?.close();
  });

  it('turned on under an order, "on its way" arrives at the push service; the profile turns it off', async () => {
    const user = await createUser(shop.deps.db, { name: 'Kavya Menon' });
    const auth = await shop.bearer(user);
    const c = { user, auth, addressId: await addAddress(shop.deps.db, user.id, '560038') };
    const placed = await place(shop, c, orderBody(fixtures, c));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order as { id: string; number: string };

    const sub = pushService.subscribe();
    const context = await shop.newContext(PHONE, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: shop.baseUrl });
    await context.addInitScript(
      ({ token }: { token: string }) => {
        localStorage.setItem('access_token', token);
        localStorage.setItem('expires_at', String(Date.now() + 10 * 60_000));
      },
      { token: auth.replace(/^Bearer /, '') },
    );
    await context.addInitScript(fakePushManager, sub);
    const page = await shop.newPage({ context });
    await page.goto(`/order/${order.id}`);
    const offer = page.getByTestId('push-offer');
    await offer.getByRole('button', { name: 'Turn on' }).waitFor();
    await shop.screenshot(page, 'phone-push-offer-375', { fullPage: false });
    await offer.getByRole('button', { name: 'Turn on' }).click();
    await offer.getByText('We will tell you on this device when it is on its way.').waitFor();
    await shop.screenshot(page, 'phone-push-offer-on-375', { fullPage: false });
    // The shop's worker is what shows the notifications.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL)).toMatch(/\/sw\.js$/);

    const manager = await createUser(shop.deps.db, { role: 'manager' });
    const rider = await createUser(shop.deps.db, { role: 'rider' });
    const call = async (who: typeof manager, url: string, payload?: unknown) =>
      shop.request({ method: 'POST', url, headers: { authorization: await shop.bearer(who), 'content-type': 'application/json' }, payload: payload ?? {} });
    expect((await call(manager, '/api/admin/deliveries/assign', { orderIds: [order.id], riderId: rider.id })).statusCode).toBe(200);
    expect((await call(rider, `/api/rider/orders/${order.id}/picked-up`)).statusCode).toBe(200);
    await expect
      .poll(() => pushService.received.filter((p) => p.endpoint === sub.endpoint).map((p) => p.payload.title), { timeout: 15_000 })
      .toEqual([`Order ${order.number} is on its way`]);

    // The same person also has notifications on an iPhone (subscribed there).
    const other = await shop.request({
      method: 'POST',
      url: '/api/user/push-subscriptions',
      headers: { authorization: auth, 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' },
      payload: pushService.subscribe(),
    });
    expect(other.statusCode, other.body).toBe(200);

    await page.goto('/profile');
    const toggle = page.getByRole('switch', { name: 'Notifications on this device' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await page.getByTestId('push-switch').getByText('On for Chrome on Linux').waitFor();
    await page.getByTestId('push-switch').scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'phone-push-switch-375', { fullPage: false });
    await page.getByRole('button', { name: 'Turn off notifications on Safari on iPhone' }).click();
    await page.getByTestId('push-devices').waitFor({ state: 'detached' });
    // As a thumb does: on the switch's words (the input itself is drawn by its track).
    await page.getByTestId('push-switch').getByText('Notifications on this device', { exact: true }).click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    const left = await shop.request({ method: 'GET', url: '/api/user/push-subscriptions', headers: { authorization: auth } });
    expect(left.json().subscriptions).toEqual([]);
    await context.close();

    // The same card at 1280 px, for people to look at.
    const wide = await shop.newContext(DESKTOP, { serviceWorkers: 'allow' });
    await wide.addInitScript((token: string) => {
      localStorage.setItem('access_token', token);
      localStorage.setItem('expires_at', String(Date.now() + 10 * 60_000));
    }, auth.replace(/^Bearer /, ''));
    const desk = await shop.newPage({ context: wide });
    await desk.goto('/profile');
    await desk.getByTestId('push-switch').scrollIntoViewIfNeeded();
    await shop.screenshot(desk, 'phone-push-switch-1280', { fullPage: false });
    await wide.close();
  });

  it('signing out ends this device\'s notifications: gone at the shop and unsubscribed in the browser', async () => {
    const user = await createUser(shop.deps.db, { name: 'Arjun Rao' });
    const auth = await shop.bearer(user);
    const sub = pushService.subscribe();
    const context = await shop.newContext(PHONE, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: shop.baseUrl });
    await context.addInitScript(
      ({ token }: { token: string }) => {
        if (!sessionStorage.getItem('signed-in-once')) {
          sessionStorage.setItem('signed-in-once', '1');
          localStorage.setItem('access_token', token);
          localStorage.setItem('expires_at', String(Date.now() + 10 * 60_000));
        }
      },
      { token: auth.replace(/^Bearer /, '') },
    );
    await context.addInitScript(fakePushManager, sub);
    const page = await shop.newPage({ context });
    await page.goto('/profile');
    const toggle = page.getByRole('switch', { name: 'Notifications on this device' });
    await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('push-switch').getByText('Notifications on this device', { exact: true }).click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    // What the shop keeps, read from its database: signing out also ends the session this token
    // belongs to, so the API would answer 401 from then on.
    const listed = async () => (await shop.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute()).map((r) => r.endpoint);
    expect((await shop.request({ method: 'GET', url: '/api/user/push-subscriptions', headers: { authorization: auth } })).json().subscriptions).toEqual([
      expect.objectContaining({ endpoint: sub.endpoint }),
    ]);
    expect(await listed()).toEqual([sub.endpoint]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(listed).toEqual([]);
    expect(await page.evaluate(() => [localStorage.getItem('test-push'), localStorage.getItem('test-push-ended')])).toEqual([null, '1']);
    await context.close();
  });

  it('installs as an app; with the network cut a page seen before opens, another shows the offline page, and no price comes from the cache', async () => {
    // A profile on disk, as a phone's browser has: Chrome never offers to install from an incognito
    // context (which the shop's other contexts are), so its installability check would refuse there.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hydro-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: LAUNCH_ARGS,
      viewport: PHONE,
      baseURL: shop.baseUrl,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      reducedMotion: 'reduce',
    });
    onTestFinished(async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    });
    await context.addInitScript((s: { id: string; name: string; price: number }) => {
      if (!localStorage.getItem('cart'))
        localStorage.setItem('cart', JSON.stringify([{ id: s.id, type: 'signature', name: s.name, price: s.price, image: '', quantity: 1, isFreeUnit: false, freeUnitPrice: 0 }]));
    }, fixtures.shakes[0]!);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    // The shop's one worker takes the page over after load (decision 285) and keeps this page.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 }).toMatch(/\/sw\.js$/);
    await expect.poll(() => page.evaluate(async () => !!(await caches.match(location.href))), { timeout: 20_000 }).toBe(true);

    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
      return (await fetch(href)).json() as Promise<{ name: string; short_name: string; display: string; start_url: string; theme_color: string; icons: { sizes: string; purpose?: string }[] }>;
    });
    expect(manifest).toMatchObject({ short_name: 'Hydro Shakes', display: 'standalone', theme_color: '#1e6742' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    // The worker and the script it imports are checked with the server on every load: a release is never held back.
    const served = await page.evaluate(async () =>
      Promise.all(['/sw.js', '/push-worker.js'].map(async (u) => (await fetch(u, { cache: 'no-store' })).headers.get('cache-control'))),
    );
    expect(served).toEqual(['no-cache', 'no-cache']);
    // The browser's own check: what Chrome's "Install app" asks of a page.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);

    // The cart (one shake, kept on the phone), priced by the server while online.
    await page.locator('#first-view').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /cart/i }).first().click();
    await page.getByTestId('quote').waitFor();

    await context.setOffline(true);
    // Seen before: the shop itself, its header and home page, from the phone.
    await page.goto('/');
    await page.locator('.site-header').first().waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('offline-page').count()).toBe(0);
    await shop.screenshot(page, 'phone-offline-home-375', { fullPage: false });

    // The cart page was opened by a link, never loaded as a page: the offline page, not a stale price.
    await page.goto('/cart');
    await page.getByTestId('offline-page').getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.getByTestId('quote').count()).toBe(0);
    await shop.screenshot(page, 'phone-offline-page-375', { fullPage: false });

    // Back on the shop (cached), the cart's price is asked of the server: no answer, so no price.
    await page.goto('/');
    await page.locator('.site-header').first().waitFor();
    // The app has taken over from the first view's plain HTML: its links move within the page.
    await page.locator('#first-view').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /cart/i }).first().click();
    await page.getByTestId('quote-offline').getByText('You are offline', { exact: true }).waitFor();
    expect(await page.getByTestId('quote').count()).toBe(0);
    const quoted = await page.evaluate(async () =>
      fetch('/trpc/cart.quote', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }).then(
        (r) => `answered ${r.status}`,
        () => 'no answer',
      ),
    );
    expect(quoted).toBe('no answer');
    // In the shop's own look (its stylesheet and fonts come from the phone, not an unstyled page).
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(251, 250, 246)');
    await shop.screenshot(page, 'phone-offline-cart-375', { fullPage: false });

    // The offline page at 1280 px, for people to look at.
    const wide = await shop.newContext(DESKTOP, { serviceWorkers: 'allow' });
    const desk = await shop.newPage({ context: wide });
    await desk.goto('/');
    await expect.poll(() => desk.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 }).toMatch(/\/sw\.js$/);
    await wide.setOffline(true);
    await desk.goto('/subscriptions');
    await desk.getByTestId('offline-page').waitFor();
    await shop.screenshot(desk, 'phone-offline-page-1280', { fullPage: false });
    await wide.close();
  });
  it('each saved address says whether it has a pin; Add pin and Move pin open the address at its pin (375 and 1280 px)', async () => {
    const user = await createUser(shop.deps.db, { name: 'Nisha Pillai' });
    const auth = await shop.bearer(user);
    const home = await addAddress(shop.deps.db, user.id, '560038');
    await shop.deps.db.updateTable('addresses').set({ latitude: 12.9784, longitude: 77.6408 }).where('id', '=', home).execute();
    await shop.deps.db
      .insertInto('addresses')
      .values({ user_id: user.id, name: 'Nisha Pillai', phone: '+919876543211', line1: '7, Temple Street', city: 'Bengaluru', state: 'Karnataka', pincode: '560038', is_default: false })
      .execute();
    const saved = async () =>
      ((await shop.request({ method: 'GET', url: '/api/user/addresses', headers: { authorization: auth } })).json() as { line1: string; latitude: number | null; longitude: number | null }[])
        .map((a) => [a.line1, a.latitude, a.longitude])
        .sort();
    const signedIn = async (viewport: typeof PHONE) => {
      const context = await shop.newContext(viewport);
      await context.addInitScript((token: string) => {
        localStorage.setItem('access_token', token);
        localStorage.setItem('expires_at', String(Date.now() + 10 * 60_000));
      }, auth.replace(/^Bearer /, ''));
      const page = await shop.newPage({ context });
      await page.goto('/profile?tab=addresses');
      const book = page.getByTestId('profile-addresses');
      const card = (line1: string) => book.getByRole('listitem').filter({ hasText: line1 });
      const pinOf = (line1: string) => card(line1).getByTestId('address-card-pin').textContent();
      await card('Temple Street').waitFor();
      return { context, page, book, card, pinOf };
    };

    // At 1280 px, for people to look at: one card pinned, one not.
    const wide = await signedIn(DESKTOP);
    expect(await wide.pinOf('4th Cross')).toBe('Pinned on the map');
    expect(await wide.pinOf('Temple Street')).toBe('No pin yet — add one so your rider finds you');
    await shop.screenshot(wide.book, 'address-cards-pins-1280');
    await wide.context.close();

    const { context, page, book, card, pinOf } = await signedIn(PHONE);
    expect(await pinOf('4th Cross')).toBe('Pinned on the map');
    expect(await pinOf('Temple Street')).toBe('No pin yet — add one so your rider finds you');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shop.screenshot(book, 'address-cards-pins-375');

    // Add pin opens that address's form at its pin: "Use my location" has the focus, one tap from the door.
    await card('Temple Street').getByRole('button', { name: 'Add pin for 7, Temple Street' }).click();
    const form = page.getByRole('form', { name: 'Edit address' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Use my location');
    expect(await form.getByLabel('Flat, house, building').inputValue()).toBe('7, Temple Street');
    await context.setGeolocation({ latitude: 12.9716, longitude: 77.5946 });
    await context.grantPermissions(['geolocation']);
    await form.getByRole('button', { name: 'Use my location' }).click();
    await form.getByTestId('address-pin').getByText('Pin saved').waitFor();
    await form.getByTestId('address-pin').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await shop.screenshot(page, 'address-pin-added-375', { fullPage: false });
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => pinOf('Temple Street')).toBe('Pinned on the map');

    // Move pin: the same form, its "Move pin here" focused; the pin moves to where the phone stands now.
    await card('4th Cross').getByRole('button', { name: 'Move pin for 12, 4th Cross, HAL 2nd Stage' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Move pin here');
    await context.setGeolocation({ latitude: 12.96120049, longitude: 77.63870012 });
    await form.getByRole('button', { name: 'Move pin here' }).click();
    await form.getByText('12.96120, 77.63870', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await card('4th Cross').waitFor();
    expect(await saved()).toEqual([
      ['12, 4th Cross, HAL 2nd Stage', 12.9612, 77.6387],
      ['7, Temple Street', 12.9716, 77.5946],
    ]);
    await context.close();
  });
});
