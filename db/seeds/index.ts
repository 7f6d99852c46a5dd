import type { Db, Executor } from '../database';
import { DEFAULT_PRICING } from '../../shared/schemas/catalogue';
import { SEED_INGREDIENTS, SEED_PAR_BOTTLES, SEED_PORTIONS, SEED_RECIPES, SEED_SHAKES, SEED_STOCK_BOTTLES, SEED_SUPPLIERS, SEED_DEMO_COVER_MORNINGS, SEED_SHORT_INGREDIENT } from './catalogue';
import { sql } from 'kysely';
import { SEED_PINCODES, SEED_SLOTS } from './slots';
import { SEED_PLANS } from './subscriptions';
import { SEED_COUPONS } from './coupons';
import { DEFAULT_SLOT_CONFIG } from '../../shared/rules/slots';

/**
 * Demo data. Each seed runs once per database (recorded in seed_runs), so an
 * admin's later edits and deletions are never undone by a restart. Domains add
 * their seeds (plans, slots, PIN codes, coupons) to the list below, in order.
 */
export interface Seed {
  name: string;
  /** Only where the shop itself seeds (boot, `npm run db:seed`), not the tests' template database. */
  demoOnly?: boolean;
  run(trx: Executor): Promise<void>;
}

export const seeds: Seed[] = [
  {
    name: 'catalogue-v1',
    async run(trx) {
      await trx.insertInto('ingredients').values(SEED_INGREDIENTS).onConflict((oc) => oc.column('slug').doNothing()).execute();
      await trx.insertInto('signature_shakes').values(SEED_SHAKES).onConflict((oc) => oc.column('slug').doNothing()).execute();
    },
  },
  {
    name: 'pricing-v1',
    async run(trx) {
      await trx
        .insertInto('settings')
        .values({ key: 'pricing', value: JSON.stringify(DEFAULT_PRICING) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
  },
  {
    name: 'delivery-v1',
    async run(trx) {
      await trx.insertInto('serviceable_pincodes').values(SEED_PINCODES).onConflict((oc) => oc.column('pincode').doNothing()).execute();
      await trx.insertInto('delivery_slots').values(SEED_SLOTS).execute();
      await trx
        .insertInto('settings')
        .values({ key: 'slot-configuration', value: JSON.stringify(DEFAULT_SLOT_CONFIG) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
  },
  {
    name: 'subscription-plans-v1',
    async run(trx) {
      await trx.insertInto('subscription_plans').values(SEED_PLANS).onConflict((oc) => oc.column('slug').doNothing()).execute();
    },
  },
  {
    name: 'coupons-v1',
    async run(trx) {
      await trx.insertInto('coupons').values(SEED_COUPONS).onConflict((oc) => oc.column('code').doNothing()).execute();
    },
  },
  {
    // Recipes with quantities, portion sizes, and the opening stock received: the
    // ledger's first row per ingredient, with its balance, so on hand = the ledger's sum from the start.
    name: 'stock-v1',
    async run(trx) {
      for (const [slug, p] of Object.entries(SEED_PORTIONS)) {
        await trx.updateTable('ingredients').set({ stock_unit: p.unit, portion_qty: p.portion }).where('slug', '=', slug).execute();
      }
      const recipeRows = Object.entries(SEED_RECIPES).flatMap(([shake, items]) =>
        Object.entries(items).map(([ingredient, qty]) => ({ shake, ingredient, qty })),
      );
      await sql`insert into shake_recipe_items (shake_id, ingredient_id, qty_per_bottle)
        select s.id, i.id, r.qty
        from json_to_recordset(${JSON.stringify(recipeRows)}::json) as r(shake text, ingredient text, qty int)
        join signature_shakes s on s.slug = r.shake join ingredients i on i.slug = r.ingredient
        on conflict do nothing`.execute(trx);
      await sql`with per_bottle as (
          select i.id, greatest(i.portion_qty, coalesce(max(r.qty_per_bottle), 0)) as qty
          from ingredients i left join shake_recipe_items r on r.ingredient_id = i.id
          where i.portion_qty > 0 group by i.id
        ), levels as (
          insert into stock_balances (ingredient_id, on_hand, par_level)
          select id, qty * ${SEED_STOCK_BOTTLES}::int, qty * ${SEED_PAR_BOTTLES}::int from per_bottle
          on conflict do nothing
          returning ingredient_id, on_hand
        )
        insert into stock_movements (ingredient_id, kind, delta, on_hand_after, batch, reason)
        select ingredient_id, 'received', on_hand, on_hand, 'OPENING', 'Opening stock of the demo shop' from levels`.execute(trx);
    },
  },
  {
    // Where the bought ingredients come from (decision 262): the purchase plan's lists per supplier.
    // Hydroponic ingredients are harvested at the farm and have none.
    name: 'suppliers-v1',
    async run(trx) {
      for (const [supplier, slugs] of Object.entries(SEED_SUPPLIERS)) {
        await trx.updateTable('ingredients').set({ supplier }).where('slug', 'in', slugs).where('hydroponic', '=', false).execute();
      }
    },
  },
  {
    // Realistic demo stock (decision 263): a few mornings of cover instead of 3,000 bottles' worth, and
    // mint under its par, so a newcomer sees the stock, the plan and the kitchen at work. A stock-take
    // on the ledger like any other; the tests' template keeps the large opening stock they count on.
    name: 'demo-stock-v1',
    demoOnly: true,
    async run(trx) {
      await sql`with target as (
          select b.ingredient_id, b.on_hand,
            (case when i.slug = ${SEED_SHORT_INGREDIENT} then b.par_level * 6 / 10 else b.par_level * ${SEED_DEMO_COVER_MORNINGS}::int end)::int as qty
          from stock_balances b join ingredients i on i.id = b.ingredient_id
          where b.on_hand > b.par_level * ${SEED_DEMO_COVER_MORNINGS}::int
        ),
        moved as (
          update stock_balances b set on_hand = t.qty, updated_at = now()
          from target t where b.ingredient_id = t.ingredient_id and stock_spread(b.ingredient_id, t.qty - t.on_hand)
          returning b.ingredient_id, t.qty, t.on_hand
        )
        insert into stock_movements (ingredient_id, kind, delta, on_hand_after, reason)
        select ingredient_id, 'counted', qty - on_hand, qty, 'Demo stock-take: a few mornings of cover' from moved`.execute(trx);
    },
  },
];

export async function runSeeds(db: Db, opts: { demo?: boolean } = {}): Promise<string[]> {
  // One read finds the seeds already run (every one, on a restart); each missing seed
  // still claims its seed_runs row inside its own transaction, so it runs once even
  // when two processes boot together.
  const done = new Set((await db.selectFrom('seed_runs').select('name').execute()).map((r) => r.name));
  const ran: string[] = [];
  for (const seed of seeds) {
    if (done.has(seed.name) || (seed.demoOnly && !opts.demo)) continue;
    const did = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('seed_runs')
        .values({ name: seed.name })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('name')
        .executeTakeFirst();
      if (!inserted) return false;
      await seed.run(trx);
      return true;
    });
    if (did) ran.push(seed.name);
  }
  return ran;
}
