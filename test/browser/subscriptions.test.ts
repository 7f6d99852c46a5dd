import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasBrowser, PHONE, startShop, type ShopUnderTest } from '../helpers/browser';
import { formatRupees } from '../../shared/rules/money';
import { addDays, istToday } from '../../shared/rules/slots';

/**
 * Issue 10's journey in test payment mode: a guest opens /subscriptions, chooses Vitality
 * Monthly, signs up, pays, sees 12 free units; the cart and checkout free the cheapest shake;
 * after the order 11 remain; the admin extends the subscription and the customer sees the new end.
 */
describe.skipIf(!hasBrowser)('subscriptions in a browser', () => {
  let shop: ShopUnderTest;
  const person = { name: 'Meera Iyer', email: 'meera.subs@example.in', username: 'meera_subs', mobile: '9876501234', password: 'Basil-Terrace-2093' };

  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  const noSideScroll = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  it('guest → Vitality Monthly → sign up → test payment → 12 free units → one free shake in cart and checkout → 11 left → admin extends', { timeout: 120_000 }, async () => {
    const page = await shop.newPage({ viewport: DESKTOP });
    await page.goto('/subscriptions');
    await page.getByTestId('subs-plan').nth(2).waitFor();
    expect(await page.getByTestId('subs-plan').count()).toBe(3);
    await page.evaluate(() => document.fonts.ready);
    await shop.screenshot(page, 'subscriptions-1280');
    await noSideScroll(page);

    await page.getByTestId('choose-vitality-monthly').click();
    await page.waitForURL(/\/auth/);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Full name').fill(person.name);
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Mobile').fill(person.mobile);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('I have read the notice and agree', { exact: false }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/subscriptions\?plan=vitality-monthly/, { timeout: 15_000 });

    const checkout = page.getByTestId('sub-checkout');
    await checkout.waitFor();
    expect(await checkout.textContent()).toContain('Vitality Monthly');
    expect(await checkout.textContent()).toContain('₹2,399');
    await shop.screenshot(page, 'subscriptions-checkout-1280');
    await page.getByTestId('sub-pay').click();
    await page.getByTestId('sub-test-payment').waitFor();
    await shop.screenshot(page, 'subscriptions-test-payment-1280');
    await page.getByTestId('sub-test-success').click();
    await page.getByTestId('sub-pay-success').waitFor();
    // Subscribed: the page shows the plan and its usage instead of "buy".
    await page.getByTestId('subs-current').waitFor();
    expect(await page.getByTestId('choose-wellness-weekly').count()).toBe(0);
    await shop.screenshot(page, 'subscriptions-subscribed-1280');

    // Profile → Subscriptions through the account menu.
    await page.getByRole('button', { name: /My Account/ }).click();
    await page.locator('a.menu-item[href="/profile?tab=subscriptions"]').first().click();
    await page.waitForURL(/\/profile\?tab=subscriptions/);
    await page.getByTestId('current-subscription').waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Active');
    await expect.poll(() => page.getByTestId('free-units-remaining').textContent(), { timeout: 10_000 }).toBe('12');
    await shop.screenshot(page, 'profile-subscriptions-1280');

    // Two different shakes: the cheaper one is free.
    const shakes = (await shop.request({ method: 'GET', url: '/api/shakes/signature' })).json() as { id: string; name: string; price: number }[];
    await page.goto('/');
    const cards = page.getByTestId('shake-card');
    await cards.first().waitFor();
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      names.push((await cards.nth(i).locator('.shake-card__name').textContent())!.trim());
      await cards.nth(i).getByRole('button', { name: /Add to Cart/ }).click();
    }
    const picked = shakes.filter((s) => names.includes(s.name));
    const cheapest = picked.reduce((a, b) => (b.price < a.price ? b : a));
    await page.getByTestId('cart-link').first().click();
    const freeLine = page.getByTestId('cart-line').filter({ hasText: '1 free with your plan' });
    await expect.poll(() => freeLine.count(), { timeout: 10_000 }).toBe(1);
    expect(await freeLine.textContent()).toContain(cheapest.name);
    await expect
      .poll(async () => (await page.getByTestId('quote').textContent()) ?? '', { timeout: 10_000 })
      .toContain(`1 free ${cheapest.name}−${formatRupees(cheapest.price)}`);
    await shop.screenshot(page, 'cart-subscriber-1280');

    // Checkout: address, slot, pay in test mode.
    await page.getByTestId('checkout').click();
    await page.waitForURL(/\/payment$/);
    await page.getByLabel('Mobile number').fill('9876501234');
    await page.getByLabel('Flat, house, building').fill('12, Lake View Residency');
    await page.getByLabel(/Street and area/).fill('80 Feet Road, Koramangala');
    await page.getByLabel('PIN code').fill('560034');
    await page.getByText(/We deliver to/).first().waitFor();
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('radiogroup', { name: 'Saved addresses' }).waitFor();
    // Vitality Monthly includes subscriber slots: the checkout offers them, badged, and books one.
    await page.getByTestId('subscriber-slots-note').waitFor();
    expect(await page.getByTestId('subscriber-slots-note').textContent()).toContain('Vitality Monthly');
    const times = page.getByRole('radiogroup', { name: 'Delivery time' });
    await times.getByRole('radio').first().waitFor();
    const subscriberSlots = times.getByRole('radio').filter({ hasText: 'Subscribers' });
    expect(await subscriberSlots.count()).toBeGreaterThan(0);
    const openSubscriberSlot = subscriberSlots.and(page.locator(':not([disabled])')).first();
    if ((await openSubscriberSlot.count()) === 0) {
      // Today's early subscriber hour has passed (or is past its cut-off): tomorrow's is open.
      await page.locator(`.slot-date[data-date="${addDays(istToday(new Date()), 1)}"]`).click();
    }
    await openSubscriberSlot.waitFor();
    const slotTime = (await openSubscriberSlot.locator('.slot-option__time').textContent())!.trim();
    await openSubscriberSlot.click();
    await expect.poll(() => openSubscriberSlot.getAttribute('aria-checked')).toBe('true');
    const review = page.getByTestId('checkout-review');
    await expect.poll(async () => (await review.textContent()) ?? '', { timeout: 10_000 }).toContain(`−${formatRupees(cheapest.price)}`);
    expect(await review.textContent()).toContain(slotTime);
    await page.evaluate(() => document.fonts.ready);
    await shop.screenshot(page, 'checkout-subscriber-1280');
    await page.setViewportSize(PHONE);
    await shop.screenshot(page, 'checkout-subscriber-375');
    await noSideScroll(page);
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('pay').click();
    await page.getByTestId('test-success').click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}\?placed=1$/);
    await page.getByTestId('order-confirmed').waitFor();
    // The order shows the subscriber slot, and was booked as a subscription order.
    expect(await page.getByTestId('order-slot').textContent()).toContain(slotTime);
    await page.getByTestId('order-subscriber-slot').waitFor();
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const placed = await shop.deps.db.selectFrom('orders').select('plan_type').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(placed.plan_type).toBe('subscription');

    await page.goto('/profile?tab=subscriptions');
    await expect.poll(() => page.getByTestId('free-units-remaining').textContent(), { timeout: 10_000 }).toBe('11');
    const endBefore = await page.getByTestId('period-end').textContent();

    // The admin extends it by 10 days in /admin/subscriptions; the customer sees the new end date.
    const adminEmail = 'ops.subs@example.in';
    const signup = await shop.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: adminEmail, password: person.password, username: 'ops_subs', name: 'Ops Desk', mobile: '9876509876' },
    });
    expect(signup.statusCode).toBeLessThan(300);
    await shop.deps.db.updateTable('users').set({ role: 'admin' }).where('email', '=', adminEmail).execute();
    const sub = await shop.deps.db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .select('subscriptions.id')
      .where('users.email', '=', person.email)
      .executeTakeFirstOrThrow();
    const adminPage = await shop.newPage({ viewport: DESKTOP });
    await adminPage.goto('/auth');
    await adminPage.getByLabel('E-mail').first().fill(adminEmail);
    await adminPage.getByLabel(/^Password/).first().fill(person.password);
    await adminPage.locator('form[aria-label="Sign in"]').getByRole('button', { name: /^Sign in$/ }).click();
    // With no page to go back to, staff land on their role's first screen: the owner's is /admin.
    await adminPage.waitForURL((u) => u.pathname === '/admin');
    await adminPage.goto('/admin/subscriptions');
    await adminPage.getByTestId('admin-subscriptions').getByText(person.email).waitFor();
    await shop.screenshot(adminPage, 'admin-subscriptions-1280');
    await adminPage.getByTestId('admin-subscriptions').getByRole('button', { name: person.name }).click();
    const detail = adminPage.getByTestId('admin-subscription-detail');
    await detail.getByTestId('admin-sub-paid-through').waitFor();
    const before = await detail.getByTestId('admin-sub-paid-through').textContent();
    await detail.getByTestId('admin-extend-days').fill('10');
    await detail.getByTestId('admin-extend').click();
    await expect.poll(() => detail.getByTestId('admin-sub-paid-through').textContent(), { timeout: 10_000 }).not.toBe(before);
    await shop.screenshot(adminPage, 'admin-subscription-detail-1280');
    const audit = await shop.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', sub.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['subscription.extend']);
    const newEnd = (await detail.getByTestId('admin-sub-paid-through').textContent())!;
    expect(newEnd).not.toBe(endBefore);
    await adminPage.setViewportSize(PHONE);
    await shop.screenshot(adminPage, 'admin-subscription-detail-375');
    await adminPage.goto('/admin/subscription-management');
    await adminPage.getByTestId('admin-plans').getByText('Elite Quarterly').waitFor();
    await shop.screenshot(adminPage, 'admin-subscription-plans-375');
    await adminPage.setViewportSize(DESKTOP);
    await adminPage.getByTestId('admin-plan-new').click();
    await adminPage.getByTestId('admin-plan-form').waitFor();
    await shop.screenshot(adminPage, 'admin-subscription-plans-1280');
    await adminPage.goto('/admin/subscriptions');
    await adminPage.getByTestId('admin-subscriptions').getByText(person.email).waitFor();
    await adminPage.setViewportSize(PHONE);
    await shop.screenshot(adminPage, 'admin-subscriptions-375');
    await noSideScroll(adminPage);

    await page.reload();
    await expect.poll(() => page.getByTestId('period-end').textContent(), { timeout: 10_000 }).toBe(newEnd);

    // Phones: the same screens, nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await shop.screenshot(page, 'profile-subscriptions-375');
    await noSideScroll(page);
    await page.goto('/subscriptions');
    await page.getByTestId('subs-current').waitFor();
    await shop.screenshot(page, 'subscriptions-subscribed-375');
    await noSideScroll(page);
  });

  it('a guest on a phone sees the plans, how free units work and the FAQ', async () => {
    const page = await shop.newPage({ viewport: PHONE });
    await page.goto('/subscriptions');
    await page.getByTestId('subs-plan').nth(2).waitFor();
    expect(await page.getByTestId('subs-plan').count()).toBe(3);
    expect(await page.getByRole('heading', { name: 'One free shake in every order' }).count()).toBe(1);
    await page.getByText('Can I pause while I travel?').click();
    await page.getByText(/once per period, for 1 to 14 days/).waitFor();
    await shop.screenshot(page, 'subscriptions-375');
    await noSideScroll(page);
  });
});
