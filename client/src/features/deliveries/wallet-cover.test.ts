import { describe, expect, it } from 'vitest';
import { walletCover } from './wallet-cover';
import type { DeliveryDay, DeliveryEntry } from '../../../../shared/schemas/schedules';

const entry = (state: DeliveryEntry['state'], total: number): DeliveryEntry => ({
  scheduleId: 's1',
  state,
  slot: null,
  items: [],
  changed: false,
  price: { subtotal: total, freeUnitDiscount: 0, deliveryFee: 0, total },
  order: null,
  reason: null,
});
const day = (date: string, ...entries: DeliveryEntry[]): DeliveryDay => ({ date, cutoffAt: '', open: true, vacationId: null, entries });

describe('walletCover: how many coming delivery days the balance pays for', () => {
  const days = [
    day('2026-12-07', entry('placed', 29_800)),
    day('2026-12-08', entry('fixed', 29_800)),
    day('2026-12-09', entry('skipped', 29_800)),
    day('2026-12-10', entry('planned', 29_800), entry('planned', 10_000)),
    day('2026-12-11', entry('vacation', 29_800)),
    day('2026-12-12'),
    day('2026-12-14', entry('planned', 29_800)),
  ];

  it('counts only days still to pay (planned or fixed), in date order, and names the first one it misses', () => {
    expect(walletCover(90_000, days)).toMatchObject({ covered: 2, due: 3, short: { date: '2026-12-14' } });
    expect(walletCover(29_800 + 39_800 + 29_800, days)).toMatchObject({ covered: 3, due: 3, short: null });
  });

  it('a day it cannot pay stops the count, even when a later, cheaper day would fit', () => {
    expect(walletCover(29_800 + 30_000, days)).toMatchObject({ covered: 1, due: 3, short: { date: '2026-12-10' } });
  });

  it('nothing due: nothing to cover', () => {
    expect(walletCover(0, [day('2026-12-07', entry('skipped', 29_800))])).toEqual({ covered: 0, due: 0, short: null });
  });
});
