import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hasBrowser, PHONE, signedInContext, startShop, type ShopUnderTest } from '../helpers/browser';
import { addAddress, loadShop, place, type Customer, type Shop } from '../integration/orders-fixtures';
import { uniqueMobile } from '../helpers/factories';

/** Issue 20, items 9–15: what shoppers and the owner hit, in a real browser against the real server. */
describe.skipIf(!hasBrowser)('issue 20 in the browser', () => {
  let shop: ShopUnderTest;
  let catalogue: Shop;
  const password = 'Neem-Leaf-Terrace-58';

  async function signUp(email: string, username: string, role: 'customer' | 'admin' = 'customer'): Promise<Customer> {
    const up = await shop.request({ method: 'POST', url: '/api/auth/signup', payload: { email, password, username, name: 'Kavya Iyer', mobile: uniqueMobile() } });
    expect(up.statusCode, up.body).toBeLessThan(300);
    if (role === 'admin') await shop.deps.db.updateTable('users').set({ role: 'admin' }).where('email', '=', email).execute();
    const s = (await shop.request({ method: 'POST', url: '/api/auth/signin', payload: { email, password } })).json();
    const addressId = await addAddress(shop.deps.db, s.user.id, '560038');
    return { user: { id: s.user.id, email, role, name: 'Kavya Iyer' }, auth: `Bearer ${s.access_token}`, addressId };
  }

  beforeAll(async () => {
    shop = await startShop();
    catalogue = await loadShop(shop);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  it('item 9: an abandoned payment is offered on /cart: pay it or cancel it, and its shakes come back', async () => {
    const c = await signUp('kavya.unpaid@example.in', 'kavya_unpaid');
    const protein = catalogue.shakes.find((s) => s.price === 32_900)!;
    const placed = await place(shop, c, {
      lines: [{ id: protein.id, type: 'signature', quantity: 2 }],
      addressId: c.addressId,
      slotId: catalogue.slotId,
      date: catalogue.date,
      paymentMethod: 'razorpay',
      couponCode: 'WELCOME50',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const number = placed.json().order.number as string;

    for (const viewport of [DESKTOP, PHONE]) {
      const ctx = await signedInContext(shop, c.user.email, password, viewport);
      const page = await shop.newPage({ context: ctx });
      await page.goto('/cart');
      const notice = page.getByTestId('unpaid-order');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(`Order ${number} is waiting for payment`);
      expect(await page.getByTestId('unpaid-pay').getAttribute('href')).toBe(`/payment?order=${placed.json().order.id}`);
      await shop.screenshot(page, `shop-unpaid-cart-${viewport.width}`);
      await ctx.close();
    }

    const ctx = await signedInContext(shop, c.user.email, password);
    const page = await shop.newPage({ context: ctx });
    await page.goto('/payment');
    await page.getByTestId('unpaid-order').waitFor();
    await page.getByTestId('unpaid-cancel').click();
    await expect.poll(() => page.getByTestId('unpaid-order').count()).toBe(0);
    // The shakes are back in the cart and WELCOME50 applies again.
    await page.goto('/cart');
    await expect.poll(() => page.locator('[data-page="cart"]').textContent()).toContain(protein.name);
    const status = (await shop.request({ method: 'GET', url: `/api/orders/${placed.json().order.id}`, headers: { authorization: c.auth } })).json();
    expect(status.status).toBe('cancelled');
    await ctx.close();
  });

  it('item 14: the menu counts its recipes, the plans say what the free shakes are worth', async () => {
    // The owner adds a ninth shake (the issue saw "Eight recipes" above 9 shakes).
    const owner = await signUp('anil.owner@hydroshakes.in', 'anil_owner', 'admin');
    const ownerAuth = (await shop.request({ method: 'POST', url: '/api/auth/signin', payload: { email: owner.user.email, password } })).json();
    const added = await shop.request({
      method: 'POST',
      url: '/api/admin/shakes',
      headers: { authorization: `Bearer ${ownerAuth.access_token}` },
      payload: {
        slug: 'kokum-cooler',
        name: 'Kokum Cooler',
        price: 21_900,
        image: '/images/shakes/placeholder.svg',
        description: 'Kokum, coconut water and mint.',
        calories: 120,
        protein: 2,
        carbs: 24,
        fat: 1,
        fibre: 2,
        sugar: 18,
        ingredients: ['Kokum', 'Coconut water', 'Mint'],
        allergens: [],
        vegan: true,
        tags: [],
        active: true,
        inStock: true,
        sortOrder: 95,
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const menu = (await shop.request({ method: 'GET', url: '/api/shakes/signature' })).json() as unknown[];
    expect(menu).toHaveLength(9);
    const page = await shop.newPage();
    await page.goto('/signature-shakes');
    const lead = page.locator('.catalogue__header .lead');
    await expect.poll(() => lead.textContent()).toMatch(/^Nine recipes balanced/);
    await shop.screenshot(page, 'shop-signature-shakes-1280');
    await page.goto('/subscriptions');
    const value = page.getByTestId('plan-value');
    await value.first().waitFor();
    const lines = await value.allTextContents();
    expect(lines).toContain('12 free shakes (one per order) worth ₹199–₹349 each on the menu: ₹2,388–₹4,188 of shakes for ₹2,399.');
    expect((await page.locator('main').textContent()) ?? '').not.toContain('per free shake');
    await shop.screenshot(page, 'shop-subscriptions-1280');
    const phone = await shop.newPage({ viewport: PHONE });
    await phone.goto('/subscriptions');
    await phone.getByTestId('plan-value').first().waitFor();
    await shop.screenshot(phone, 'shop-subscriptions-375');
    await page.context().close();
    await phone.context().close();
  });

  it('item 15: the admin signing in at /admin/login lands on /admin', async () => {
    await signUp('meera.admin@hydroshakes.in', 'meera_admin', 'admin');
    const page = await shop.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill('meera.admin@hydroshakes.in');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in to admin' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    // And it stays there (nothing sends the admin on to the shop's home).
    await page.locator('#admin-sidebar').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.context().close();
  });

  it('item 15 (phone): a toast never covers Add to Cart; a guest heart says one thing; admin orders show Status at 375 px', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await page.goto('/signature-shakes/green-glow');
    const add = page.getByRole('button', { name: /^Add to Cart/ });
    await add.waitFor();
    await add.click();
    const toastBox = page.locator('.toast').first();
    await toastBox.waitFor();
    const [a, b] = [await add.boundingBox(), await toastBox.boundingBox()];
    const overlap = !!a && !!b && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `toast ${JSON.stringify(b)} over the button ${JSON.stringify(a)}`).toBe(false);
    await shop.screenshot(page, 'shop-toast-shake-375');

    await page.goto('/signature-shakes');
    await expect.poll(() => page.locator('.toast').count()).toBe(0);
    await page.getByTestId('favorite-button').first().click();
    await page.locator('.favorite__invite').first().waitFor();
    // One message: the invite beside the heart, no toast repeating it.
    expect(await page.locator('.toast').count()).toBe(0);
    await page.context().close();

    await signUp('ravi.desk@hydroshakes.in', 'ravi_desk', 'admin');
    const ctx = await signedInContext(shop, 'ravi.desk@hydroshakes.in', password, PHONE);
    const admin = await shop.newPage({ context: ctx });
    await admin.goto('/admin/orders');
    await admin.getByTestId('admin-order-row').first().waitFor();
    const status = admin.getByRole('columnheader', { name: 'Status' });
    const box = await status.boundingBox();
    expect(box && box.x + box.width <= PHONE.width, `Status header at ${JSON.stringify(box)}`).toBe(true);
    await shop.screenshot(admin, 'shop-admin-orders-375');
    await ctx.close();
  });
});
