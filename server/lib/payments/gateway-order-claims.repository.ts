import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { GatewayOrderClaims } from '../../../db/generated/database';

export type ClaimRow = Selectable<GatewayOrderClaims> & { lease_over: boolean };

const withLease = sql<boolean>`coalesce(reserved_until <= now(), false)`.as('lease_over');

/**
 * Claim a key before the gateway is called: a new 'creating' row with a lease (database time, the
 * same for every instance), or the take-over of one whose gateway call failed or whose lease ran
 * out. Answers the claim when it is ours now (its `reserved_until` is our token), else undefined.
 */
export async function claim(
  db: Executor,
  c: { scope: string; key: string; amountPaise: number; gateway: 'razorpay' | 'test'; leaseSeconds: number },
): Promise<ClaimRow | undefined> {
  const lease = sql<string>`now() + (${c.leaseSeconds}::int * interval '1 second')`;
  const fresh = await db
    .insertInto('gateway_order_claims')
    .values({ scope: c.scope, idempotency_key: c.key, amount_paise: c.amountPaise, gateway: c.gateway, status: 'creating', reserved_until: lease })
    .onConflict((oc) => oc.columns(['scope', 'idempotency_key']).doNothing())
    .returningAll()
    .returning(withLease)
    .executeTakeFirst();
  if (fresh) return fresh;
  return db
    .updateTable('gateway_order_claims')
    .set({ status: 'creating', reserved_until: lease, last_error: null, updated_at: sql`now()` })
    .where('scope', '=', c.scope)
    .where('idempotency_key', '=', c.key)
    .where('amount_paise', '=', c.amountPaise)
    .where((eb) => eb.or([eb('status', '=', 'not_created'), eb.and([eb('status', '=', 'creating'), eb('reserved_until', '<=', sql<string>`now()`)])]))
    .returningAll()
    .returning(withLease)
    .executeTakeFirst();
}

export function findClaim(db: Executor, scope: string, key: string): Promise<ClaimRow | undefined> {
  return db
    .selectFrom('gateway_order_claims')
    .selectAll()
    .select(withLease)
    .where('scope', '=', scope)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The gateway answered: our claim (still ours: same token) holds its order now. */
export async function fillClaim(db: Executor, c: { scope: string; key: string; token: string; gatewayOrderId: string }): Promise<boolean> {
  const r = await db
    .updateTable('gateway_order_claims')
    .set({ status: 'created', gateway_order_id: c.gatewayOrderId, reserved_until: null, updated_at: sql`now()` })
    .where('scope', '=', c.scope)
    .where('idempotency_key', '=', c.key)
    .where('status', '=', 'creating')
    // The driver reads timestamps to the millisecond: the token is compared at that precision.
    .where(sql<boolean>`date_trunc('milliseconds', reserved_until) = ${c.token}::timestamptz`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The gateway refused or could not be reached: the next request with the key may try again. */
export async function abandonClaim(db: Executor, c: { scope: string; key: string; token: string; error: string }): Promise<void> {
  await db
    .updateTable('gateway_order_claims')
    .set({ status: 'not_created', reserved_until: null, last_error: c.error.slice(0, 500), updated_at: sql`now()` })
    .where('scope', '=', c.scope)
    .where('idempotency_key', '=', c.key)
    .where('status', '=', 'creating')
    // The driver reads timestamps to the millisecond: the token is compared at that precision.
    .where(sql<boolean>`date_trunc('milliseconds', reserved_until) = ${c.token}::timestamptz`)
    .execute();
}
