import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, signedInContext, startShop, type ShopUnderTest } from '../helpers/browser';
import { scrollsSideways, seriousAxeViolations } from '../helpers/axe';
import { customer, place } from '../integration/orders-fixtures';
import { addDays, istToday } from '../../shared/rules/slots';
import { uniqueMobile } from '../helpers/factories';

/**
 * Issue 24 in a browser: the owner edits Green Glow's recipe on the shake screen and the kitchen shows
 * the new need at once; the kitchen hand (tablet, 1024 px) sees the slot's counts, confirms Start batch
 * (what it takes), undoes it, starts it again and marks it ready; the deliveries screen shows the ready time; the kitchen at 375 px.
 */
const TABLET = { width: 1024, height: 768 };

describe.skipIf(!hasBrowser)('the kitchen in a browser', () => {
  let shop: ShopUnderTest;
  const password = 'Curry-Leaf-Garden-77';
  const ownerEmail = 'owner.kitchen@example.in';
  const handEmail = 'kavya.kitchen@example.in';
  let slotLabel: RegExp;

  beforeAll(async () => {
    shop = await startShop();
    for (const [email, username, name, role] of [
      [ownerEmail, 'owner_kitchen', 'Owner Rao', 'admin'],
      [handEmail, 'kavya_kitchen', 'Kavya Kitchen', 'kitchen'],
    ] as const) {
      const up = await shop.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password, username, name, mobile: uniqueMobile() },
      });
      expect(up.statusCode, up.body).toBeLessThan(300);
      await shop.deps.db.updateTable('users').set({ role }).where('email', '=', email).execute();
    }
    const slot = await shop.deps.db
      .insertInto('delivery_slots')
      .values({ start_time: '05:30', end_time: '06:30', max_bookings: 100, plan_type: 'all', sort: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    slotLabel = /5:30 AM/;
    const shakes = await shop.deps.db.selectFrom('signature_shakes').select(['id', 'slug']).execute();
    const glow = shakes.find((s) => s.slug === 'green-glow')!.id;
    const date = addDays(istToday(shop.deps.clock.now()), 1);
    for (const quantity of [2, 1]) {
      const c = await customer(shop);
      const r = await place(shop, c, {
        lines: [{ id: glow, type: 'signature', quantity }],
        addressId: c.addressId,
        slotId: slot.id,
        date,
        paymentMethod: 'cod',
      });
      expect(r.statusCode, r.body).toBe(200);
    }
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('the recipe editor: 40 g of kale per Green Glow → the kitchen needs 3 × 40 g for the slot', { timeout: 120_000 }, async () => {
    const page = await shop.newPage({ context: await signedInContext(shop, ownerEmail, password) });
    await page.goto('/admin/shakes');
    await page.getByTestId('shake-row').filter({ hasText: 'Green Glow' }).getByRole('button', { name: 'Green Glow', exact: true }).click();
    const recipe = page.getByRole('complementary', { name: 'Edit Green Glow' }).getByTestId('shake-recipe');
    await recipe.getByLabel('Ingredient').first().waitFor();
    const selects = recipe.getByLabel('Ingredient');
    const kale = await shop.deps.db.selectFrom('ingredients').select('id').where('slug', '=', 'kale').executeTakeFirstOrThrow();
    let row = -1;
    for (let i = 0; i < (await selects.count()); i++) if ((await selects.nth(i).inputValue()) === kale.id) row = i;
    expect(row, 'Green Glow has kale').toBeGreaterThanOrEqual(0);
    await recipe
      .getByLabel(/per bottle$/i)
      .nth(row)
      .fill('40');
    await recipe.getByRole('button', { name: 'Save recipe' }).click();
    await recipe.getByText(/Recipe saved/).waitFor();
    await recipe.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'kitchen-recipe-editor-1280');

    await page.goto('/admin/kitchen');
    await page.getByRole('button', { name: 'Tomorrow' }).click();
    const section = page.getByTestId('kitchen-slot').filter({ has: page.getByRole('heading', { name: slotLabel }) });
    await expect
      .poll(() => section.locator('[data-testid="kitchen-ingredient"][data-name="Curly kale"]').textContent(), { timeout: 15_000 })
      .toContain('120 g');
  });

  it(
    'the kitchen hand (1024 px): counts, Start batch, Ready; the deliveries screen shows the ready time; 375 px',
    { timeout: 120_000 },
    async () => {
      const page = await shop.newPage({ context: await signedInContext(shop, handEmail, password, TABLET) });
      await page.goto('/admin/kitchen');
      await page.getByRole('heading', { name: 'What to blend', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Tomorrow' }).click();
      const section = page.getByTestId('kitchen-slot').filter({ has: page.getByRole('heading', { name: slotLabel }) });
      const glow = section.locator('[data-testid="kitchen-shake"][data-name="Green Glow"]');
      await glow.waitFor();
      expect(await glow.textContent()).toContain('× 3');
      await section.getByText('2 to start').waitFor();
      await shop.screenshot(page, 'kitchen-1024');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Start batch asks first, saying what it takes (issue 41): 3 bottles, 120 g of kale (40 g a Green Glow).
      await section.getByRole('button', { name: 'Start batch (2)' }).click();
      const dialog = page.getByTestId('start-batch');
      await dialog.getByRole('heading', { name: /^Start batch of 3 bottles for 5:30/ }).waitFor();
      expect(await dialog.getByTestId('start-batch-takes').textContent()).toMatch(/^This takes .*120 g curly kale/);
      await shop.screenshot(page, 'kitchen-start-confirm-1024');
      await dialog.getByRole('button', { name: 'Start 2 orders' }).click();
      await section.getByText('Batch started: 2 orders now preparing.').waitFor();
      await section.getByText('2 preparing').waitFor();
      await shop.screenshot(page, 'kitchen-undo-offered-1024');

      // Undo until Ready: the orders are back to start, the batch stays on record with its labels void.
      await section.getByTestId('kitchen-batch').getByRole('button', { name: 'Undo' }).click();
      await section
        .getByText(/^Batch undone: 2 orders back to confirmed and their stock given back\. Labels printed for it \(Made .+\) are void/)
        .waitFor();
      await section.getByText('2 to start').waitFor();
      await section
        .getByTestId('kitchen-batch')
        .getByText(/^Undone /)
        .waitFor();
      await shop.screenshot(page, 'kitchen-undone-1024');
      await section.getByRole('button', { name: 'Start batch (2)' }).click();
      await page.getByTestId('start-batch').getByRole('button', { name: 'Start 2 orders' }).click();
      await section.getByText('Batch started: 2 orders now preparing.').waitFor();
      await section.getByText('2 preparing').waitFor();
      await page.setViewportSize(PHONE);
      await section.getByTestId('kitchen-batch').getByRole('button', { name: 'Undo' }).waitFor();
      expect(await scrollsSideways(page), 'nothing scrolls sideways at 375 px with a batch to undo').toBe(false);
      await shop.screenshot(section, 'kitchen-undo-offered-375');
      await page.setViewportSize(TABLET);
      expect(await section.getByRole('button', { name: /^Start batch/ }).isDisabled()).toBe(true);
      await section.getByRole('button', { name: 'Ready (2)' }).click();
      await section.getByText('Ready for the riders: 2 orders.').waitFor();
      await section
        .getByTestId('kitchen-batch')
        .getByText(/^Ready /)
        .waitFor();
      // The slot's chip follows the batch: blended and waiting for riders, no longer "preparing".
      await section.getByText('2 ready for riders').waitFor();
      expect(await section.getByText('2 preparing').count()).toBe(0);
      // Once Ready, no batch offers Undo.
      expect(await section.getByRole('button', { name: 'Undo' }).count()).toBe(0);
      await shop.screenshot(page, 'kitchen-started-1024');

      const statuses = await shop.deps.db
        .selectFrom('orders')
        .select('status')
        .where('slot_date', '=', addDays(istToday(shop.deps.clock.now()), 1))
        .execute();
      expect(statuses.filter((s) => s.status === 'preparing')).toHaveLength(2);

      const owner = await shop.newPage({ context: await signedInContext(shop, ownerEmail, password) });
      await owner.goto('/admin/deliveries');
      await owner.getByLabel('Date').fill(addDays(istToday(shop.deps.clock.now()), 1));
      await expect.poll(() => owner.getByTestId('ready-at').count(), { timeout: 15_000 }).toBe(2);
      await shop.screenshot(owner, 'kitchen-deliveries-ready-1280');

      await page.setViewportSize(PHONE);
      await glow.scrollIntoViewIfNeeded();
      expect(await scrollsSideways(page), 'nothing scrolls sideways at 375 px').toBe(false);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shop.screenshot(page, 'kitchen-375');
    },
  );
});
