import crypto from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import type { PlaceOrderInput } from '../../../shared/schemas/orders';
import { readPlacement } from '../../statements/placement.repository';
import type { OrderWithDetails } from './orders.repository';
import type { PricingDraft } from '../cart/cart.placement';
import type { CheckDraft } from '../addresses/addresses.placement';
import type { BookingDraft } from '../slots/slots.placement';
import { priceCart } from '../cart/cart.placement';
import { checkMethodAndAddress } from '../addresses/addresses.placement';
import { bookTheSlot } from '../slots/slots.placement';
import { takeCoupon } from '../coupons/coupons.placement';
import { takePoints } from '../rewards/rewards.placement';
import { takeFreeUnitStep } from '../subscriptions/subscriptions.placement';
import { chargeWallet, type WalletDraft } from '../wallet/wallet.placement';
import { writeTheOrder } from './orders.placement';
import { reserveStock, type StockDraft } from '../stock/stock.placement';
import { needs, type PlacedOrderRef, type PlacementBase, type PlacementStep, type QuotedDraft, type ReadPiece, type WritePiece } from '../../lib/placement';
import type { SessionCheck } from '../../lib/auth-guard';

/**
 * Placing an order, as its steps (decisions 131, 242). Each step is in the domain that owns its
 * rows and brings its own SQL (server/lib/placement.ts); this module only orders them. Plan, then
 * execute: one statement reads every step's column (the slot is booked there), the steps judge in
 * this order, and the write step's one statement writes the order with every step's writes. Adding
 * a step is one line here and one file in its domain.
 */
const STEPS = {
  price: priceCart,
  check: checkMethodAndAddress,
  book: bookTheSlot,
  reserveStock,
  coupon: takeCoupon,
  points: takePoints,
  freeUnit: takeFreeUnitStep,
  chargeWallet: chargeWallet,
  write: writeTheOrder,
} satisfies Record<PlacementStepName, PlacementStep<PlacementDraft> | null>;

export type PlacementStepName = 'price' | 'check' | 'book' | 'reserveStock' | 'coupon' | 'points' | 'freeUnit' | 'chargeWallet' | 'write';
const IN_ORDER = Object.entries(STEPS) as [PlacementStepName, PlacementStep<PlacementDraft> | null][];
/** The steps the pipeline runs, in its order: the fault-injection test loops over this very list. */
export const PLACEMENT_STEP_NAMES: readonly PlacementStepName[] = IN_ORDER.filter(([, step]) => step).map(([name]) => name);

/**
 * The draft the steps fill in, step by step: every step's part of it (the compiler checks each step
 * gets what it declares), the one statement's rows, and the order as written.
 */
export interface PlacementDraft extends PricingDraft, CheckDraft, BookingDraft, StockDraft, QuotedDraft, WalletDraft {
  /** Every step's read, by its name (the one read statement). */
  readonly read: PricingDraft['read'] & CheckDraft['read'] & BookingDraft['read'];
  /** Every step's write for this order, in step order (the write step puts them in its statement). */
  readonly writes: () => readonly WritePiece[];
  /** write: the order as written (the answer is built from it, with no read-back). */
  written?: OrderWithDetails;
}

export interface PlacementContext {
  key: string;
  hash: string;
  now: Date;
  /** A standing delivery's order: the customer's server cart is left as it is. */
  keepCart?: boolean;
  /** Fault injection for tests: runs right after each step, inside the transaction. */
  afterStep?: (name: PlacementStepName, trx: Trx) => Promise<void>;
  /**
   * The shopper's session when the request left it unread (decision 320): the read statement carries
   * it as its first column and the guard judges it before any step reads its own column.
   */
  session?: SessionCheck | null;
}

/** The placing transaction: one statement reads (and books), then the steps judge in order, the last writing. Any refusal or fault rolls it all back. */
export async function placeInTransaction(
  deps: AppDeps,
  trx: Trx,
  user: AuthUser,
  input: PlaceOrderInput,
  ctx: PlacementContext,
): Promise<OrderWithDetails> {
  const draft = await openDraft(deps, trx, user, input, ctx);
  for (const [name, step] of IN_ORDER) {
    if (!step) continue;
    await step.apply(deps, trx, draft);
    await ctx.afterStep?.(name, trx);
  }
  return needs(draft.written, 'the written order');
}

/**
 * The one undo path (cancel, expiry): every step gives back what it took for the order, in the
 * placing order — the slot first, then stock and the rest — so a cancel takes its row locks in the
 * order a placement does and the two never deadlock (a cancel that released stock first and the slot
 * second did, against a placement holding the slot and waiting for a stock row).
 */
export async function releasePlacement(deps: AppDeps, trx: Trx, order: PlacedOrderRef): Promise<void> {
  for (const [, step] of IN_ORDER) await step?.release(deps, trx, order);
}

/** An expired order paid late is reinstated: every step takes again what it gave back (the slot first; it may refuse). */
export async function retakePlacement(deps: AppDeps, trx: Trx, order: PlacedOrderRef): Promise<void> {
  for (const [, step] of IN_ORDER) await step?.retake?.(deps, trx, order);
}

/**
 * The order's id, and the one statement that reads what the steps judge: every step's column, in
 * step order (the catalogue rows, the address with its served area, the slot booked with the
 * order's hold, the live subscription; server/statements/placement.repository.ts puts them together).
 */
async function openDraft(deps: AppDeps, trx: Trx, user: AuthUser, input: PlaceOrderInput, ctx: PlacementContext): Promise<PlacementDraft> {
  const open: PlacementBase = { orderId: crypto.randomUUID(), user, input, key: ctx.key, hash: ctx.hash, now: ctx.now };
  const session = ctx.session && !ctx.session.confirmed ? [sessionPiece(ctx.session)] : [];
  const read = (await readPlacement(trx, [
    ...session,
    ...IN_ORDER.flatMap(([, step]) => (step?.read ? [step.read(deps, open)] : [])),
  ])) as PlacementDraft['read'];
  const draft: PlacementDraft = {
    ...open,
    read,
    keepCart: ctx.keepCart,
    writes: () => IN_ORDER.flatMap(([, step]) => (step?.write ? [step.write(draft)] : [])).filter((w): w is WritePiece => w !== null),
  };
  return draft;
}

/** The session's column of the read statement: decoded first, so an ended session refuses before any step's column is looked at. */
function sessionPiece(session: SessionCheck): ReadPiece<void> {
  return { name: 'session', column: session.column(), decode: (raw) => session.judge(raw) };
}
