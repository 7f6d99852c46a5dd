import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError } from '../../lib/errors';
import * as ledger from '../../lib/ledger.service';
import { getPricing } from '../catalogue/catalogue.service';
import { benefitsFor } from '../subscriptions/subscriptions.service';
import * as repo from './rewards.repository';
import { REWARD_KIND_LABELS, reversedForRefund } from '../../../shared/rules/rewards';
import type {
  AdminAdjustInputT,
  AdminCustomerRewards,
  AdminCustomerRewardsInputT,
  AdminRewardsListInputT,
  AdminRewardsPage,
  RewardEntry,
  RewardsPageInputT,
  UserRewards,
} from '../../../shared/schemas/rewards';

/**
 * Reward points (decision 073): an append-only ledger, a balance that is its sum and never
 * negative, each (order, reason) applied once. Orders call in here from placement (redeem), the
 * payment confirmation / COD delivery (earn), cancel and expiry (give back, reverse) and refunds
 * (reverse in proportion); all inside the caller's transaction, with the order row already locked.
 */
type Deps = Pick<AppDeps, 'db' | 'clock'>;

// ---------- Reads used by the quote ----------

/** The customer's balance (0 for guests), through `executor` so placement reads its own transaction. */
export function balanceFor(executor: Executor, userId: string | null): Promise<number> {
  return userId ? repo.balanceOf(executor, userId) : Promise.resolve(0);
}

// ---------- Placement ----------

/**
 * Debits `points` for a new order inside the placing transaction. One conditional statement: the
 * balance moves only if it covers the points (20 concurrent placements of the same 100 points:
 * the row lock queues them and only the first still finds 100). Throws INSUFFICIENT_POINTS (409).
 */
export async function redeemForOrder(deps: Deps, trx: Trx, p: { userId: string; orderId: string; points: number }): Promise<void> {
  if (p.points <= 0) return;
  const after = await repo.appendEntry(trx, {
    userId: p.userId,
    kind: 'redeem',
    points: -p.points,
    orderId: p.orderId,
    reason: 'redeem',
    now: deps.clock.now().toISOString(),
  });
  if (after === null) {
    const balance = await repo.balanceOf(trx, p.userId);
    throw new AppError(
      'INSUFFICIENT_POINTS',
      `Your points balance changed: you have ${balance} points now, not the ${p.points} this order uses. Please review your order.`,
      { details: { balance, requested: p.points } },
    );
  }
}

// ---------- Order lifecycle ----------

interface OrderPoints {
  id: string;
  user_id: string;
  points_redeemed: number;
  points_to_earn?: number;
}

function sums(rows: { kind: string; points: number }[]) {
  const of = (k: string) => rows.filter((r) => r.kind === k).reduce((n, r) => n + r.points, 0);
  return {
    earned: of('earn'),
    reversed: -of('reverse'),
    redeemed: -of('redeem'),
    givenBack: of('give_back'),
    giveBacks: rows.filter((r) => r.kind === 'give_back').length,
    redeems: rows.filter((r) => r.kind === 'redeem').length,
  };
}

/**
 * The order is paid (online: confirmed as paid; COD: delivered): credit what it earns, once —
 * a second confirmation, even a concurrent one, finds (order, 'earn') taken and credits nothing.
 * Returns the points credited (0 on a repeat).
 */
export async function earnForOrder(deps: Deps, trx: Trx, order: { id: string; user_id: string; points_to_earn: number }): Promise<number> {
  if (order.points_to_earn <= 0) return 0;
  const after = await repo.appendEntry(trx, {
    userId: order.user_id,
    kind: 'earn',
    points: order.points_to_earn,
    orderId: order.id,
    reason: 'earn',
    now: deps.clock.now().toISOString(),
  });
  return after === null ? 0 : order.points_to_earn;
}

/**
 * The order is cancelled or expired: give back the points it spent and take back what it earned
 * (what a refund has not already taken). A reversal never takes the balance below zero: points
 * already spent elsewhere are not clawed back (the shop bears them; decision 073).
 */
export async function releaseForOrder(deps: Deps, trx: Trx, order: OrderPoints): Promise<void> {
  if (order.points_redeemed <= 0 && (order.points_to_earn ?? 1) <= 0) return;
  const balance = await repo.lockBalance(trx, order.user_id);
  const s = sums(await repo.entriesOfOrder(trx, order.id));
  const now = deps.clock.now().toISOString();
  const owed = s.redeemed - s.givenBack;
  let bal = balance;
  if (owed > 0) {
    bal =
      (await repo.appendEntry(trx, {
        userId: order.user_id,
        kind: 'give_back',
        points: owed,
        orderId: order.id,
        reason: s.giveBacks === 0 ? 'give_back' : `give_back:${s.giveBacks + 1}`,
        now,
      })) ?? bal;
  }
  const take = Math.min(s.earned - s.reversed, bal);
  if (take > 0) {
    await repo.appendEntry(trx, { userId: order.user_id, kind: 'reverse', points: -take, orderId: order.id, reason: 'reverse', now });
  }
}

/**
 * A refund of (part of) a paid order: the order's earned points are reversed in proportion to the
 * money refunded so far (cumulative, so several partial refunds add up to all of it when everything
 * is refunded). Keyed by the refund: a repeat reverses nothing more.
 */
export async function reverseForRefund(
  deps: Deps,
  trx: Trx,
  p: { orderId: string; userId: string; refundId: string; refundedPaise: number; paidPaise: number },
): Promise<number> {
  const balance = await repo.lockBalance(trx, p.userId);
  const s = sums(await repo.entriesOfOrder(trx, p.orderId));
  const due = reversedForRefund(s.earned, p.refundedPaise, p.paidPaise) - s.reversed;
  const take = Math.min(due, balance);
  if (take <= 0) return 0;
  const after = await repo.appendEntry(trx, {
    userId: p.userId,
    kind: 'reverse',
    points: -take,
    orderId: p.orderId,
    reason: `refund:${p.refundId}`,
    now: deps.clock.now().toISOString(),
  });
  return after === null ? 0 : take;
}

/**
 * A timed-out order paid late and reinstated: its expiry gave the points back, but it was paid at
 * the discounted price, so they are taken again — as many as the balance still holds.
 */
export async function retakeForReinstated(deps: Deps, trx: Trx, order: OrderPoints): Promise<void> {
  if (order.points_redeemed <= 0) return;
  const balance = await repo.lockBalance(trx, order.user_id);
  const s = sums(await repo.entriesOfOrder(trx, order.id));
  const take = Math.min(s.givenBack - (s.redeemed - order.points_redeemed), balance);
  if (take <= 0) return;
  await repo.appendEntry(trx, {
    userId: order.user_id,
    kind: 'redeem',
    points: -take,
    orderId: order.id,
    reason: `redeem:${s.redeems + 1}`,
    now: deps.clock.now().toISOString(),
  });
}

// ---------- The customer ----------

/** The shared ledger's rows with the amount under its points name. */
const pointsEntries = <T extends { entries: ledger.LedgerEntryView<RewardEntry['kind']>[] }>(page: T) => ({
  ...page,
  entries: page.entries.map(({ amount, ...e }): RewardEntry => ({ ...e, points: amount })),
});

/** Points in the shared ledger service (server/lib/ledger.service.ts). */
const BOOK: ledger.LedgerBook<RewardEntry['kind']> = {
  ledger: repo.POINTS,
  labels: REWARD_KIND_LABELS,
  audit: { action: 'rewards.adjust', amountKey: 'points' },
  refused: (who, before) =>
    new AppError('INSUFFICIENT_POINTS', `${who} has ${before} points; you can take away at most ${before}.`, {
      details: { balance: before },
    }),
};

function page(db: Executor, userId: string, input: RewardsPageInputT) {
  return ledger.ledgerEntries(db, BOOK, userId, input).then(pointsEntries);
}

/** The multiplier the customer's running plan gives (1 without one). */
export async function multiplierFor(deps: Deps, executor: Executor, userId: string | null): Promise<number> {
  const b = await benefitsFor(deps, executor, userId);
  return Math.max(1, b?.pointsMultiplier ?? 1);
}

/** GET /api/user/rewards: balance, what the next order can use, the rules, the ledger (paged; X-Total-Count). */
export async function userRewards(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache'>,
  user: AuthUser,
  input: RewardsPageInputT,
  resHeaders: Record<string, string>,
): Promise<UserRewards> {
  const [pricing, balance, multiplier, ledger] = await Promise.all([
    getPricing(deps),
    repo.balanceOf(deps.db, user.id),
    multiplierFor(deps, deps.db, user.id),
    page(deps.db, user.id, input),
  ]);
  resHeaders['X-Total-Count'] = String(ledger.totalCount);
  const min = Math.max(1, pricing.minRedeemPoints);
  return {
    balance,
    redeemableNow: balance >= min ? balance : 0,
    pointsToMinimum: Math.max(0, min - balance),
    rules: {
      rupeesPerPoint: pricing.rupeesPerPoint,
      pointValue: pricing.pointValue,
      maxRedeemPercent: pricing.maxRedeemPercent,
      minRedeemPoints: pricing.minRedeemPoints,
      multiplier,
    },
    ...ledger,
  };
}

// ---------- Back office ----------

/** GET /api/admin/rewards */
export async function listBalances(
  deps: Pick<AppDeps, 'db'>,
  input: AdminRewardsListInputT,
  resHeaders: Record<string, string>,
): Promise<AdminRewardsPage> {
  const { customers, totalCount } = await ledger.balanceList(deps, BOOK, input, resHeaders);
  return { customers: customers.map(({ credited, debited, ...c }) => ({ ...c, earned: credited, spent: debited })), totalCount };
}

/** GET /api/admin/rewards/{userId} */
export async function customerLedger(
  deps: Pick<AppDeps, 'db'>,
  input: AdminCustomerRewardsInputT,
  resHeaders: Record<string, string>,
): Promise<AdminCustomerRewards> {
  return pointsEntries(await ledger.customerLedger(deps, BOOK, input, resHeaders));
}

/**
 * POST /api/admin/rewards/{userId}/adjust: add or take points with a reason, audited. Never below
 * zero: the conditional debit refuses (409) and nothing is written. Answers the ledger's first page (10).
 */
export async function adjust(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  admin: AuthUser,
  input: AdminAdjustInputT,
  resHeaders: Record<string, string>,
): Promise<AdminCustomerRewards> {
  await ledger.adjustBalance(deps, admin, BOOK, { userId: input.userId, amount: input.points, reason: input.reason });
  return customerLedger(deps, { userId: input.userId, page: 1, pageSize: 10 }, resHeaders);
}
