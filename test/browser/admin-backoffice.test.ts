import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DESKTOP, PHONE, hasBrowser, settled, signedInContext, signUp, startShop, type ShopUnderTest } from '../helpers/browser';
import { customer, loadShop, orderBody, place } from '../integration/orders-fixtures';
import { seriousAxeViolations } from '../helpers/axe';
import { SHOP_JOBS } from '../../server/app';
import { startJobEngine } from '../../server/lib/jobs';

/**
 * Issue 12, the back office in a real browser: the admin shell (its own layout, a drawer on a phone),
 * a shake created with an uploaded picture appears on /signature-shakes, an ingredient marked out of
 * stock is disabled in the builder, a raised delivery fee shows in the cart. Every admin screen is
 * screenshotted at 1280 and 375 px, checked for sideways scrolling and for serious axe violations.
 */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.skipIf(!hasBrowser)('the back office in a browser', () => {
  let shop: ShopUnderTest;
  const email = 'neha.owner@hydroshakes.in';
  const password = 'Owner-Greens-2042';

  beforeAll(async () => {
    shop = await startShop();
    await signUp(shop, { email, password, username: 'neha_owner', name: 'Neha Kapoor', mobile: '9876512399' }, { admin: true });
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  async function adminPage(viewport = DESKTOP): Promise<Page> {
    return shop.newPage({ context: await signedInContext(shop, email, password, viewport) });
  }

  it(
    'creates a shake with a picture → on /signature-shakes; kale out of stock → disabled in the builder; a higher delivery fee → in the cart',
    { timeout: 120_000 },
    async () => {
      const page = await adminPage();
      await page.goto('/admin/shakes');
      await page.getByRole('heading', { name: 'Shakes', level: 1 }).waitFor();
      // Its own shell: no shop header or footer.
      expect(await page.locator('.site-header, .site-footer').count()).toBe(0);
      await page.getByTestId('shake-row').first().waitFor();

      await page.getByRole('button', { name: 'Add a shake' }).click();
      const editor = page.getByRole('complementary', { name: 'New shake' });
      await editor.getByLabel('Name').fill('Basil Lime Cooler');
      expect(await editor.getByLabel('Slug').inputValue()).toBe('basil-lime-cooler');
      await editor.getByLabel('Price').fill('259');
      const photo = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: { r: 120, g: 190, b: 90 } } })
        .jpeg()
        .toBuffer();
      await editor.getByTestId('image-file').setInputFiles({ name: 'cooler.jpg', mimeType: 'image/jpeg', buffer: photo });
      await editor.getByText(/Saved as WebP, 960 × 720/).waitFor();
      await editor.getByLabel('Description').fill('Genovese basil, lime and coconut water, blended cold.');
      await editor.getByLabel('Calories (kcal)').fill('180');
      await editor.getByLabel('Protein (g)').fill('6');
      await editor.getByLabel('Carbs (g)').fill('30');
      await editor.getByLabel('Fat (g)').fill('3');
      await editor.getByLabel('Ingredients').fill('Genovese basil, Lime, Coconut water');
      await editor.getByLabel('Tags').fill('green, refreshing');
      await shop.screenshot(page, 'admin-shakes-editor-1280');
      await editor.getByRole('button', { name: 'Add shake' }).click();
      await page.getByRole('complementary', { name: 'Edit Basil Lime Cooler' }).waitFor();

      await page.goto('/signature-shakes');
      const card = page.getByTestId('shake-card').filter({ hasText: 'Basil Lime Cooler' });
      await card.waitFor();
      const img = card.locator('img').first();
      expect(await img.getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f]{40}\.webp$/);
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(960);
      expect(await card.textContent()).toContain('₹259');

      // Kale out of stock → the builder shows it disabled.
      await page.goto('/admin/ingredients');
      const kale = page.locator('[data-testid="ingredient-row"][data-slug="kale"]');
      await kale.getByLabel('In stock').click();
      await kale.getByText('Out of stock').waitFor();
      await page.goto('/custom-shake');
      const kaleAddin = page.locator('[data-testid="addin"][data-slug="kale"]');
      await kaleAddin.getByText('Out of stock').waitFor();
      expect(await kaleAddin.getByRole('button', { name: 'Add Curly kale' }).isDisabled()).toBe(true);

      // Raise the delivery fee → the cart shows it.
      await page.goto('/admin/pricing');
      await page.getByLabel('Delivery fee').fill('79');
      await page.getByRole('button', { name: 'Save pricing' }).click();
      await page.getByText('Saved. New quotes use these prices now.').waitFor();
      await page.goto('/signature-shakes');
      await page
        .getByTestId('shake-card')
        .filter({ hasText: 'Basil Lime Cooler' })
        .getByRole('button', { name: /Add to Cart/ })
        .click();
      await page.locator('.toast').filter({ hasText: 'Added to cart' }).waitFor();
      await page.goto('/cart');
      await expect.poll(() => page.getByTestId('delivery-fee').first().textContent()).toBe('₹79');
      await page.context().close();
    },
  );

  it('the phone menu is a drawer: focus moves in and stays, Escape closes it and focus returns', { timeout: 60_000 }, async () => {
    const page = await adminPage(PHONE);
    await page.goto('/admin/shakes');
    await page.getByRole('heading', { name: 'Shakes', level: 1 }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Admin' });
    await drawer.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('#admin-sidebar') != null)).toBe(true);
    for (let i = 0; i < 25; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#admin-sidebar') != null)).toBe(true);
    const links = await page.getByRole('navigation', { name: 'Admin screens' }).getByRole('link').allTextContents();
    expect(links).toEqual(
      expect.arrayContaining(['Dashboard', 'Orders', 'Customers', 'Shakes', 'Ingredients', 'Pricing', 'Delivery slots', 'Password reset']),
    );
    const all = await page.getByRole('navigation', { name: 'Admin screens' }).getByRole('listitem').allTextContents();
    expect(all).toEqual(expect.arrayContaining(['Subscriptions', 'Coupons', 'Subscription plans', 'User rewards']));
    await shop.screenshot(page, 'admin-drawer-375', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
    expect(await page.getByRole('dialog', { name: 'Admin' }).count()).toBe(0);
    // A link in the drawer navigates and closes it.
    await menu.click();
    await page.getByRole('dialog', { name: 'Admin' }).getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { name: 'Pricing', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('dialog', { name: 'Admin' }).count()).toBe(0);
    await page.context().close();
  });

  const screens: [string, string][] = [
    ['/admin/dashboard', 'Dashboard'],
    ['/admin/shakes', 'Shakes'],
    ['/admin/ingredients', 'Ingredients'],
    ['/admin/pricing', 'Pricing'],
    ['/admin/customers', 'Customers'],
    ['/admin/orders', 'Orders'],
    ['/admin/delivery-slots', 'Delivery slots'],
    ['/admin/subscriptions', 'Subscriptions'],
    ['/admin/subscription-management', 'Plans'],
    ['/admin/password-reset', 'Password reset'],
    ['/admin/audit-log', 'Audit log'],
    ['/admin/jobs', 'Background jobs'],
  ];
  let seeded = false;
  /** One seeded order, opened on the desk as a screen of its own (the order detail panel). */
  let anOrderId = '';
  /** A few real orders over the last days, so the dashboard has something to draw. */
  async function seedOrders() {
    if (seeded) return;
    seeded = true;
    await seedJobs();
    const catalogue = await loadShop(shop);
    for (let i = 0; i < 6; i++) {
      const c = await customer(shop);
      const lines = [{ id: catalogue.shakes[i % 3]!.id, type: 'signature', quantity: 1 + (i % 2) }];
      const res = await place(shop, c, orderBody(catalogue, c, { lines }));
      expect(res.statusCode, res.body).toBe(200);
      anOrderId ||= res.json().order.id;
      // Spread them over the past week (their creation time is all the dashboard reads).
      await sql`update orders set created_at = created_at - make_interval(days => ${i})  where id = ${res.json().order.id}`.execute(
        shop.deps.db,
      );
      await sql`update users set created_at = created_at - make_interval(days => ${i}) where id = ${c.user.id}`.execute(shop.deps.db);
    }
  }

  /**
   * The job engine runs the shop's jobs for a moment (schedules declared, the minute's runs done), with
   * the refunds job failing for good, so /admin/jobs shows a failed run with its Retry button.
   */
  async function seedJobs() {
    const jobs = SHOP_JOBS.map((j) =>
      j.name === 'payments.refunds'
        ? { ...j, retryLimit: 0, run: () => Promise.reject(new Error('Razorpay answered 503: the service is unavailable')) }
        : j,
    );
    const engine = await startJobEngine(shop.deps, jobs, { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
    try {
      await expect
        .poll(
          async () =>
            (
              await shop.deps.db
                .selectFrom('pgboss.job')
                .select('id')
                .where('name', '=', 'payments.refunds')
                .where('state', '=', 'failed')
                .execute()
            ).length,
          {
            timeout: 30_000,
            interval: 250,
          },
        )
        .toBe(1);
    } finally {
      await engine.stop();
    }
  }

  for (const viewport of [DESKTOP, PHONE]) {
    it(
      `every admin screen at ${viewport.width} px: no sideways scrolling, no serious axe violation (screenshots)`,
      { timeout: 300_000 },
      async () => {
        await seedOrders();
        const page = await adminPage(viewport);
        const problems: string[] = [];
        // The order desk with one order open (its detail, timeline and actions) is checked too.
        // The first screen is loaded; every other one is reached by the sidebar's own link (in the
        // drawer on a phone), as a person moves through the back office. The order detail is opened
        // by its address, as a link from a notification would.
        let first = true;
        for (const [url, heading] of [...screens, [`/admin/orders?id=${anOrderId}`, 'Orders'] as [string, string]]) {
          if (first || url.includes('?id=')) await page.goto(url);
          else {
            if (viewport === PHONE) await page.getByRole('button', { name: 'Menu' }).click();
            await page.locator(`#admin-sidebar a[href="${url}"]`).click();
          }
          first = false;
          // An open order is headed by its number: wait for its panel instead.
          if (url.includes('?id=')) await page.getByTestId('admin-order').waitFor();
          else await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
          await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(url);
          await settled(page);
          if (url === '/admin/customers') {
            await page.locator('.admin-table-row').first().waitFor();
            await page.locator('.admin-table-row button').first().click();
            await page.getByRole('complementary', { name: 'Customer detail' }).getByText('Signs in with').waitFor();
          }
          if (url === '/admin/dashboard') await page.locator('[data-chart]').first().waitFor();
          if (url === '/admin/jobs') {
            // Every job in the staff's words, its line in words, and its next run in India time.
            const retention = page.getByTestId('job-schedule').filter({ hasText: 'privacy-retention' });
            await retention.getByText('Privacy: close inactive accounts, clear old logs').waitFor();
            await retention.getByText('Every hour, 20 minutes past').filter({ visible: true }).waitFor();
            const reminder = page.getByTestId('job-schedule').filter({ hasText: 'schedules-reminder' });
            await reminder.getByText(/6:00\s?pm/).waitFor();
          }
          const name = url
            .split('/')
            .pop()!
            .replace(/\?id=.*/, '-detail');
          await shop.screenshot(page, `admin-sweep-${name}-${viewport.width}`);
          const over = await sideways(page);
          if (over > 0) problems.push(`${url} scrolls ${over}px sideways`);
          problems.push(...(await seriousAxeViolations(page)).map((v) => `${url}: ${v}`));
        }
        expect(problems).toEqual([]);
        await page.context().close();
      },
    );
  }
});
