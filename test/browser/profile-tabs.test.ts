import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, startShop, type ShopUnderTest } from '../helpers/browser';
import { createUser } from '../helpers/factories';

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
});
