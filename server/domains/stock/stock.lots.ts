/**
 * Best-before in the plan (issue 41, decision 265): the ledger does not record what is left of each
 * receipt, so it is worked out first-in-first-out. Every inflow (a receipt with its best-before, or
 * stock found at a count, which has none) joins the back of the queue; every use, waste or count
 * down takes from the front. What is on hand is therefore always the NEWEST inflows adding up to on
 * hand (the oldest of them in part) — the rule `stock.repository#lotsOnHand` reads in SQL. A use
 * given back by an undone batch (`returned`) cancels its `used` row: neither moves the queue.
 *
 * This module plays those lots forward over the plan's days: what today's orders still hold is taken
 * oldest first, then on each day what passed its best-before (best-before earlier than the day) is
 * dropped, and the day's need is taken oldest first. Everything here is pure; the plan calls it once
 * per ingredient.
 */

/** What is left of one inflow: its best-before (null: none recorded, never expires here) and quantity. Oldest first. */
export interface Lot {
  bestBefore: string | null;
  qty: number;
}

export interface LotDay {
  date: string;
  need: number;
  /** Stock on hand usable that day (not past its best-before), before the day's need, less what earlier days lacked. */
  usable: number;
  /** What passed its best-before and was dropped at the start of the day (never used). */
  expired: number;
  /** Stock left at the day's end without buying (usable − need); negative: that much is missing. */
  left: number;
}

export interface LotPlan {
  /** Usable today, less what orders before the plan hold (the plan's starting stock). */
  usableNow: number;
  days: LotDay[];
  /** What passes its best-before before it is used (each lot once, by best-before date), up to the plan's last day. */
  expiring: { bestBefore: string; qty: number }[];
}

export function planLots(
  lots: readonly Lot[],
  p: { today: string; heldBefore: number; days: readonly { date: string; need: number }[] },
): LotPlan {
  const queue = lots.filter((l) => l.qty > 0).map((l) => ({ ...l }));
  const expiring = new Map<string, number>();
  let missing = 0;
  const sum = () => queue.reduce((n, l) => n + l.qty, 0);
  const drop = (date: string) => {
    let gone = 0;
    for (const l of queue) {
      if (l.qty > 0 && l.bestBefore !== null && l.bestBefore < date) {
        expiring.set(l.bestBefore, (expiring.get(l.bestBefore) ?? 0) + l.qty);
        gone += l.qty;
        l.qty = 0;
      }
    }
    return gone;
  };
  const take = (n: number) => {
    let rest = n;
    for (const l of queue) {
      if (rest <= 0) break;
      const k = Math.min(l.qty, rest);
      l.qty -= k;
      rest -= k;
    }
    missing += rest;
  };
  drop(p.today);
  take(p.heldBefore);
  const usableNow = sum() - missing;
  const days = p.days.map(({ date, need }) => {
    const expired = drop(date);
    const usable = sum() - missing;
    take(need);
    return { date, need, usable, expired, left: usable - need };
  });
  return {
    usableNow,
    days,
    expiring: [...expiring].sort((a, b) => a[0].localeCompare(b[0])).map(([bestBefore, qty]) => ({ bestBefore, qty })),
  };
}
