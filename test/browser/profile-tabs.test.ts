import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, startShop, type ShopUnderTest } from '../helpers/browser';
import { createUser } from '../helpers/factories';
import { notify } from '../../server/domains/notifications/notify.service';

describe.skipIf(!hasBrowser)('profile tabs: My shakes and Favourites', () => {
  let shop: ShopUnderTest;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('shows a saved recipe under My shakes and a favourite under Favourites', async () => {
    const user = await createUser(shop.deps.db, { name: 'Meera Iyer' });
    const auth = await shop.bearer(user);
    const ingredients = (await shop.request({ method: 'GET', url: '/api/ingredients' })).json() as { id: string; slug: string }[];
    const id = (slug: string) => ingredients.find((i) => i.slug === slug)!.id;
    const saved = await shop.request({
      method: 'POST',
      url: '/api/user/custom-shakes',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: { recipe: { name: 'Morning Green', size: 'regular', baseId: id('oat-milk'), addIns: [{ ingredientId: id('spinach'), portions: 1 }, { ingredientId: id('banana'), portions: 1 }] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shake = (await shop.request({ method: 'GET', url: '/api/shakes/berry-bliss' })).json();
    const fav = await shop.request({ method: 'POST', url: '/api/user/favorites', headers: { authorization: auth, 'content-type': 'application/json' }, payload: { shakeId: shake.id } });
    expect(fav.statusCode, fav.body).toBe(200);

    for (const viewport of [undefined, PHONE]) {
      const context = await shop.newContext(viewport);
      const token = auth.replace(/^Bearer /, '');
      await context.addInitScript((t) => {
        localStorage.setItem('access_token', t);
        localStorage.setItem('expires_at', String(Date.now() + 10 * 60_000));
      }, token);
      const page = await shop.newPage({ context });
      await page.goto('/profile?tab=shakes');
      await expect(page.getByText('Morning Green').first().waitFor()).resolves.toBeUndefined();
      await shop.screenshot(page, `profile-my-shakes-${viewport ? 375 : 1280}`);
      await page.getByRole('link', { name: 'Favourites' }).click();
      await expect(page.getByText('Berry Bliss').first().waitFor()).resolves.toBeUndefined();
      await shop.screenshot(page, `profile-favourites-${viewport ? 375 : 1280}`);
      await context.close();
    }
  });
  it('the messages tab and the header badge: unread count, each delivery in words, Mark all as read clears the badge (375 and 1280 px)', async () => {
    for (const viewport of [undefined, PHONE]) {
      const user = await createUser(shop.deps.db, { name: 'Priya Sharma' });
      const orderId = '00000000-0000-4000-8000-000000000001';
      await shop.deps.db.transaction().execute(async (trx) => {
        await notify(shop.deps, trx, { userId: user.id }, 'not_covered', { date: '2026-12-10', day: 'Thu, 10 Dec', reason: 'Your wallet has ₹1,000 and Thu, 10 Dec\'s delivery costs ₹1,027: ₹27 short. Top up by 9:00 pm so it is placed.', path: '/deliveries?date=2026-12-10' });
        await notify(shop.deps, trx, { userId: user.id }, 'delivery_moved', { orderId, number: 'HS-1042', when: 'Fri, 11 Dec 2026, 7:00–9:00 am' });
      });
      const context = await shop.newContext(viewport);
      const token = (await shop.bearer(user)).replace(/^Bearer /, '');
      await context.addInitScript((t) => {
        localStorage.setItem('access_token', t);
        localStorage.setItem('expires_at', String(Date.now() + 10 * 60_000));
      }, token);
      const page = await shop.newPage({ context });
      await page.goto('/');
      const badge = page.getByTestId('messages-badge');
      await page.getByRole('link', { name: 'Messages, 2 unread' }).waitFor();
      await shop.screenshot(page, `header-messages-badge-${viewport ? 375 : 1280}`);
      await badge.click();
      await page.getByTestId('messages-tab').waitFor();
      const rows = page.getByTestId('message');
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toMatch(/Order HS-1042: new delivery time/);
      expect(await rows.nth(1).textContent()).toMatch(/Thu, 10 Dec's delivery is not covered yet.*₹27 short/);
      expect(await rows.nth(0).getAttribute('data-unread')).toBe('true');
      // Each delivery in words: this server has no mail provider, so the e-mail was written to its log only.
      expect(await rows.nth(0).getByTestId('message-delivery').textContent()).toMatch(/^E-mail to \w\w•••@example\.in: not sent: this server has no provider for it$|^E-mail to \w\w•••@example\.in: waiting to be sent$/);
      await shop.screenshot(page, `profile-messages-${viewport ? 375 : 1280}`);
      await page.getByTestId('messages-read-all').click();
      await expect.poll(() => badge.getAttribute('aria-label')).toBe('Messages'); // the header's link, no unread count
      await page.locator('[data-testid="message"][data-unread]').first().waitFor({ state: 'detached' });
      await context.close();
    }
  });
});
