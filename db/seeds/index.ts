import type { Db, Executor } from '../database';
import { DEFAULT_PRICING } from '../../shared/schemas/catalogue';
import { SEED_INGREDIENTS, SEED_SHAKES } from './catalogue';
import { SEED_PINCODES, SEED_SLOTS } from './delivery';
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
];

export async function runSeeds(db: Db): Promise<string[]> {
  // One read finds the seeds already run (every one, on a restart); each missing seed
  // still claims its seed_runs row inside its own transaction, so it runs once even
  // when two processes boot together.
  const done = new Set((await db.selectFrom('seed_runs').select('name').execute()).map((r) => r.name));
  const ran: string[] = [];
  for (const seed of seeds) {
    if (done.has(seed.name)) continue;
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
