import { describe, expect, it } from 'vitest';
import { walletCover } from './wallet-cover';
import type { CalendarSchedule, DeliveryDay, DeliveryEntry } from '../../../../shared/schemas/schedules';

const priced = (id: string, total: number): CalendarSchedule => ({
  id,
  slot: null,
  items: [],
  price: { subtotal: total, freeUnitDiscount: 0, deliveryFee: 0, total },
});
// Two schedules: 29,800 a delivery and 10,000 a delivery; an entry costs its schedule's price unless it carries its own.
const schedules = [priced('s1', 29_800), priced('s2', 10_000)];
const entry = (state: DeliveryEntry['state'], scheduleId = 's1', own?: number): DeliveryEntry => ({
  scheduleId,
  state,
  ...(own === undefined ? {} : { price: { subtotal: own, freeUnitDiscount: 0, deliveryFee: 0, total: own } }),
});
const day = (date: string, ...entries: DeliveryEntry[]): DeliveryDay => ({ date, open: true, entries });

describe('walletCover: how many coming delivery days the balance pays for', () => {
  const days = [
    day('2026-12-07', entry('placed')),
    day('2026-12-08', entry('fixed')),
    day('2026-12-09', entry('skipped')),
    day('2026-12-10', entry('planned'), entry('planned', 's2')),
    day('2026-12-11', entry('vacation')),
    day('2026-12-12'),
    day('2026-12-14', entry('planned')),
  ];

  it('counts only days still to pay (planned or fixed), in date order, and names the first one it misses', () => {
    expect(walletCover(90_000, { schedules, days })).toMatchObject({ covered: 2, due: 3, short: { date: '2026-12-14' } });
    expect(walletCover(29_800 + 39_800 + 29_800, { schedules, days })).toMatchObject({ covered: 3, due: 3, short: null });
  });

  it('a day it cannot pay stops the count, even when a later, cheaper day would fit', () => {
    expect(walletCover(29_800 + 30_000, { schedules, days })).toMatchObject({ covered: 1, due: 3, short: { date: '2026-12-10' } });
  });

  it('nothing due: nothing to cover', () => {
    expect(walletCover(0, { schedules, days: [day('2026-12-07', entry('skipped'))] })).toEqual({ covered: 0, due: 0, short: null });
  });

  it('a changed day costs its own price, not its schedule’s', () => {
    const changed = [day('2026-12-08', entry('planned', 's1', 50_000)), day('2026-12-09', entry('planned'))];
    expect(walletCover(50_000, { schedules, days: changed })).toMatchObject({ covered: 1, due: 2, short: { date: '2026-12-09' } });
    expect(walletCover(29_800, { schedules, days: changed })).toMatchObject({ covered: 0, due: 2, short: { date: '2026-12-08' } });
  });
});
