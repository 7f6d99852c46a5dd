import type { AppDeps } from '../deps';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../trpc/context';
import type { PlaceOrderInput } from '../../shared/schemas/orders';
import type { Quote } from '../../shared/schemas/cart';
import type { RawBuilder } from 'kysely';
import { AppError } from './errors';

/**
 * What one placing step is (decisions 131, 242): it lives in the domain that owns the rows it reads
 * and writes, and the pipeline (server/domains/orders/place-order.ts) only puts the steps in order.
 * This file names no domain: each step states, in its own domain's types, the part of the draft it
 * reads and writes (`D`), and the compiler checks the pipeline's draft has it.
 *
 * Placement is plan, then execute, in two statements whatever the number of steps (decision 021):
 * - `read` (plan): the step's own SQL in the ONE statement that opens the transaction — a named
 *   column (and the CTEs it needs, e.g. the slot's conditional booking), decoded by the step. Every
 *   step's read runs before any step applies.
 * - `apply` judges what its column read and what earlier steps put on the draft, puts its result on
 *   the draft, or throws a refusal. A refusal (or any fault) rolls the whole transaction back.
 * - `write` (execute): the step's own SQL in the ONE order-writing statement — CTEs that run only
 *   when the order row was written (the stock it reserves, the wallet charge, the cart lines out).
 * - `release` gives back, after the order committed, what the step took for that order (cancel,
 *   expiry). Keyed by the order and idempotent: twice gives back once, and an order the step took
 *   nothing for gets nothing.
 * - `retake` (optional) takes again what `release` gave back, for an expired order whose payment
 *   arrived late and which is reinstated; it may take less when the thing ran out meanwhile.
 */
export interface PlacementStep<D extends PlacementBase = PlacementBase> {
  read?: (deps: AppDeps, open: PlacementBase) => ReadPiece;
  apply: (deps: AppDeps, trx: Trx, draft: D) => Promise<void>;
  /** null: nothing to write for this order (a cash order's wallet). */
  write?: (draft: D) => WritePiece | null;
  release: (deps: AppDeps, trx: Trx, order: PlacedOrderRef) => Promise<void>;
  retake?: (deps: AppDeps, trx: Trx, order: PlacedOrderRef) => Promise<void>;
}

/**
 * A step's column of the placing read statement: `(column) as name`, after the statement's CTEs
 * (`ctes`, when it needs some); `decode` turns the column's value into what the step reads as
 * `draft.read[name]`. Its SQL comes from the step's own domain repository.
 */
export interface ReadPiece<T = unknown> {
  name: string;
  /** null: nothing to read (the input was refused before any SQL); the column is SQL null. */
  column: RawBuilder<unknown> | null;
  ctes?: RawBuilder<unknown>;
  decode: (raw: unknown) => T;
}

/**
 * A step's CTEs of the order-writing statement: they run only when the order row was written
 * (`when`: a condition on the new order), with their parameters in text order; `shape` names their
 * text, the same for every call with that shape (the statement is compiled once per shape).
 * `check` (at most one per statement, no parameters) is answered beside the new order: false means
 * the step's conditional write did not happen, and its `refusal` refuses the order.
 */
export interface WritePiece {
  shape: string;
  ctes: (when: RawBuilder<unknown>) => RawBuilder<unknown>;
  params: readonly unknown[];
  check?: { sql: RawBuilder<boolean>; refusal: () => AppError };
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
