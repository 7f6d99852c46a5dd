import type { AppDeps } from '../deps';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../trpc/context';
import type { PlaceOrderInput } from '../../shared/schemas/orders';
import type { Quote } from '../../shared/schemas/cart';
import { AppError } from './errors';

/**
 * What one placing step is (issue 27, decision 131): it lives in the domain that owns the rows it
 * writes, and the pipeline (server/domains/orders/place-order.ts) only puts the steps in order.
 * This file names no domain: each step states, in its own domain's types, the part of the draft it
 * reads and writes (`D`), and the compiler checks the pipeline's draft has it.
 *
 * - `apply` runs inside the placing transaction, reads what earlier steps put on the draft, writes
 *   its own rows and puts its result on the draft, or throws a refusal. A refusal (or any fault)
 *   rolls the whole transaction back: inside placement, the undo is the rollback.
 * - `release` gives back, after the order committed, what `apply` took for that order (cancel,
 *   expiry). Keyed by the order and idempotent: twice gives back once, and an order the step took
 *   nothing for gets nothing.
 * - `retake` (optional) takes again what `release` gave back, for an expired order whose payment
 *   arrived late and which is reinstated; it may take less when the thing ran out meanwhile.
 */
export interface PlacementStep<D extends PlacementBase = PlacementBase> {
  apply: (deps: AppDeps, trx: Trx, draft: D) => Promise<void>;
  release: (deps: AppDeps, trx: Trx, order: PlacedOrderRef) => Promise<void>;
  retake?: (deps: AppDeps, trx: Trx, order: PlacedOrderRef) => Promise<void>;
}

/** What every step may read: the placing input, whose order it is, and the order's id. */
export interface PlacementBase {
  /** Assigned before the first write, so every step's rows can point at the order (decision 131). */
  readonly orderId: string;
  readonly user: AuthUser;
  readonly input: PlaceOrderInput;
  readonly key: string;
  readonly hash: string;
  readonly now: Date;
}

/** The take steps (coupon, points, free unit) read the quote the price step put on the draft. */
export interface QuotedDraft extends PlacementBase {
  quote?: Quote;
}

/** What `release` and `retake` need of a placed order: the columns placement wrote. */
export interface PlacedOrderRef {
  id: string;
  user_id: string;
  slot_id: string;
  slot_date: string;
  plan_type: string;
  coupon_code: string | null;
  points_redeemed: number;
  points_to_earn?: number;
  free_unit_discount_paise: number;
}

/** A step read a result an earlier step puts on the draft, and it is not there: the step list is out of order. */
export function needs<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`placement: ${what} is not on the draft yet; check the step order in place-order.ts`);
  return value;
}

/** A take step granted a different discount than the quote priced: the order is refused, never charged one amount and consumed another. */
export function discountsChanged(): AppError {
  return new AppError('CONFLICT', 'Your discounts changed while the order was being placed. Please review your order and try again.');
}
