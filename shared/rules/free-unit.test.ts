import { describe, expect, it } from 'vitest';
import { applyFreeUnit, pickFreeLine, WELLNESS_WEEKLY, type FreeUnitLine, type SubscriptionPlanInfo } from './free-unit';

const sig = (id: string, price: number): FreeUnitLine => ({ id, type: 'signature', name: `Shake ${id}`, price });
const cus = (id: string, price: number): FreeUnitLine => ({ id, type: 'custom', name: `Custom ${id}`, price });
const wellness: SubscriptionPlanInfo = { planName: WELLNESS_WEEKLY, remainingFreeUnits: 3 };
const vitality: SubscriptionPlanInfo = { planName: 'Vitality Monthly', remainingFreeUnits: 12 };

describe('free unit (spec §4, subscribers only)', () => {
  it('Wellness Weekly frees the cheapest signature item, even when a custom item is cheaper', () => {
    const lines = [sig('a', 32900), cus('c', 17900), sig('b', 24900)];
    const r = applyFreeUnit(lines, wellness);
    expect(r.freeItem).toEqual({ itemId: 'b', itemName: 'Shake b', freeUnitPrice: 24900 });
    expect(r.lines.map((l) => l.isFreeUnit)).toEqual([false, false, true]);
    expect(r.lines.map((l) => l.freeUnitPrice)).toEqual([0, 0, 24900]);
  });
  it('Wellness Weekly frees nothing when the cart holds only custom items', () => {
    const r = applyFreeUnit([cus('c', 17900), cus('d', 25900)], wellness);
    expect(r.freeItem).toBeNull();
    expect(r.lines.every((l) => !l.isFreeUnit && l.freeUnitPrice === 0)).toBe(true);
  });
  it('other plans free the cheapest item of any type with a price above 0', () => {
    const r = applyFreeUnit([sig('a', 24900), cus('free', 0), cus('c', 17900)], vitality);
    expect(r.freeItem?.itemId).toBe('c');
    expect(r.lines.map((l) => l.isFreeUnit)).toEqual([false, false, true]);
  });
  it('other plans free nothing when every item costs 0', () => {
    expect(applyFreeUnit([cus('z', 0)], vitality).freeItem).toBeNull();
  });
  it('no subscription → all free flags reset', () => {
    const stale = [{ ...sig('a', 100), isFreeUnit: true, freeUnitPrice: 100 }];
    const r = applyFreeUnit(stale, null);
    expect(r.freeItem).toBeNull();
    expect(r.lines[0]).toMatchObject({ isFreeUnit: false, freeUnitPrice: 0 });
  });
  it('no free unit when the period allowance is used up', () => {
    expect(applyFreeUnit([sig('a', 100)], { ...vitality, remainingFreeUnits: 0 }).freeItem).toBeNull();
  });
  it('a tie goes to the line added first; only one line is ever free', () => {
    expect(pickFreeLine([sig('x', 24900), sig('y', 24900)], wellness)).toBe(0);
    const r = applyFreeUnit([sig('x', 100), sig('y', 100), cus('z', 100)], vitality);
    expect(r.lines.filter((l) => l.isFreeUnit)).toHaveLength(1);
  });
  it('an empty cart has no free unit', () => {
    expect(applyFreeUnit([], vitality)).toEqual({ lines: [], freeItem: null });
  });
});
