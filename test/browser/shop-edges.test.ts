import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser, PHONE, signedInContext, startShop, type ShopUnderTest } from '../helpers/browser';
import { addAddress, loadShop, orderBody, place, type Customer, type Shop } from '../integration/orders-fixtures';
import { uniqueMobile } from '../helpers/factories';

/**
 * Issue 20, items 14 and 15: the copy and phone fixes that had no browser test yet, as a shopper
 * or the owner sees them in a real browser against the real server.
 */
describe.skipIf(!hasBrowser)('issue 20 edges in the browser', () => {
  let shop: ShopUnderTest;
  let catalogue: Shop;
  let owner: Customer;
  let subscriber: Customer;
  let subscriptionId: string;
  const password = 'Tamarind-Court-4417';

  async function signUp(email: string, username: string, role: 'customer' | 'admin' = 'customer'): Promise<Customer> {
    const up = await shop.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password, username, name: 'Divya Rao', mobile: uniqueMobile() },
    });
    expect(up.statusCode, up.body).toBeLessThan(300);
    if (role === 'admin') await shop.deps.db.updateTable('users').set({ role: 'admin' }).where('email', '=', email).execute();
    const s = (await shop.request({ method: 'POST', url: '/api/auth/signin', payload: { email, password } })).json();
    const addressId = await addAddress(shop.deps.db, s.user.id, '560038');
    return { user: { id: s.user.id, email, role, name: 'Divya Rao' }, auth: `Bearer ${s.access_token}`, addressId };
  }

  const post = (who: Customer, url: string, body: unknown, headers: Record<string, string> = {}) =>
    shop.request({
      method: 'POST',
      url,
      headers: { authorization: who.auth, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });

  /** Buys Vitality Monthly in test payment mode (as the subscriptions integration tests do). */
  async function subscribe(who: Customer): Promise<string> {
    const plans = (await shop.request({ method: 'GET', url: '/api/subscription-plans' })).json().plans as { id: string; name: string }[];
    const plan = plans.find((p) => p.name === 'Vitality Monthly')!;
    const created = await post(who, '/api/subscription-payment/create', { planId: plan.id }, { 'idempotency-key': crypto.randomUUID() });
    expect(created.statusCode, created.body).toBe(200);
    const paid = await post(who, '/api/subscription-payment/test/complete', {
      gatewayOrderId: created.json().payment.gatewayOrderId,
      outcome: 'success',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return created.json().subscription.id;
  }

  async function profileTab(page: Page, tab: string) {
    await page.goto(`/profile?tab=${tab}`);
  }

  beforeAll(async () => {
    shop = await startShop();
    catalogue = await loadShop(shop);
    owner = await signUp('suresh.owner@hydroshakes.in', 'suresh_owner', 'admin');
    subscriber = await signUp('divya.plan@example.in', 'divya_plan');
    subscriptionId = await subscribe(subscriber);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  it('item 14: the dashboard says "1 active subscriber" (singular) when one plan is running', async () => {
    // The other path: the database holds exactly one active subscription (this shop's own database).
    const active = await shop.deps.db.selectFrom('subscriptions').select('id').where('status', '=', 'active').execute();
    expect(active.map((s) => s.id)).toEqual([subscriptionId]);
    const ctx = await signedInContext(shop, owner.user.email, password);
    const page = await shop.newPage({ context: ctx });
    await page.goto('/admin');
    const figure = page.locator('[data-figure="subscribers"]');
    await figure.waitFor();
    await expect.poll(async () => (await figure.textContent())?.replace(/\s+/g, ' ').trim()).toBe('1 active subscriber');
    await shop.screenshot(page, 'edges-dashboard-1280');
    await ctx.close();
  });

  it('item 14: a delivered order’s timeline names "Delivered" once (never "Delivered · Delivered")', async () => {
    const placed = await place(shop, subscriber, orderBody(catalogue, subscriber));
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order.id as string;
    for (const status of ['preparing', 'out_for_delivery', 'delivered']) {
      const moved = await post(owner, `/api/admin/orders/${id}/status`, { status, confirm: true });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const ctx = await signedInContext(shop, subscriber.user.email, password, PHONE);
    const page = await shop.newPage({ context: ctx });
    await page.goto(`/order/${id}`);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Delivered');
    const row = page.locator('.order-timeline li').filter({ hasText: 'Delivered' });
    await expect.poll(() => row.count()).toBe(1);
    // What the shopper reads in that row: the heading and its time, the word once.
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text.match(/Delivered/g), text).toHaveLength(1);
    expect(await row.locator('.order-timeline__note').count()).toBe(0);
    await shop.screenshot(page, 'edges-order-delivered-375');
    await ctx.close();
  });

  it('item 15: the cancel dialog offers a reason list and "Pause instead", which opens the pause dialog', async () => {
    const ctx = await signedInContext(shop, subscriber.user.email, password, PHONE);
    const page = await shop.newPage({ context: ctx });
    await profileTab(page, 'subscriptions');
    await page.getByTestId('sub-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.waitFor();
    const reasons = dialog.getByRole('radio');
    await expect.poll(() => reasons.count()).toBeGreaterThanOrEqual(3);
    expect(await dialog.getByRole('group', { name: 'Why are you cancelling?' }).count()).toBe(1);
    for (const reason of ['Too expensive for me', 'I’m travelling or away', 'Something else']) {
      expect(await dialog.getByRole('radio', { name: reason }).count(), reason).toBe(1);
    }
    // Nothing is sent until a reason is chosen.
    const confirm = dialog.getByRole('button', { name: /Cancel subscription/ });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'I’m travelling or away' }).check();
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await shop.screenshot(page, 'edges-cancel-dialog-375');

    await dialog.getByRole('button', { name: 'Pause instead' }).click();
    const pause = page.getByTestId('pause-dialog');
    await pause.waitFor();
    expect(await pause.textContent()).toContain('Pause your subscription');
    await expect.poll(() => page.getByTestId('cancel-dialog').isVisible()).toBe(false);
    // Nothing changed on the server by opening either dialog.
    const row = await shop.deps.db.selectFrom('subscriptions').select('status').where('id', '=', subscriptionId).executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    await ctx.close();
  });

  it('item 14: a cancelled subscription offers no "Renew"; it says when the plan ends', async () => {
    const ctx = await signedInContext(shop, subscriber.user.email, password);
    const page = await shop.newPage({ context: ctx });
    await profileTab(page, 'subscriptions');
    await page.getByTestId('sub-renew').waitFor();
    await page.getByTestId('sub-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.getByRole('radio', { name: 'Too expensive for me' }).check();
    await dialog.getByRole('button', { name: /Cancel subscription/ }).click();
    await expect.poll(() => page.getByTestId('subscription-status').textContent()).toMatch(/^Cancelled/);

    expect(await page.getByTestId('sub-renew').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Renew/ }).count()).toBe(0);
    // The end date, read from the periods table and formatted here (not by the client's formatter).
    const end = await shop.deps.db
      .selectFrom('subscription_periods')
      .select((eb) => eb.fn.max('ends_at').as('ends'))
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    const endDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
      new Date(end.ends as string | Date),
    );
    const note = page.getByTestId('sub-cancelled-note');
    await note.waitFor();
    expect((await note.textContent())?.replace(/\s+/g, ' ')).toContain(`last until ${endDay}`);
    const reason = await shop.deps.db
      .selectFrom('subscriptions')
      .select(['status'])
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(reason.status).toBe('cancelled');
    await shop.screenshot(page, 'edges-subscription-cancelled-1280');
    await ctx.close();
  });

  it('item 15: at 375 px the profile tab strip shows a cue for Rewards, My shakes and Favourites, and reaches them', async () => {
    const ctx = await signedInContext(shop, subscriber.user.email, password, PHONE);
    const page = await shop.newPage({ context: ctx });
    await page.goto('/profile');
    const strip = page.getByRole('navigation', { name: 'My account' });
    await strip.waitFor();
    const state = () =>
      strip.evaluate((el) => {
        const cs = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const hidden = [...el.querySelectorAll('a')]
          .filter((a) => a.getBoundingClientRect().right > box.right + 1)
          .map((a) => a.textContent!.trim());
        return {
          overflow: el.scrollWidth - el.clientWidth,
          atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
          mask: cs.getPropertyValue('mask-image') || cs.getPropertyValue('-webkit-mask-image'),
          start: parseFloat(cs.getPropertyValue('--cue-start')) || 0,
          end: parseFloat(cs.getPropertyValue('--cue-end')) || 0,
          hidden,
        };
      });
    const before = await state();
    expect(before.overflow, 'the strip scrolls sideways at 375 px').toBeGreaterThan(0);
    expect(before.hidden).toEqual(expect.arrayContaining(['Rewards', 'My shakes', 'Favourites']));
    // The cue: the right edge (with more to show) fades; the left edge (nothing before) does not.
    expect(before.mask).toContain('linear-gradient');
    expect(before.end).toBeGreaterThan(0);
    expect(before.start).toBe(0);
    await shop.screenshot(page, 'edges-profile-tabs-375');

    await strip.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
    await expect.poll(async () => (await state()).atEnd).toBe(true);
    // At the end: the fade moves to the left edge (more to show there), none on the right.
    await expect.poll(async () => (await state()).end).toBe(0);
    expect((await state()).start).toBeGreaterThan(0);
    expect((await state()).hidden).toEqual([]);

    for (const [label, key] of [
      ['Rewards', 'rewards'],
      ['My shakes', 'shakes'],
      ['Favourites', 'favorites'],
    ] as const) {
      await strip.getByRole('link', { name: label }).click();
      await expect.poll(() => new URL(page.url()).search).toBe(`?tab=${key}`);
    }
    await ctx.close();
  });

  it('item 15: an admin sent from /admin to the sign-in page lands on /admin after signing in', async () => {
    const admin = await signUp('lata.admin@hydroshakes.in', 'lata_admin', 'admin');
    const page = await shop.newPage();
    await page.goto('/admin/orders');
    await page.waitForURL((u) => u.pathname === '/auth');
    await page.getByLabel('E-mail').fill(admin.user.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/orders');
    await page.locator('#admin-sidebar').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/orders');
    await page.context().close();

    const bare = await shop.newPage();
    await bare.goto('/admin');
    await bare.waitForURL((u) => u.pathname === '/auth');
    await bare.getByLabel('E-mail').fill(admin.user.email);
    await bare.getByLabel('Password', { exact: true }).fill(password);
    await bare.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => new URL(bare.url()).pathname).toBe('/admin');
    await bare.locator('#admin-sidebar').waitFor();
    expect(new URL(bare.url()).pathname).toBe('/admin');
    await bare.context().close();
  });

  it('item 15: an admin who was sent to the sign-in page, then opens /admin/login and signs in, lands on /admin', async () => {
    const admin = await signUp('farah.admin@hydroshakes.in', 'farah_admin', 'admin');
    const page = await shop.newPage({ viewport: PHONE });
    // A guest tried a customer page first: that return path must not pull the admin out of /admin/login.
    await page.goto('/profile');
    await page.waitForURL((u) => u.pathname === '/auth');
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill(admin.user.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in to admin' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    // (At 375 px the sidebar is a drawer: present, not necessarily on screen.)
    await page.locator('#admin-sidebar').waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname).toBe('/admin');
    await shop.screenshot(page, 'edges-admin-after-login-375');
    await page.context().close();
  });
});
