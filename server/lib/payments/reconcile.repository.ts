import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/** Tables of gateway orders that are settled by their own reconciler (decision 153's pattern). */
export type UnsettledTable = 'subscription_payments' | 'wallet_top_ups';

export interface ReconcileWindow {
  gateway: string;
  now: string;
  minAgeBefore: string;
  recentSince: string;
  leaseUntil: string;
  limit: number;
}

/**
 * Leases unsettled gateway payments (created, or failed and perhaps retried at the gateway) that are
 * old enough for the browser to have given up and recent enough to still be paid: each goes to one
 * instance until `leaseUntil` (SKIP LOCKED). Answers their gateway order ids.
 */
export async function claimUnsettled(db: Executor, table: UnsettledTable, p: ReconcileWindow): Promise<string[]> {
  const t = sql.table(table);
  const { rows } = await sql<{ gateway_order_id: string }>`
    update ${t} set reconcile_after = ${p.leaseUntil}::timestamptz
    where id in (
      select id from ${t}
      where status in ('created', 'failed')
        and gateway = ${p.gateway}
        and created_at <= ${p.minAgeBefore}::timestamptz
        and created_at >= ${p.recentSince}::timestamptz
        and (reconcile_after is null or reconcile_after <= ${p.now}::timestamptz)
      order by created_at
      limit ${p.limit}
      for update skip locked
    )
    returning gateway_order_id
  `.execute(db);
  return rows.map((r) => r.gateway_order_id);
}
