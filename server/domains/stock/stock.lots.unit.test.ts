import { describe, expect, it } from 'vitest';
import { planLots } from './stock.lots';

describe('planLots: the plan’s lots, first in first out, by best-before', () => {
  const days = (...needs: number[]) => needs.map((need, k) => ({ date: `2026-12-1${1 + k}`, need }));

  it('without best-before the figures are on hand less the needs', () => {
    const p = planLots([{ bestBefore: null, qty: 1000 }], { today: '2026-12-10', heldBefore: 100, days: days(300, 300, 500) });
    expect(p.usableNow).toBe(900);
    expect(p.days.map((d) => d.left)).toEqual([600, 300, -200]);
    expect(p.expiring).toEqual([]);
  });

  it('what passes its best-before before it is used does not count from the next day, and is listed once', () => {
    // 1.2 kg that is good until the 11th, then 2 kg without a date: the 11th uses 500 g of the old lot, 700 g expire.
    const p = planLots(
      [
        { bestBefore: '2026-12-11', qty: 1200 },
        { bestBefore: null, qty: 2000 },
      ],
      { today: '2026-12-10', heldBefore: 0, days: days(500, 500, 500) },
    );
    expect(p.days).toEqual([
      { date: '2026-12-11', need: 500, usable: 3200, expired: 0, left: 2700 },
      { date: '2026-12-12', need: 500, usable: 2000, expired: 700, left: 1500 },
      { date: '2026-12-13', need: 500, usable: 1500, expired: 0, left: 1000 },
    ]);
    expect(p.expiring).toEqual([{ bestBefore: '2026-12-11', qty: 700 }]);
  });

  it('a lot already past its date counts for nothing; a shortfall carries to the following days', () => {
    const p = planLots(
      [
        { bestBefore: '2026-12-09', qty: 400 },
        { bestBefore: '2026-12-20', qty: 300 },
      ],
      { today: '2026-12-10', heldBefore: 200, days: days(200, 100) },
    );
    expect(p.usableNow).toBe(100);
    expect(p.days.map((d) => [d.usable, d.left])).toEqual([
      [100, -100],
      [-100, -200],
    ]);
    expect(p.expiring).toEqual([{ bestBefore: '2026-12-09', qty: 400 }]);
  });
});
