import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import {
  describeCoupon,
  normaliseCouponCode,
  unpaidHoldMessage,
  type CouponCart,
  type CouponEvaluation,
  type CouponRule,
} from '../../../shared/rules/coupons';
import type { AdminCoupon, CouponFields, CouponOutcome, CouponUsage } from '../../../shared/schemas/coupons';
import * as repo from './coupons.repository';
import { withTransactionRetry } from '../../lib/transaction-retry';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export function toRule(r: repo.CouponRow): CouponRule {
  return {
    code: r.code,
    kind: r.kind,
    value: r.value,
    minSubtotal: r.min_subtotal_paise,
    maxDiscount: r.max_discount_paise,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    usageLimit: r.usage_limit,
    perCustomerLimit: r.per_customer_limit,
    firstOrderOnly: r.first_order_only,
    appliesTo: r.applies_to,
    active: r.active,
    uses: r.uses,
  };
}

/**
 * What the coupon rule needs from the database for `code` (as typed): the coupon (null when there
 * is none) and, for a signed-in customer, their uses of it and whether they have ordered before.
 * Through `executor`, so placement reads inside its transaction.
 */
export async function couponFacts(
  executor: Executor,
  typed: string,
  userId: string | null,
): Promise<{ rule: CouponRule | null; customer: CouponCart['customer'] }> {
  const row = await repo.findByCode(executor, normaliseCouponCode(typed));
  if (!row) return { rule: null, customer: null };
  const history = userId ? await repo.customerHistory(executor, { couponId: row.id, userId }) : null;
  return {
    rule: toRule(row),
    customer: history ? { usesOfThisCoupon: history.uses, hasEarlierOrders: history.hasEarlierOrders, unpaid: history.unpaid } : null,
  };
}

/** The rule's answer in the shape the quote and /api/coupons/validate send. */
export function toOutcome(e: CouponEvaluation): CouponOutcome {
  return e.ok
    ? { code: e.code, applied: true, discount: e.discount, summary: e.summary, refusal: null }
    : { code: e.code, applied: false, discount: 0, summary: null, refusal: { ...e.refusal, amountNeeded: e.refusal.amountNeeded ?? null } };
}

const refusalAtPlacement = (code: string) => ({
  COUPON_EXHAUSTED: `${code} has just been used up. Remove it to place your order, or try another code.`,
  COUPON_ALREADY_USED: `You have already used ${code}. Remove it to place your order.`,
  COUPON_FIRST_ORDER_ONLY: `${code} is for your first order only. Remove it to place your order.`,
  COUPON_INACTIVE: `${code} is no longer available. Remove it to place your order.`,
});

/**
 * Inside the placing transaction: the quote (priced in this transaction) refused the code → the
 * order is refused with the rule's code and message (409); it accepted it → one use is taken with
 * conditional SQL (total limit, then the customer's limit and first-order-only, decided under the
 * coupon's row lock) and recorded against the order with the discount the quote granted.
 */
export async function consumeCoupon(
  trx: Trx,
  p: { userId: string; orderId: string; outcome: CouponOutcome | null },
): Promise<{ discountPaise: number }> {
  const o = p.outcome;
  if (!o) return { discountPaise: 0 };
  if (!o.applied) {
    const r = o.refusal!;
    throw new AppError(r.code, `${r.message} Remove the code to place your order without it.`, {
      details: { coupon: o.code, amountNeeded: r.amountNeeded },
    });
  }
  const messages = refusalAtPlacement(o.code);
  const taken = await repo.takeUse(trx, o.code);
  if (!taken) {
    const row = await repo.findByCode(trx, o.code);
    if (!row || !row.active) throw new AppError('COUPON_INACTIVE', messages.COUPON_INACTIVE);
    throw new AppError('COUPON_EXHAUSTED', messages.COUPON_EXHAUSTED);
  }
  const recorded = await repo.recordUseIfAllowed(trx, {
    couponId: taken.id,
    orderId: p.orderId,
    userId: p.userId,
    discountPaise: o.discount,
    perCustomerLimit: taken.per_customer_limit,
    firstOrderOnly: taken.first_order_only,
  });
  if (!recorded) {
    const h = await repo.customerHistory(trx, { couponId: taken.id, userId: p.userId, exceptOrderId: p.orderId });
    const u = h.unpaid;
    if (taken.first_order_only && h.hasEarlierOrders) {
      const msg = u?.onlyUnpaidOrders ? unpaidHoldMessage(o.code, u.orderNumber, u.usesHeld > 0) : messages.COUPON_FIRST_ORDER_ONLY;
      throw new AppError('COUPON_FIRST_ORDER_ONLY', msg);
    }
    throw new AppError(
      'COUPON_ALREADY_USED',
      u && u.usesHeld > 0 ? unpaidHoldMessage(o.code, u.orderNumber) : messages.COUPON_ALREADY_USED,
    );
  }
  return { discountPaise: o.discount };
}

/** Cancel / expiry, inside that transaction: the order's use is given back (at most once). */
export async function releaseCoupon(deps: Pick<AppDeps, 'clock'>, trx: Trx, orderId: string): Promise<void> {
  await repo.releaseUse(trx, orderId, deps.clock.now().toISOString());
}

/** A late payment reinstated an expired order: take its use again when the limit allows (decision 070). */
export async function retakeCoupon(trx: Trx, orderId: string): Promise<boolean> {
  return repo.retakeUse(trx, orderId);
}

// ---------- Admin (/admin/coupons) ----------

function toAdmin(r: repo.CouponRow, discountGiven: number): AdminCoupon {
  return {
    ...toRule(r),
    id: r.id,
    description: r.description,
    remaining: r.usage_limit === null ? null : Math.max(0, r.usage_limit - r.uses),
    discountGiven,
    summary: describeCoupon({ kind: r.kind, value: r.value, maxDiscount: r.max_discount_paise, minSubtotal: r.min_subtotal_paise }),
    updatedAt: r.updated_at,
  };
}

function toValues(f: CouponFields): repo.CouponValues {
  return {
    code: f.code,
    description: f.description,
    kind: f.kind,
    value: f.value,
    min_subtotal_paise: f.minSubtotal,
    max_discount_paise: f.kind === 'percent' ? f.maxDiscount : null,
    valid_from: f.validFrom,
    valid_to: f.validTo,
    usage_limit: f.usageLimit,
    per_customer_limit: f.perCustomerLimit,
    first_order_only: f.firstOrderOnly,
    applies_to: f.appliesTo,
    active: f.active,
  };
}

/** GET /api/admin/coupons */
export async function list(deps: Deps): Promise<{ coupons: AdminCoupon[] }> {
  const rows = await repo.listWithTotals(deps.db);
  return { coupons: rows.map((r) => toAdmin(r, Number(r.discount_given ?? 0))) };
}

/** POST /api/admin/coupons (audited) */
export async function create(deps: Deps, admin: AuthUser, f: CouponFields): Promise<AdminCoupon> {
  return withTransactionRetry(deps, async (trx) => {
    const row = await repo.insertCoupon(trx, toValues(f));
    if (!row)
      throw new AppError('CONFLICT', `There is already a coupon ${f.code}.`, {
        fieldErrors: { code: [`There is already a coupon ${f.code}`] },
      });
    const out = toAdmin(row, 0);
    await recordAudit(trx, admin, { action: 'coupon.create', entity: 'coupon', entityId: row.id, after: out });
    return out;
  });
}

/** PUT /api/admin/coupons/{id} (audited). A usage limit below the uses already held is refused. */
export async function update(deps: Deps, admin: AuthUser, id: string, f: CouponFields): Promise<AdminCoupon> {
  return withTransactionRetry(deps, async (trx) => {
    const before = await repo.lockCoupon(trx, id);
    if (!before) throw notFound('That coupon');
    if (f.usageLimit !== null && f.usageLimit < before.uses) {
      const msg = `${before.code} has been used ${before.uses} times already; the usage limit cannot be lower.`;
      throw new AppError('BAD_REQUEST', msg, { fieldErrors: { usageLimit: [msg] } });
    }
    if (f.code !== before.code && before.uses > 0) {
      const msg = 'A coupon that has been used keeps its code. Deactivate it and create a new one.';
      throw new AppError('BAD_REQUEST', msg, { fieldErrors: { code: [msg] } });
    }
    if (f.code !== before.code && (await repo.findByCode(trx, f.code))) {
      throw new AppError('CONFLICT', `There is already a coupon ${f.code}.`, {
        fieldErrors: { code: [`There is already a coupon ${f.code}`] },
      });
    }
    const row = (await repo.updateCoupon(trx, id, toValues(f)))!;
    const given = await repo.discountGiven(trx, id);
    const out = toAdmin(row, given);
    await recordAudit(trx, admin, { action: 'coupon.update', entity: 'coupon', entityId: id, before: toAdmin(before, given), after: out });
    return out;
  });
}

/** POST /api/admin/coupons/{id}/deactivate (audited): no new uses; orders that hold one keep it. */
export async function deactivate(deps: Deps, admin: AuthUser, id: string): Promise<AdminCoupon> {
  return withTransactionRetry(deps, async (trx) => {
    const before = await repo.lockCoupon(trx, id);
    if (!before) throw notFound('That coupon');
    const row = (await repo.updateCoupon(trx, id, { active: false }))!;
    const given = await repo.discountGiven(trx, id);
    await recordAudit(trx, admin, {
      action: 'coupon.deactivate',
      entity: 'coupon',
      entityId: id,
      before: { active: before.active },
      after: { active: false },
    });
    return toAdmin(row, given);
  });
}

/** GET /api/admin/coupons/{id}/usage: the orders that used it and the discount each got. */
export async function usage(deps: Deps, id: string): Promise<CouponUsage> {
  const row = await repo.findById(deps.db, id);
  if (!row) throw notFound('That coupon');
  const [uses, given] = await Promise.all([repo.usesOf(deps.db, id), repo.discountGiven(deps.db, id)]);
  return {
    coupon: toAdmin(row, given),
    uses: uses.map((u) => ({
      orderId: u.order_id,
      orderNumber: u.number,
      customerEmail: u.contact_email,
      discount: u.discount_paise,
      at: u.created_at,
      released: u.released_at !== null,
    })),
  };
}
