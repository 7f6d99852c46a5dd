import crypto from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import type { PlaceOrderInput } from '../../../shared/schemas/orders';
import { readAndBook } from '../../statements/placement.repository';
import { catalogueIdsOf } from '../cart/cart.service';
import { isAddressId } from '../addresses/addresses.service';
import { slotBookingRequest } from '../delivery/delivery.service';
import type { OrderWithDetails } from './orders.repository';
import type { PricingDraft } from '../cart/cart.placement';
import type { CheckDraft } from '../addresses/addresses.placement';
import type { BookingDraft } from '../delivery/delivery.placement';
import type { PlacementRead } from '../../statements/placement.repository';
import { priceCart } from '../cart/cart.placement';
import { checkMethodAndAddress } from '../addresses/addresses.placement';
import { bookTheSlot } from '../delivery/delivery.placement';
import { takeCoupon } from '../coupons/coupons.placement';
import { takePoints } from '../rewards/rewards.placement';
import { takeFreeUnitStep } from '../subscriptions/subscriptions.placement';
import { chargeWallet, type WalletDraft } from '../wallet/wallet.placement';
import { writeTheOrder } from './orders.placement';
import { reserveStock, type StockDraft } from '../stock/stock.placement';
import { needs, type PlacedOrderRef, type PlacementStep, type QuotedDraft } from '../../lib/placement';

/**
 * Placing an order, as its steps (issue 27, decision 131). Each step is in the domain that owns its
 * rows; this module only orders them. Adding a step is one line here and one file in its domain.
 * `null` is a step a later issue adds: its domain does not exist yet.
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
  readonly read: PlacementRead;
  /** write: the order as written (the answer is built from it, with no read-back). */
  written?: OrderWithDetails;
  /** A standing delivery's order (decision 177): its lines are not taken out of the customer's server cart. */
  keepCart?: boolean;
}

export interface PlacementContext {
  key: string;
  hash: string;
  now: Date;
  /** A standing delivery's order: the customer's server cart is left as it is. */
  keepCart?: boolean;
  /** Fault injection for tests: runs right after each step, inside the transaction. */
  afterStep?: (name: PlacementStepName, trx: Trx) => Promise<void>;
}

/** The placing transaction: one statement reads (and books), then the steps in order. Any refusal or fault rolls it all back. */
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
 * The order's id, and the one statement that reads what the steps judge: the catalogue rows the
 * cart is priced from, the address with its PIN code's served area, and the slot booked with the
 * order's hold (server/statements/placement.repository.ts).
 */
async function openDraft(deps: AppDeps, trx: Trx, user: AuthUser, input: PlaceOrderInput, ctx: PlacementContext): Promise<PlacementDraft> {
  const orderId = crypto.randomUUID();
  const booking = { slotId: input.slotId, date: input.date, planType: input.planType ?? 'one_time', orderId };
  const request = slotBookingRequest(deps, booking);
  const read = await readAndBook(trx, {
    catalogue: catalogueIdsOf(input.lines),
    address: isAddressId(input.addressId) ? { userId: user.id, id: input.addressId } : null,
    booking: 'params' in request ? request.params : null,
    userId: user.id,
  });
  const refusal = 'refusal' in request ? request.refusal : null;
  return { orderId, user, input, key: ctx.key, hash: ctx.hash, now: ctx.now, booking: { input: booking, refusal }, read, keepCart: ctx.keepCart };
}
