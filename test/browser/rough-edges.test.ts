import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, signedInContext, startShop, type ShopUnderTest } from '../helpers/browser';
import { addAddress, loadShop, orderBody, place, type Customer, type Shop } from '../integration/orders-fixtures';

/** Issue 15: the rough edges a shopper hit, each shown fixed in a real browser. */
describe.skipIf(!hasBrowser)('rough edges of the storefront', () => {
  let shop: ShopUnderTest;
  let catalogue: Shop;
  let customer: Customer;
  const password = 'Curry-Leaf-Garden-77';

  beforeAll(async () => {
    shop = await startShop();
    catalogue = await loadShop(shop);
    const email = 'isha.edges@example.in';
    const up = await shop.request({ method: 'POST', url: '/api/auth/signup', payload: { email, password, username: 'isha_edges', name: 'Isha Nair', mobile: '9876512345' } });
    expect(up.statusCode, up.body).toBeLessThan(300);
    const signin = (await shop.request({ method: 'POST', url: '/api/auth/signin', payload: { email, password } })).json();
    customer = { user: { id: signin.user.id, email, role: 'customer', name: 'Isha Nair' }, auth: `Bearer ${signin.access_token}`, addressId: '' };
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('sign-up states the password rule once: the error replaces the hint', async () => {
    const page = await shop.newPage();
    await page.goto('/auth?mode=register');
    const field = page.locator('.field', { has: page.getByLabel('Password', { exact: true }) });
    // The form renders after the auth page's chunk loads: wait for the hint before counting it.
    await field.locator('.field__hint').first().waitFor();
    expect(await field.locator('.field__hint').count()).toBe(1);
    await page.getByLabel('Full name').fill('Tara Das');
    await page.getByLabel('E-mail').fill('tara.edges@example.in');
    await page.getByLabel('Username').fill('tara_edges');
    await page.getByLabel('Mobile').fill('9876500000');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('I have read the notice and agree', { exact: false }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await field.locator('.field__error').waitFor();
    expect(await field.locator('.field__error').textContent()).toBe('Use at least 8 characters.');
    expect(await field.locator('.field__hint').count()).toBe(0);
    await page.context().close();
  });

  it('checkout fills the mobile number from the account and shows no grey sample number', async () => {
    const ctx = await signedInContext(shop, customer.user.email, password);
    const page = await shop.newPage({ context: ctx });
    await page.addInitScript((id: string) => {
      if (!localStorage.getItem('cart')) localStorage.setItem('cart', JSON.stringify([{ id, type: 'signature', name: 'Green Glow', price: 24900, image: '', quantity: 1, isFreeUnit: false, freeUnitPrice: 0 }]));
    }, catalogue.shakes[0]!.id);
    await page.goto('/payment');
    const mobile = page.getByLabel('Mobile number');
    await mobile.waitFor();
    await expect.poll(() => mobile.inputValue()).toBe('+91 98765 12345');
    expect(await mobile.getAttribute('placeholder')).toBeNull();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Isha Nair');
    await ctx.close();
  });

  it('the open mobile menu is not covered by the order banner: Logout can be reached', async () => {
    customer.addressId = await addAddress(shop.deps.db, customer.user.id, '560038');
    const res = await place(shop, customer, orderBody(catalogue, customer));
    expect(res.statusCode, res.body).toBe(200);
    const ctx = await signedInContext(shop, customer.user.email, password, PHONE);
    const page = await shop.newPage({ context: ctx });
    await page.goto('/');
    await page.getByTestId('active-order-banner').waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const logout = page.getByRole('button', { name: 'Logout' });
    await logout.waitFor();
    await logout.scrollIntoViewIfNeeded();
    // What a finger on Logout touches is Logout itself, not the banner.
    const onTop = await logout.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && el.contains(hit);
    });
    expect(onTop).toBe(true);
    expect(await page.getByTestId('active-order-banner').isVisible()).toBe(false);
    await shop.screenshot(page, 'mobile-menu-order-375', { fullPage: false });
    // Tab stays in the open menu (its items and the toggle that closes it); Escape returns focus to the toggle.
    await page.getByRole('button', { name: 'Close menu' }).focus();
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      const inMenu = await page.evaluate(() => {
        const a = document.activeElement;
        return !!a && (!!a.closest('.mobile-menu') || a.classList.contains('menu-toggle'));
      });
      expect(inMenu, `focus left the menu after ${i + 1} presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    // Closing the menu brings the banner back.
    await expect.poll(() => page.getByTestId('active-order-banner').isVisible()).toBe(true);
    await ctx.close();
  });
});
