import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasBrowser, PHONE, startShop, type ShopUnderTest } from '../helpers/browser';
import { kickWhatsApp } from '../../server/lib/whatsapp';

/**
 * PRODUCT.md §18 on a 375 px phone, as a new shopper would: sign in with a mobile number (the code read
 * from the SMS outbox, as on a machine without MSG91 keys), say their name, then keep addresses in the
 * profile — add one, add one we do not deliver to (saved, never default), make another the default,
 * delete one; choose per kind of message how it comes (the matrix); and, as a guest at checkout, sign in
 * with a number there and place the order with the cart kept.
 */
describe.skipIf(!hasBrowser)('a phone shopper: mobile sign-in and the address book', () => {
  let shop: ShopUnderTest;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  const visible = (l: ReturnType<Page['locator']>) => l.first().waitFor({ state: 'visible' });

  /** The code of the latest text to a number, from the outbox (waits for it to be written). */
  async function codeFor(mobile: string): Promise<string> {
    let code: string | undefined;
    await expect
      .poll(async () => {
        const row = await shop.deps.db
          .selectFrom('sms_outbox')
          .select('text')
          .where('to_mobile', '=', `+91${mobile}`)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        code = row ? /^(\d{6})/.exec(row.text)?.[1] : undefined;
        return code;
      })
      .toMatch(/^\d{6}$/);
    return code!;
  }

  it('signs in with a number and a code, asks the name, and manages addresses in the profile', async () => {
    const mobile = `9${String(Date.now()).slice(-9)}`;
    const page = await shop.newPage({ viewport: PHONE });
    await page.goto('/auth');
    await visible(page.getByLabel('Mobile number'));
    await shop.screenshot(page, 'mobile-auth-375');

    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send code' }).click();
    await visible(page.getByText(/We have sent a 6-digit code to \+91/));
    await visible(page.getByRole('button', { name: /Send a new code in \d+ s/ }));
    const code = await codeFor(mobile);
    await shop.screenshot(page, 'mobile-code-375');

    // A wrong code first: the server's sentence beside the field.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await visible(page.getByText('That code is not right. 2 more tries, then ask for a new code.'));
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify and continue' }).click();

    // A new number: signed in, the name asked before leaving /auth.
    await visible(page.getByRole('heading', { name: 'What should we call you?' }));
    await shop.screenshot(page, 'mobile-name-375');
    await page.getByLabel('Full name').fill('Divya Menon');
    await page.getByLabel('I have read the notice and agree', { exact: false }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const user = await shop.deps.db.selectFrom('users').select(['name', 'email', 'mobile_verified_at']).where('mobile', '=', `+91${mobile}`).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Divya Menon', email: null });
    expect(user.mobile_verified_at).not.toBeNull();

    // The profile: the number is verified; the address book is its own tab.
    await page.goto('/profile');
    await visible(page.getByText('Mobile verified'));
    await shop.screenshot(page, 'mobile-profile-375');
    await page.goto('/profile?tab=addresses');
    await visible(page.getByText('Where should we deliver?'));
    // Name and number come from the account.
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Divya Menon');
    await expect.poll(() => page.getByLabel('Mobile number').inputValue()).toBe(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await page.getByLabel('Flat, house, building').fill('12 Lake View Apartments');
    await page.getByLabel('PIN code').fill('560038');
    await visible(page.getByText(/We deliver to/));
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByRole('button', { name: 'Save address' }).click();
    const book = page.getByRole('list', { name: 'Saved addresses' });
    await visible(book);
    await visible(book.getByText('Default'));

    // One we do not deliver to: saved, not the default, and never offered as one.
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.getByLabel('Flat, house, building').fill('7 Hauz Khas');
    await page.getByLabel('PIN code').fill('110016');
    await visible(page.getByText("We don't deliver to 110016 yet"));
    await page.getByLabel('City').fill('New Delhi');
    await page.getByLabel('State').selectOption('Delhi');
    await page.getByRole('button', { name: 'Save address' }).click();
    await visible(page.getByTestId('address-out-of-area'));
    expect(await page.getByRole('button', { name: 'Make 7 Hauz Khas the default address' }).count()).toBe(0);

    // A second address we deliver to, then made the default from the list.
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.getByLabel('Flat, house, building').fill('3 Indiranagar Main');
    await page.getByLabel('PIN code').fill('560038');
    await visible(page.getByText(/We deliver to/));
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('button', { name: 'Make 3 Indiranagar Main the default address' }).click();
    await expect
      .poll(async () =>
        (await shop.deps.db.selectFrom('addresses').innerJoin('users', 'users.id', 'addresses.user_id').select(['line1', 'is_default']).where('users.mobile', '=', `+91${mobile}`).orderBy('line1').execute()).map(
          (a) => `${a.line1}:${a.is_default}`,
        ),
      )
      .toEqual(['12 Lake View Apartments:false', '3 Indiranagar Main:true', '7 Hauz Khas:false']);
    await shop.screenshot(page, 'mobile-addresses-375');

    // Delete one.
    page.once('dialog', (d) => void d.accept());
    const lake = book.getByRole('listitem').filter({ hasText: '12 Lake View Apartments' });
    await lake.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => book.getByRole('listitem').count()).toBe(2);

    // A first e-mail for the account: saved once the link in it is opened (read from the outbox).
    const email = `divya.${mobile}@example.in`;
    await page.goto('/profile');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await visible(page.getByText(`We have sent a link to ${email}.`, { exact: false }));
    let link = '';
    await expect
      .poll(async () => {
        const mail = await shop.deps.db.selectFrom('mail_outbox').select('text').where('to_email', '=', email).where('template', '=', 'verify-email').executeTakeFirst();
        link = /https?:\/\/\S+verify_email=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .toContain('/auth?verify_email=hsv_');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await visible(page.getByRole('heading', { name: 'E-mail confirmed' }));
    await shop.screenshot(page, 'mobile-email-confirmed-375');
    await page.getByRole('link', { name: 'Go to my profile' }).click();
    await visible(page.getByText('E-mail verified'));
    await expect(page.getByLabel('E-mail', { exact: true }).inputValue()).resolves.toBe(email);
    await shop.screenshot(page, 'mobile-profile-verified-375');

    // Checkout: the WhatsApp box under the address (the number is verified), ticked; a COD order.
    await page.goto('/');
    const card = page.getByTestId('shake-card').first();
    await card.waitFor();
    await card.getByRole('button', { name: /Add to Cart/ }).click();
    await expect.poll(() => page.getByTestId('cart-count').first().textContent()).toBe('1');
    await page.goto('/payment');
    await page.getByRole('radiogroup', { name: 'Saved addresses' }).getByRole('radio', { checked: true }).first().waitFor();
    const box = page.getByTestId('whatsapp-opt-in');
    await box.waitFor({ state: 'attached' });
    await visible(page.getByText(`To +91 ${mobile.slice(0, 5)} ${mobile.slice(5)}: confirmed, on its way with the delivery code, delivered.`));
    await page.getByText('Send my order updates on WhatsApp').click();
    await expect.poll(() => box.isChecked()).toBe(true);
    const slot = page.getByRole('radiogroup', { name: 'Delivery time' }).getByRole('radio').and(page.locator(':not([disabled])')).first();
    await slot.click();
    await page.getByTestId('method-cod').click();
    await page.getByTestId('whatsapp-opt-in').scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'mobile-checkout-whatsapp-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('pay').click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}\?placed=1$/);
    await page.getByTestId('order-confirmed').waitFor();
    // Opted in with the time; the confirmation is in the WhatsApp outbox (no keys here: logged, kept).
    const opted = await shop.deps.db.selectFrom('users').select(['id', 'whatsapp_opt_in_at']).where('mobile', '=', `+91${mobile}`).executeTakeFirstOrThrow();
    expect(opted.whatsapp_opt_in_at).not.toBeNull();
    // The worker's tick (jobs are off in tests): without keys the message is logged and kept.
    await kickWhatsApp(shop.deps);
    await expect
      .poll(async () =>
        (await shop.deps.db.selectFrom('whatsapp_outbox').select(['template', 'to_mobile', 'status']).where('user_id', '=', opted.id).execute()).map((r) => `${r.template}:${r.to_mobile}:${r.status}`),
      )
      .toEqual([`order_confirmed:+91${mobile}:logged`]);

    // The profile's switches say so.
    await page.goto('/profile');
    const prefs = page.getByTestId('notification-preferences');
    await visible(prefs.getByText(/on since/));
    expect(await page.getByTestId('notify-whatsapp').isChecked()).toBe(true);
    await prefs.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'mobile-notifications-375');

    // The matrix (decision 183): "Delivered" off on WhatsApp, "Standing deliveries" off by e-mail; the
    // receipt's e-mail box cannot be turned off. What the table holds is what was clicked.
    const matrix = page.getByTestId('notify-matrix');
    await visible(matrix);
    expect(await page.getByTestId('notify-order_confirmed-email').isDisabled()).toBe(true);
    expect(await page.getByTestId('notify-order_confirmed-email').isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Delivered: WhatsApp' }).click();
    await expect.poll(() => page.getByTestId('notify-delivered-whatsapp').isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'Standing deliveries: E-mail' }).click();
    await expect.poll(() => page.getByTestId('notify-deliveries-email').isChecked()).toBe(false);
    await expect
      .poll(async () =>
        (await shop.deps.db.selectFrom('notification_preferences').select(['kind', 'email', 'whatsapp', 'sms']).where('user_id', '=', opted.id).orderBy('kind').execute()).map(
          (r) => `${r.kind}:${r.email}/${r.whatsapp}/${r.sms}`,
        ),
      )
      .toEqual(['delivered:true/false/true', 'deliveries:false/true/true']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await matrix.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'mobile-notify-matrix-375');
    await shop.screenshot(prefs, 'mobile-notify-card-375');
    await page.setViewportSize(DESKTOP);
    await prefs.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'mobile-notify-matrix-1280');
    await shop.screenshot(prefs, 'mobile-notify-card-1280');
    await page.context().close();
  });

  it("checkout's guest step: signs in with a number and a code, keeps the cart, asks the name and places the order", async () => {
    const mobile = `8${String(Date.now()).slice(-9)}`;
    const page = await shop.newPage({ viewport: PHONE });
    await page.goto('/');
    const card = page.getByTestId('shake-card').first();
    await card.waitFor();
    const shake = (await card.locator('.shake-card__name').textContent())!.trim();
    await card.getByRole('button', { name: /Add to Cart/ }).click();
    await expect.poll(() => page.getByTestId('cart-count').first().textContent()).toBe('1');
    await page.goto('/payment');
    const panel = page.getByTestId('checkout-sign-in');
    await visible(panel.getByLabel('Mobile number'));
    await visible(page.getByTestId('checkout-review').getByText(shake));
    await shop.screenshot(page, 'mobile-checkout-guest-375');
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    await panel.getByLabel('Mobile number').fill(mobile);
    await panel.getByRole('button', { name: 'Send code' }).click();
    await panel.getByLabel('6-digit code').fill(await codeFor(mobile));
    await panel.getByRole('button', { name: 'Verify and continue' }).click();

    // Signed in on the same page: the name first, the cart kept.
    const name = page.getByTestId('checkout-name');
    await visible(name);
    expect(await page.getByTestId('checkout-sign-in').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await shop.screenshot(page, 'mobile-checkout-name-375');
    await name.getByLabel('Full name').fill('Kiran Shetty');
    await name.getByLabel('I have read the notice and agree', { exact: false }).check();
    await name.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByTestId('checkout-name').count()).toBe(0);
    await visible(page.getByTestId('checkout-review').getByText(shake));

    // A first address, a slot, cash on delivery.
    await page.getByLabel('Flat, house, building').fill('21 MG Road');
    await page.getByLabel('PIN code').fill('560038');
    await visible(page.getByText(/We deliver to/));
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').selectOption('Karnataka');
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Kiran Shetty');
    await page.getByRole('button', { name: /Save address|Use this address|Deliver here/ }).first().click();
    await page.getByRole('radiogroup', { name: 'Saved addresses' }).getByRole('radio', { checked: true }).first().waitFor();
    const slot = page.getByRole('radiogroup', { name: 'Delivery time' }).getByRole('radio').and(page.locator(':not([disabled])')).first();
    await slot.click();
    await page.getByTestId('method-cod').click();
    await page.getByTestId('pay').click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}\?placed=1$/);
    await page.getByTestId('order-confirmed').waitFor();
    const placed = await shop.deps.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(['users.name', 'users.mobile_verified_at', 'orders.contact_name'])
      .where('users.mobile', '=', `+91${mobile}`)
      .execute();
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ name: 'Kiran Shetty', contact_name: 'Kiran Shetty' });
    expect(placed[0]!.mobile_verified_at).not.toBeNull();
    await page.context().close();
  });
});
