import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { Coupons as CouponsTable } from '../../../db/generated/database';

export type CouponRow = Selectable<CouponsTable>;

export function findByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findById(db: Executor, id: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * What the rule needs to know about a signed-in customer and one coupon, in one statement:
 * the customer's uses of it still held, and whether they have an order that is not cancelled
 * (other than `exceptOrderId`, the order being placed).
 */
export async function customerHistory(
  db: Executor,
  p: { couponId: string | null; userId: string; exceptOrderId?: string | null },
): Promise<{ uses: number; hasEarlierOrders: boolean; unpaid: UnpaidHold | null }> {
  // Besides the counts the rule decides on: how much of them is unpaid orders' (status
  // pending_payment), so a refusal caused only by an order not yet paid can name it.
  const r = await sql<{ uses: number; has_orders: boolean; unpaid_uses: number; has_settled: boolean; unpaid_number: string | null }>`
    select
      (select count(*)::int from coupon_uses u
        where u.coupon_id = ${p.couponId} and u.user_id = ${p.userId} and u.released_at is null) as uses,
      exists (select 1 from orders o
        where o.user_id = ${p.userId} and o.status <> 'cancelled'
          and o.id is distinct from ${p.exceptOrderId ?? null}::uuid) as has_orders,
      (select count(*)::int from coupon_uses u join orders o on o.id = u.order_id
        where u.coupon_id = ${p.couponId} and u.user_id = ${p.userId} and u.released_at is null
          and o.status = 'pending_payment') as unpaid_uses,
      exists (select 1 from orders o
        where o.user_id = ${p.userId} and o.status not in ('cancelled', 'pending_payment')
          and o.id is distinct from ${p.exceptOrderId ?? null}::uuid) as has_settled,
      (select o.number from orders o
        where o.user_id = ${p.userId} and o.status = 'pending_payment'
          and o.id is distinct from ${p.exceptOrderId ?? null}::uuid
        order by (exists (select 1 from coupon_uses u where u.order_id = o.id and u.coupon_id = ${p.couponId} and u.released_at is null)) desc,
          o.created_at desc
        limit 1) as unpaid_number`.execute(db);
  const row = r.rows[0]!;
  return {
    uses: Number(row.uses),
    hasEarlierOrders: row.has_orders,
    unpaid: row.unpaid_number
      ? { orderNumber: row.unpaid_number, usesHeld: Number(row.unpaid_uses), onlyUnpaidOrders: !row.has_settled }
      : null,
  };
}

/** An unpaid order of the customer's that holds a use of the coupon or counts as an earlier order. */
export interface UnpaidHold {
  orderNumber: string;
  /** Uses of this coupon held by unpaid orders. */
  usesHeld: number;
  /** True when every earlier order (not cancelled) is unpaid. */
  onlyUnpaidOrders: boolean;
}

/**
 * Takes one use of an active coupon when its total limit allows: the conditional update holds the
 * coupon's row lock until the transaction ends, so every placement using this coupon passes here
 * one at a time (on any number of server instances) and the WHERE is decided on the latest count.
 */
export function takeUse(db: Executor, code: string) {
  return db
    .updateTable('coupons')
    .set({ uses: sql`uses + 1`, updated_at: sql`now()` })
    .where('code', '=', code)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('uses', '<', eb.ref('usage_limit'))]))
    .returning(['id', 'per_customer_limit', 'first_order_only'])
    .executeTakeFirst();
}

/**
 * Records the use for the order when the customer's own limit (and first-order-only) still
 * allow it, decided in the same statement. Runs after takeUse, under the coupon's row lock; in
 * READ COMMITTED this statement's snapshot sees every use committed before the lock was granted.
 */
export async function recordUseIfAllowed(
  db: Executor,
  p: { couponId: string; orderId: string; userId: string; discountPaise: number; perCustomerLimit: number | null; firstOrderOnly: boolean },
): Promise<boolean> {
  const r = await sql<{ id: string }>`
    insert into coupon_uses (coupon_id, order_id, user_id, discount_paise)
    select ${p.couponId}, ${p.orderId}, ${p.userId}, ${p.discountPaise}
    where (${p.perCustomerLimit}::int is null or (
        select count(*) from coupon_uses u
        where u.coupon_id = ${p.couponId} and u.user_id = ${p.userId} and u.released_at is null) < ${p.perCustomerLimit}::int)
      and (not ${p.firstOrderOnly}::boolean or not exists (
        select 1 from orders o where o.user_id = ${p.userId} and o.status <> 'cancelled' and o.id <> ${p.orderId}))
    returning id`.execute(db);
  return r.rows.length > 0;
}

/** Gives back the order's coupon use (once: only a use not yet released moves). */
export async function releaseUse(db: Executor, orderId: string, at: string): Promise<boolean> {
  const r = await sql<{ coupon_id: string }>`
    with released as (
      update coupon_uses set released_at = ${at} where order_id = ${orderId} and released_at is null returning coupon_id
    )
    update coupons c set uses = c.uses - 1, updated_at = now() from released r where c.id = r.coupon_id and c.uses > 0
    returning c.id as coupon_id`.execute(db);
  return r.rows.length > 0;
}

/**
 * Takes the order's released use again (a late payment reinstated an expired order, paid at its
 * discounted price), when the total limit still allows. Returns whether it did.
 */
export async function retakeUse(db: Executor, orderId: string): Promise<boolean> {
  const r = await sql<{ id: string }>`
    with taken as (
      update coupons c set uses = c.uses + 1, updated_at = now()
      from coupon_uses u
      where u.order_id = ${orderId} and u.released_at is not null and c.id = u.coupon_id
        and (c.usage_limit is null or c.uses < c.usage_limit)
      returning c.id
    )
    update coupon_uses set released_at = null
    where order_id = ${orderId} and released_at is not null and exists (select 1 from taken)
    returning id`.execute(db);
  return r.rows.length > 0;
}

export interface AdminCouponRow extends CouponRow {
  discount_given: number;
}

export function listWithTotals(db: Executor): Promise<AdminCouponRow[]> {
  return db
    .selectFrom('coupons as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('coupon_uses as u')
        .select(sql<number>`coalesce(sum(u.discount_paise), 0)::int`.as('s'))
        .whereRef('u.coupon_id', '=', 'c.id')
        .where('u.released_at', 'is', null)
        .as('discount_given'),
    )
    .orderBy('c.active', 'desc')
    .orderBy('c.code')
    .execute() as Promise<AdminCouponRow[]>;
}

export function discountGiven(db: Executor, couponId: string): Promise<number> {
  return db
    .selectFrom('coupon_uses')
    .select(sql<number>`coalesce(sum(discount_paise), 0)::int`.as('s'))
    .where('coupon_id', '=', couponId)
    .where('released_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.s));
}

export type CouponValues = Omit<CouponRow, 'id' | 'uses' | 'created_at' | 'updated_at'>;

export function insertCoupon(db: Executor, v: CouponValues): Promise<CouponRow | undefined> {
  return db
    .insertInto('coupons')
    .values(v)
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Locks a coupon row for an edit (so the usage count the edit checks against cannot move under it). */
export function lockCoupon(db: Executor, id: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateCoupon(db: Executor, id: string, v: Partial<CouponValues>): Promise<CouponRow | undefined> {
  return db
    .updateTable('coupons')
    .set({ ...v, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function usesOf(db: Executor, couponId: string, limit = 200) {
  return db
    .selectFrom('coupon_uses as u')
    .innerJoin('orders as o', 'o.id', 'u.order_id')
    .select(['u.order_id', 'o.number', 'o.contact_email', 'u.discount_paise', 'u.created_at', 'u.released_at'])
    .where('u.coupon_id', '=', couponId)
    .orderBy('u.created_at', 'desc')
    .limit(limit)
    .execute();
}
