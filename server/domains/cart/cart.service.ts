import type { AppDeps } from '../../deps';
import type { Executor } from '../../../db/database';
import { DEFAULT_PRICING, PricingSchema, type Pricing } from '../../../shared/schemas/catalogue';
import type { CartLineInput, MergeCartInput, PutCartInput, Quote, QuoteLine, ServerCart } from '../../../shared/schemas/cart';
import { CUSTOM_SHAKE_IMAGE, type CustomRecipe } from '../../../shared/schemas/builder';
import { customItemId, evaluateRecipe, recipeName, type BuilderIngredient } from '../../../shared/rules/shake-builder';
import { applyFreeUnit, type SubscriptionPlanInfo } from '../../../shared/rules/free-unit';
import { mergeLines } from '../../../shared/rules/cart-rules';
import { priceBreakdown } from '../../../shared/rules/price-breakdown';
import * as repo from './cart.repository';
import { benefitsFor, benefitsOfRow, type LiveSubscriptionRow, type SubscriberBenefits } from '../subscriptions/subscriptions.service';
import { couponFacts, toOutcome } from '../coupons/coupons.service';
import { evaluateCoupon } from '../../../shared/rules/coupons';
import { shopDay } from '../../../shared/rules/dates';
import type { CouponOutcome } from '../../../shared/schemas/coupons';
import { balanceFor } from '../rewards/rewards.service';
import { maxRedeemable, pointsEarnedFor, redeemRefusal } from '../../../shared/rules/rewards';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { soldOutMessage } from '../../../shared/rules/stock';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID_RE.test(s);

/** A line to price: what a client sent, or what the server cart holds. */
export type PriceLine = Pick<CartLineInput, 'id' | 'type' | 'quantity' | 'recipe' | 'shownPrice'>;

export interface PriceCartInput {
  lines: readonly PriceLine[];
  userId: string | null;
  /** Matched case-insensitively; the quote's `coupon` says whether it applied and why not. */
  couponCode?: string;
  /** Reward points to spend (signed-in customers; refused with a reason when they cannot be). */
  pointsToRedeem?: number;
}

export interface ActivePlan extends SubscriptionPlanInfo {
  freeDelivery: boolean;
  /** Reward points multiplier of the plan (Vitality / Elite: 2). */
  pointsMultiplier: number;
}

/**
 * The plan that gives a signed-in customer a free unit and free delivery: the subscriptions
 * service decides (running, not paused, units left in the period). Through `executor`, so order
 * placement sees — and locks — the same state it consumes.
 */
export async function activePlanFor(deps: Deps, executor: Executor, userId: string | null): Promise<ActivePlan | null> {
  return planOf(await benefitsFor(deps, executor, userId));
}

function planOf(b: SubscriberBenefits | null): ActivePlan | null {
  return b
    ? {
        planName: b.planName,
        rule: b.rule,
        remainingFreeUnits: b.remainingFreeUnits,
        freeDelivery: b.freeDelivery,
        pointsMultiplier: b.pointsMultiplier,
      }
    : null;
}

export function toBuilderIngredient(r: repo.PricedIngredientRow): BuilderIngredient {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    price: r.price_paise,
    nutrition: { kcal: r.kcal, protein: r.protein_g, carbs: r.carbs_g, fat: r.fat_g, fibre: r.fibre_g, sugar: r.sugar_g },
    allergens: r.allergens,
    vegan: r.vegan,
    inStock: r.in_stock,
    soldOut: r.sold_out,
  };
}

/**
 * The pricing settings as read (or the defaults when they don't parse). Every quote and
 * order reads them, and they rarely change: the last one parsed is kept by its JSON text,
 * so a repeat costs a stringify, not a zod parse (about 2% of an order placement's CPU).
 * The kept object is frozen: nothing may change a shared result.
 */
export function parsePricing(value: unknown): Pricing {
  const key = value === undefined ? 'undefined' : JSON.stringify(value);
  if (lastPricing && lastPricing.key === key) return lastPricing.pricing;
  const parsed = PricingSchema.safeParse(value);
  const pricing = parsed.success ? deepFreeze(parsed.data) : DEFAULT_PRICING;
  lastPricing = { key, pricing };
  return pricing;
}
let lastPricing: { key: string; pricing: Pricing } | null = null;

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

/** Catalogue rows a recipe needs, by id; non-uuid ids are left out (they are simply unknown). */
export function recipeIngredientIds(recipe: CustomRecipe | undefined): string[] {
  if (!recipe) return [];
  return [recipe.baseId, ...recipe.addIns.map((a) => a.ingredientId)].filter(isUuid);
}

/**
 * Prices a cart from the database — the one pricing function for the cart page, checkout and order
 * placement (call it with the order's transaction as `executor`). Client names, prices and flags are
 * never read: a line is id + type + quantity (+ recipe); `shownPrice` is only compared.
 * One database round trip (plus the plan lookup once subscriptions exist).
 */
export async function priceCart(deps: Deps, executor: Executor, input: PriceCartInput): Promise<Quote> {
  const { shakeIds, ingredientIds } = catalogueIdsOf(input.lines);
  const [inputs, plan, coupon, balance] = await Promise.all([
    repo.loadPricingInputs(executor, shakeIds, ingredientIds),
    activePlanFor(deps, executor, input.userId),
    couponOf(deps, executor, input),
    balanceFor(executor, input.userId),
  ]);
  return buildQuote(input, inputs, plan, coupon, balance).quote;
}

/**
 * The quote from catalogue rows a caller has already read (order placement reads them, with the
 * address and the slot booking, in one statement: server/statements/placement.repository.ts).
 * Returns the pricing settings the quote used too, so the caller applies limits (COD) from the same
 * read. Plain values in, plain values out.
 */
export async function quoteFromInputs(
  deps: Deps,
  executor: Executor,
  input: PriceCartInput,
  inputs: repo.PricingInputs,
  /** The live subscription row the placing statement already read (locked), when it did: null reads nothing more. */
  live?: LiveSubscriptionRow | null,
): Promise<{ quote: Quote; pricing: Pricing }> {
  // Placement reads the points balance only when the order spends points (no extra round trip otherwise).
  const [plan, balance] = await Promise.all([
    live === undefined ? activePlanFor(deps, executor, input.userId) : benefitsOfRow(deps, executor, live).then(planOf),
    input.pointsToRedeem ? balanceFor(executor, input.userId) : Promise.resolve(0),
  ]);
  return buildQuote(input, inputs, plan, await couponOf(deps, executor, input), balance);
}

/**
 * A quote from rows a caller has already read and the customer's plan (or null): pure, no I/O, no
 * coupon or points. The delivery calendar prices each day's items with it (decision 177).
 */
export function quoteFromRows(input: PriceCartInput, inputs: repo.PricingInputs, plan: ActivePlan | null): Quote {
  return buildQuote(input, inputs, plan).quote;
}

type CouponInput = { today: string } & Awaited<ReturnType<typeof couponFacts>>;

/** What the coupon rule needs (null when no code was sent), read through `executor`. */
async function couponOf(deps: Deps, executor: Executor, input: PriceCartInput): Promise<CouponInput | null> {
  if (!input.couponCode?.trim()) return null;
  // Sequential on purpose when executor is a transaction (one connection); a single small read otherwise.
  return { today: shopDay(deps.clock.now()), ...(await couponFacts(executor, input.couponCode, input.userId)) };
}

/** The catalogue rows a cart is priced from: signature shake ids and custom recipes' ingredient ids. */
export function catalogueIdsOf(lines: readonly PriceLine[]): { shakeIds: string[]; ingredientIds: string[] } {
  const shakeIds = new Set<string>();
  const ingredientIds = new Set<string>();
  for (const l of lines) {
    if (l.type === 'signature' && isUuid(l.id)) shakeIds.add(l.id);
    if (l.type === 'custom') recipeIngredientIds(l.recipe).forEach((id) => ingredientIds.add(id));
  }
  return { shakeIds: [...shakeIds], ingredientIds: [...ingredientIds] };
}

// A quote line, built field by field (once per line on every quote: the calendar prices several lists per
// request). `reason` null: available at `unitPrice`; otherwise unavailable for that reason, at 0.
function quoteLine(l: PriceLine, name: string, image: string, unitPrice: number, reason: string | null): QuoteLine {
  const available = reason === null;
  const price = available ? unitPrice : 0;
  return {
    id: l.id,
    type: l.type,
    quantity: l.quantity,
    shownPrice: l.shownPrice ?? null,
    isFreeUnit: false,
    freeUnitPrice: 0,
    name,
    image,
    unitPrice: price,
    lineTotal: price * l.quantity,
    available,
    reason,
    priceChanged: available && l.shownPrice !== undefined && l.shownPrice !== price,
  };
}

interface PreparedInputs {
  pricing: Pricing;
  shakes: Map<string, repo.PricedShakeRow>;
  ingredients: Map<string, BuilderIngredient>;
}
const prepared = new WeakMap<repo.PricingInputs, PreparedInputs>();

/**
 * The pricing settings and the catalogue rows by id, made once per read: the delivery calendar prices
 * several item lists from one read (decision 199). The rows of a read are not changed after it.
 */
function preparedInputs(inputs: repo.PricingInputs): PreparedInputs {
  let p = prepared.get(inputs);
  if (!p) {
    p = {
      pricing: parsePricing(inputs.pricing),
      shakes: new Map(inputs.shakes.map((s) => [s.id, s])),
      ingredients: new Map(inputs.ingredients.map((i) => [i.id, toBuilderIngredient(i)])),
    };
    prepared.set(inputs, p);
  }
  return p;
}

/** The quote from what the database said: pure, no I/O. */
function buildQuote(
  input: PriceCartInput,
  inputs: repo.PricingInputs,
  plan: ActivePlan | null,
  couponIn: CouponInput | null = null,
  pointsBalance = 0,
): { quote: Quote; pricing: Pricing } {
  const { pricing, shakes, ingredients } = preparedInputs(inputs);

  const priced: QuoteLine[] = input.lines.map((l) => {
    if (l.type === 'signature') {
      const s = isUuid(l.id) ? shakes.get(l.id) : undefined;
      if (!s) return quoteLine(l, '', '', 0, 'This shake is no longer on the menu.');
      if (!s.in_stock) return quoteLine(l, s.name, s.image, 0, `${s.name} is out of stock right now.`);
      if (s.sold_out) return quoteLine(l, s.name, s.image, 0, soldOutMessage(s.name));
      return quoteLine(l, s.name, s.image, s.price_paise, null);
    }
    if (!l.recipe) return quoteLine(l, '', CUSTOM_SHAKE_IMAGE, 0, 'This custom shake has no recipe. Please build it again.');
    const result = evaluateRecipe(l.recipe, ingredients, pricing);
    const line = result.valid
      ? quoteLine(l, result.name, CUSTOM_SHAKE_IMAGE, result.price, null)
      : quoteLine(l, recipeName(l.recipe.name), CUSTOM_SHAKE_IMAGE, 0, result.problems[0]!.message);
    return { ...line, recipe: l.recipe };
  });

  // The free-unit rule sees what it reads of a line (an unavailable line as a custom one at 0); the
  // quote lines above are this quote's own, so its answer is written into them (same fields, same order).
  const free = applyFreeUnit(
    priced.map((l) => ({ id: l.id, name: l.name, type: l.available ? l.type : ('custom' as const), price: l.available ? l.unitPrice : 0 })),
    plan,
  );
  const lines = priced;
  for (let i = 0; i < lines.length; i++) {
    lines[i]!.isFreeUnit = free.lines[i]!.isFreeUnit;
    lines[i]!.freeUnitPrice = free.lines[i]!.freeUnitPrice;
  }

  const buyable = lines.filter((l) => l.available);
  // --- coupons: the one coupon rule decides the discount (or the refusal) on the lines that can be bought.
  let coupon: CouponOutcome | null = null;
  if (couponIn) {
    const freeLine = lines.find((l) => l.isFreeUnit);
    coupon = toOutcome(
      evaluateCoupon(input.couponCode!, couponIn.rule, {
        today: couponIn.today,
        lines: buyable,
        subtotal: buyable.reduce((n, l) => n + l.lineTotal, 0),
        freeUnit: freeLine && free.freeItem ? { type: freeLine.type, value: free.freeItem.freeUnitPrice } : null,
        customer: couponIn.customer,
      }),
    );
  }
  // --- end coupons
  const breakdownInput = {
    lineTotals: buyable.map((l) => l.lineTotal),
    freeUnitDiscount: free.freeItem?.freeUnitPrice ?? 0,
    couponDiscount: coupon?.discount ?? 0,
    planFreeDelivery: plan?.freeDelivery ?? false,
    pricing,
  };
  // What the order may redeem is measured on the breakdown before points (after the free unit and coupon).
  const before = priceBreakdown(breakdownInput);
  const requested = input.pointsToRedeem ?? 0;
  const pointsCtx = { signedIn: !!input.userId, balance: pointsBalance, subtotal: before.subtotal, itemsTotal: before.itemsTotal };
  const pointsRefusal = before.subtotal > 0 ? redeemRefusal(requested, pointsCtx, pricing) : null;
  const redeemed = pointsRefusal || before.subtotal === 0 ? 0 : requested;
  const b = redeemed ? priceBreakdown({ ...breakdownInput, pointsDiscount: redeemed * pricing.pointValue }) : before;
  const maxPoints = maxRedeemable(pointsBalance, before, pricing);
  const multiplier = Math.max(1, plan?.pointsMultiplier ?? 1);
  const points = {
    balance: pointsBalance,
    maxRedeemable: maxPoints,
    maxRedeemValue: maxPoints * pricing.pointValue,
    minRedeemPoints: pricing.minRedeemPoints,
    pointsToEarn: pointsEarnedFor(b.itemsTotal - b.pointsDiscount, pricing, multiplier),
    multiplier,
    refusal: pointsRefusal,
  };

  const quote: Quote = {
    lines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: b.subtotal,
    freeItem: free.freeItem,
    freeUnitDiscount: b.freeUnitDiscount,
    couponCode: coupon?.applied ? coupon.code : null,
    couponDiscount: b.couponDiscount,
    coupon: coupon ? { ...coupon, discount: b.couponDiscount } : null,
    pointsToRedeem: redeemed,
    pointsDiscount: b.pointsDiscount,
    points,
    itemsTotal: b.itemsTotal,
    deliveryFee: b.deliveryFee,
    standardDeliveryFee: b.standardDeliveryFee,
    freeDeliveryThreshold: b.freeDeliveryThreshold,
    amountToFreeDelivery: b.amountToFreeDelivery,
    deliveryWaivedBy: b.deliveryWaivedBy,
    gstRatePercent: b.gstRatePercent,
    gst: b.gst,
    total: b.total,
    hasUnavailable: lines.some((l) => !l.available),
    hasPriceChanges: lines.some((l) => l.priceChanged),
    subscriptionPlan: plan?.planName ?? null,
  };
  return { quote, pricing };
}

/** POST /api/cart/quote */
export function quote(
  deps: Deps,
  input: { lines: PriceLine[]; couponCode?: string; pointsToRedeem?: number },
  userId: string | null,
): Promise<Quote> {
  return priceCart(deps, deps.db, { ...input, userId });
}

/** POST /api/coupons/validate — the quote's coupon answer for this cart (the same rule, the same inputs). */
export async function validateCoupon(
  deps: Deps,
  input: { code: string; lines: PriceLine[] },
  userId: string | null,
): Promise<CouponOutcome> {
  const q = await priceCart(deps, deps.db, { lines: input.lines, couponCode: input.code, userId });
  return q.coupon!;
}

/**
 * Lines as the server keeps them: custom lines re-keyed by their canonical recipe id (so the same
 * recipe from two devices is one line), duplicates folded, at most 20 lines, quantities 1–20.
 */
export function normaliseLines(lines: readonly PriceLine[]): repo.StoredCartLine[] {
  const keyed = lines.map((l) => ({
    id: l.type === 'custom' && l.recipe ? customItemId(l.recipe) : l.id,
    type: l.type,
    quantity: l.quantity,
    ...(l.type === 'custom' && l.recipe ? { recipe: l.recipe } : {}),
  }));
  return mergeLines([], keyed);
}

async function cartView(
  deps: Deps,
  executor: Executor,
  userId: string,
  stored: { version: number; updatedAt: string | null; lines: repo.StoredCartLine[] },
): Promise<ServerCart> {
  const q = await priceCart(deps, executor, { lines: stored.lines, userId });
  return { lines: q.lines, version: stored.version, updatedAt: stored.updatedAt };
}

/** GET /api/user/cart — the customer's cart with today's names and prices. */
export async function getCart(deps: Deps, userId: string): Promise<ServerCart> {
  return cartView(deps, deps.db, userId, await repo.readCart(deps.db, userId));
}

/** PUT /api/user/cart — replaces the server cart with the client's (last writer wins). */
export function putCart(deps: Deps, userId: string, input: PutCartInput): Promise<ServerCart> {
  return withTransactionRetry(deps, async (trx) => {
    const v = await repo.touchCart(trx, userId);
    const lines = normaliseLines(input.lines);
    await repo.replaceLines(trx, userId, lines);
    return cartView(deps, trx, userId, { ...v, lines });
  });
}

/** POST /api/user/cart/merge — sign-in: the local cart is added to the server cart (same line → quantities added, max 20). */
export function mergeCart(deps: Deps, userId: string, input: MergeCartInput): Promise<ServerCart> {
  return withTransactionRetry(deps, async (trx) => {
    // Lock first, then read: two devices signing in at once merge one after the other.
    const v = await repo.touchCart(trx, userId);
    const current = await repo.readCart(trx, userId);
    if (input.mergeId && (await repo.claimMerge(trx, userId, input.mergeId)) === 'seen') {
      // A retry of a merge already applied: answer with the cart as it is.
      return cartView(deps, trx, userId, { ...v, lines: current.lines });
    }
    const lines = mergeLines(current.lines, normaliseLines(input.lines));
    await repo.replaceLines(trx, userId, lines);
    return cartView(deps, trx, userId, { ...v, lines });
  });
}
