import type { Executor } from '../../../db/database';
import type { ChargeKind } from '../../lib/payments/charge-kinds';

/**
 * The one charge model's reads (decision 280): the `charges` view (db/migrations/2026_12_07_1300)
 * over every kind's rows. The view's columns are nullable to the type generator; every branch fills
 * them as ChargeRow says.
 */

export interface ChargeRow {
  id: string;
  kind: ChargeKind;
  provider: string;
  user_id: string;
  order_id: string | null;
  subscription_id: string | null;
  amount_paise: number;
  captured_paise: number;
  refunded_paise: number;
  status: 'pending' | 'paid' | 'failed' | 'refunded' | 'abandoned';
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  method: string | null;
  created_at: string;
}

/** The charge a gateway order id belongs to, of whatever kind: one statement (each branch uses its unique index). */
export async function kindOfGatewayOrder(db: Executor, gatewayOrderId: string): Promise<{ id: string; kind: ChargeKind } | undefined> {
  const r = await db.selectFrom('charges').select(['id', 'kind']).where('gateway_order_id', '=', gatewayOrderId).executeTakeFirst();
  return r ? { id: r.id!, kind: r.kind as ChargeKind } : undefined;
}

export interface ChargeFilter {
  kind?: ChargeKind;
  status?: ChargeRow['status'];
  limit: number;
  offset: number;
}

function filtered(db: Executor, f: Omit<ChargeFilter, 'limit' | 'offset'>) {
  let q = db.selectFrom('charges as c');
  if (f.kind) q = q.where('c.kind', '=', f.kind);
  if (f.status) q = q.where('c.status', '=', f.status);
  return q;
}

/** A page of charges, newest first, with the customer's e-mail. */
export async function listCharges(db: Executor, f: ChargeFilter): Promise<(ChargeRow & { email: string | null })[]> {
  const rows = await filtered(db, f)
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select('u.email')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return rows as (ChargeRow & { email: string | null })[];
}

export async function countCharges(db: Executor, f: Omit<ChargeFilter, 'limit' | 'offset'>): Promise<number> {
  const r = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
