import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, startShop, type ShopUnderTest } from '../helpers/browser';
import { createUser } from '../helpers/factories';
import { hashPassword } from '../../server/lib/passwords';
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

  it('the privacy journey at 375 px: consents withdrawn as given, who looked, a complaint, the data download, /privacy, deletion; the owner’s /admin/privacy lists the requests and answers a complaint; addresses masked until Show (375 and 1280 px)', async () => {
    const password = 'quiet mint by the window';
    const user = await createUser(shop.deps.db, { name: 'Rohini Kulkarni', passwordHash: await hashPassword(password) });
    const staffUser = await createUser(shop.deps.db, { role: 'support', name: 'Farah Khan' });
    const owner = await createUser(shop.deps.db, { role: 'admin', name: 'Priya Menon' });
    // Support pressed Show on the customer's number (through the API, as the customers screen does).
    const shown = await shop.request({
      method: 'POST',
      url: `/api/admin/customers/${user.id}/reveal`,
      headers: { authorization: await shop.bearer(staffUser), 'content-type': 'application/json' },
      payload: { field: 'mobile', screen: 'admin/customers' },
    });
    expect(shown.statusCode, shown.body).toBe(200);

    const signedIn = async (who: typeof user, viewport?: { width: number; height: number }) => {
      const context = await shop.newContext(viewport);
      const token = (await shop.bearer(who)).replace(/^Bearer /, '');
      await context.addInitScript((t) => {
        localStorage.setItem('access_token', t);
        localStorage.setItem('expires_at', String(Date.now() + 10 * 60_000));
      }, token);
      return context;
    };

    const context = await signedIn(user, PHONE);
    const page = await shop.newPage({ context });
    await page.goto('/profile?tab=privacy');
    // WhatsApp: given, then withdrawn — each one tap, effective at once.
    const whatsapp = page.getByTestId('consent-whatsapp');
    await whatsapp.locator('strong').click();
    await expect.poll(() => whatsapp.allTextContents()).toEqual([expect.stringMatching(/Given here on/)]);
    await whatsapp.locator('strong').click();
    await expect.poll(() => whatsapp.allTextContents()).toEqual([expect.stringMatching(/Withdrawn here on/)]);
    // Who at the shop looked.
    await expect.poll(() => page.getByTestId('data-access-list').allTextContents()).toEqual([expect.stringMatching(/Farah Khan \(Support\) saw your mobile number on the customers screen/)]);
    // The data download: asked, built by the job, downloaded.
    await page.getByRole('button', { name: 'Ask for my data' }).click();
    const download = page.getByRole('button', { name: /^Download my data/ });
    await download.waitFor({ timeout: 20_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    // A complaint to the grievance officer: acknowledged at once with the date of the answer.
    const complaint = page.getByRole('form', { name: 'A complaint about your data' });
    await complaint.getByLabel('What it is about').fill('Offers after I said no');
    await complaint.getByLabel('What happened').fill('I withdrew the offers consent and still got an offer by SMS the next day.');
    await complaint.getByRole('button', { name: 'Send to the grievance officer' }).click();
    await complaint.getByRole('status').filter({ hasText: /^Received\. We answer by .+\. We sent the acknowledgement by e-mail to / }).waitFor();
    await expect.poll(() => page.getByTestId('grievance').allTextContents()).toEqual([expect.stringMatching(/^Offers after I said noAnswer due by /)]);
    await shop.screenshot(page, 'privacy-tab-375');
    // The notice, by the tab's own link.
    await page.getByRole('link', { name: 'our privacy notice' }).click();
    await page.waitForURL('**/privacy');
    await page.getByText(/grievance/i).first().waitFor();
    await shop.screenshot(page, 'privacy-notice-375');
    await page.goBack();
    // Deletion, confirmed with the password: signed out, told what happened.
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    await page.getByLabel('Your password').fill(password);
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect
      .poll(async () => shop.deps.db.selectFrom('users').select(['disabled', 'email']).where('id', '=', user.id).executeTakeFirstOrThrow(), { timeout: 15_000 })
      .toEqual({ disabled: true, email: null });
    await page.getByText('Account deleted', { exact: true }).waitFor();
    await shop.screenshot(page, 'privacy-deleted-375', { fullPage: false });
    await context.close();

    const other = await createUser(shop.deps.db, { name: 'Anil Joshi' });
    await shop.deps.db
      .insertInto('addresses')
      .values({ user_id: other.id, name: 'Anil Joshi', phone: '+919876543210', line1: '9 Peepal Court, 2nd Main', city: 'Bengaluru', state: 'Karnataka', pincode: '560038', is_default: true })
      .execute();
    const asked = await shop.request({
      method: 'POST',
      url: '/api/user/privacy/grievances',
      headers: { authorization: await shop.bearer(other), 'content-type': 'application/json' },
      payload: { subject: 'Who saw my number?', details: 'A rider called me from a number I did not know. Who at the shop can see my number?' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = 'Only the rider of your order and our support staff; each time support opens it, it is listed under Privacy in your profile.';
    // The owner's desk lists the requests and answers the complaint, at 375 and 1280 px.
    for (const viewport of [PHONE, undefined]) {
      const oc = await signedIn(owner, viewport);
      const op = await shop.newPage({ context: oc });
      await op.goto('/admin/privacy');
      const rows = op.getByTestId('privacy-requests').locator('tbody tr');
      await expect.poll(() => rows.allTextContents()).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Delete my account/),
          expect.stringMatching(/^Download my data/),
          expect.stringMatching(/^ComplaintWho saw my number\?Anil Joshi/),
        ]),
      );
      const card = op.getByTestId('grievance').filter({ hasText: 'Who saw my number?' });
      if (viewport) {
        await card.getByLabel('Your answer').fill(answer);
        await card.getByRole('button', { name: 'Send the answer' }).click();
        await op.getByText('Answer sent', { exact: true }).waitFor();
      }
      await expect.poll(() => card.getByTestId('grievance-answer').allTextContents()).toEqual([expect.stringMatching(/^Answered by Priya Menon on .+: Only the rider of your order/)]);
      await shop.screenshot(op, `admin-privacy-${viewport ? 375 : 1280}`);
      if (!viewport) {
        // The customers screen: the number masked until Show, which the customer then sees.
        await op.goto(`/admin/customers?id=${other.id}`);
        const detail = op.getByRole('complementary', { name: 'Customer detail' });
        await expect.poll(() => detail.getByTestId('mobile-masked').allTextContents()).toEqual(['+91 98••• 43210']);
        expect(await detail.getByTestId('mobile-full').count()).toBe(0);
        await detail.getByRole('button', { name: /Show the full mobile number/ }).click();
        await expect.poll(() => detail.getByTestId('mobile-full').allTextContents()).toEqual(['+91 98765 43210']);
        // Its address masked too (PIN code kept) until Show.
        await expect.poll(() => detail.getByTestId('address-masked').allTextContents()).toEqual(['9•••, Bengaluru 560038']);
        await shop.screenshot(detail, 'admin-customer-address-masked-1280');
        await detail.getByRole('button', { name: 'Show the full address (logged)' }).click();
        await expect.poll(() => detail.getByTestId('address-full').allTextContents()).toEqual(['9 Peepal Court, 2nd Main, Bengaluru, Karnataka 560038']);
        await shop.screenshot(op, 'admin-customer-shown-1280');
      }
      await oc.close();
    }
    // The privacy tab and /privacy at 1280 px, for the customer whose number the owner just saw.
    const wc = await signedIn(other);
    const wp = await shop.newPage({ context: wc });
    await wp.goto('/profile?tab=privacy');
    await expect.poll(() => wp.getByTestId('data-access-list').allTextContents()).toEqual([
      expect.stringMatching(/^Priya Menon \(Owner\) saw your delivery address.*Priya Menon \(Owner\) saw your mobile number/),
    ]);
    // The complaint, answered.
    await expect.poll(() => wp.getByTestId('grievance-answer').allTextContents()).toEqual([`Our answer: ${answer}`]);
    await shop.screenshot(wp, 'privacy-tab-1280');
    await wp.getByRole('link', { name: 'our privacy notice' }).click();
    await wp.getByText(/grievance/i).first().waitFor();
    await shop.screenshot(wp, 'privacy-notice-1280');
    await wc.close();
  }, 120_000);
});
