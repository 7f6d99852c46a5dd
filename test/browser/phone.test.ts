import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, startShop, type ShopUnderTest } from '../helpers/browser';
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
describe.skipIf(!hasBrowser)('the phone: notifications', () => {
  let shop: ShopUnderTest;
  let pushService: FakePushService;
  let fixtures: Shop;
  beforeAll(async () => {
    pushService = await startFakePushService();
    shop = await startShop({ config: { WEBHOOKS_ALLOW_LOOPBACK: true } });
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
    const context = await shop.newContext(PHONE);
    await context.grantPermissions(['notifications'], { origin: shop.baseUrl });
    await context.addInitScript(
      ({ token, sub }: { token: string; sub: BrowserSubscription }) => {
        localStorage.setItem('access_token', token);
        localStorage.setItem('expires_at', String(Date.now() + 10 * 60_000));
        // The browser's push service, played by the fake: the subscription it hands out (see above),
        // kept across pages as the browser keeps it.
        const made = {
          endpoint: sub.endpoint,
          expirationTime: null,
          toJSON: () => sub,
          unsubscribe: async () => (localStorage.removeItem('test-push'), true),
        } as unknown as PushSubscription;
        PushManager.prototype.subscribe = async function () {
          localStorage.setItem('test-push', '1');
          return made;
        };
        PushManager.prototype.getSubscription = async function () {
          return localStorage.getItem('test-push') ? made : null;
        };
      },
      { token: auth.replace(/^Bearer /, ''), sub },
    );
    const page = await shop.newPage({ context });
    await page.goto(`/order/${order.id}`);
    const offer = page.getByTestId('push-offer');
    await offer.getByRole('button', { name: 'Turn on' }).waitFor();
    await shop.screenshot(page, 'phone-push-offer-375', { fullPage: false });
    await offer.getByRole('button', { name: 'Turn on' }).click();
    await offer.getByText('We will tell you on this device when it is on its way.').waitFor();
    await shop.screenshot(page, 'phone-push-offer-on-375', { fullPage: false });
    // The shop's worker is what shows the notifications.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL)).toMatch(/\/push-worker\.js$/);

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
    const wide = await shop.newContext();
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
});
