import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/app';
import { customer, orderBody, type Shop, withShopApp } from '../../../test/integration/orders-fixtures';
import { PlacedOrderSchema } from '../../../shared/schemas/payments';
import type { Ingredient } from '../../../shared/schemas/catalogue';
import { customItemId } from '../../../shared/rules/shake-builder';
import { placeOrder } from './orders.service';

/**
 * Order placement builds its answer itself and tRPC validates it against PlacedOrderSchema:
 * these check that what placeOrder builds is already exactly what PlacedOrderSchema
 * gives — no missing or extra field, no wrong type, the same JSON byte for byte — for a
 * COD order, an online order (with its payment), a custom shake and a replay.
 */
let t: TestApp;
let shop: Shop;
withShopApp((app, loaded) => {
  t = app;
  shop = loaded;
});

async function expectExactlyTheSchema(placed: unknown) {
  const parsed = PlacedOrderSchema.parse(placed);
  expect(placed).toStrictEqual(parsed);
  expect(JSON.stringify(placed)).toBe(JSON.stringify(parsed));
}

describe('the placed-order answer is exactly PlacedOrderSchema', () => {
  it('for a COD order and its replay', async () => {
    const c = await customer(t);
    const key = crypto.randomUUID();
    const body = orderBody(shop, c) as Parameters<typeof placeOrder>[2];
    const first = await placeOrder(t.deps, c.user, body, key);
    expect(first.replayed).toBe(false);
    await expectExactlyTheSchema(first);
    const again = await placeOrder(t.deps, c.user, body, key);
    expect(again.replayed).toBe(true);
    await expectExactlyTheSchema(again);
  });

  it('for an online order with its payment, and its replay', async () => {
    const c = await customer(t);
    const key = crypto.randomUUID();
    const body = orderBody(shop, c, { paymentMethod: 'razorpay' }) as Parameters<typeof placeOrder>[2];
    const first = await placeOrder(t.deps, c.user, body, key);
    expect(first.payment).not.toBeNull();
    await expectExactlyTheSchema(first);
    await expectExactlyTheSchema(await placeOrder(t.deps, c.user, body, key));
  });

  it('for a custom shake, and over HTTP the body is what the schema would give', async () => {
    const ings = (await t.request({ method: 'GET', url: '/api/ingredients' })).json() as Ingredient[];
    const ing = (slug: string) => ings.find((i) => i.slug === slug)!;
    const recipe = {
      size: 'regular' as const,
      baseId: ing('coconut-water').id,
      addIns: [{ ingredientId: ing('spinach').id, portions: 1 }],
      name: 'Green Morning',
    };
    const c = await customer(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: c.auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      payload: JSON.stringify(orderBody(shop, c, { lines: [{ id: customItemId(recipe), type: 'custom', quantity: 2, recipe }] })),
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { order: { lines: { recipe: unknown }[] } };
    expect(answer.order.lines[0]!.recipe).toMatchObject({ baseId: recipe.baseId });
    expect(res.body).toBe(JSON.stringify(PlacedOrderSchema.parse(answer)));
  });
});
