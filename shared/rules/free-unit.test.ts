import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

describe('free unit: every plan against every cart shape (property)', () => {
  const SEED_PLANS = [
    { planName: 'Wellness Weekly', rule: 'cheapest_signature' as const },
    { planName: 'Vitality Monthly', rule: 'cheapest_priced' as const },
    { planName: 'Elite Quarterly', rule: 'cheapest_priced' as const },
  ];
  const line = fc.record({
    id: fc.string({ minLength: 1, maxLength: 6 }),
    type: fc.constantFrom<'signature' | 'custom'>('signature', 'custom'),
    name: fc.string({ maxLength: 8 }),
    price: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000 })),
  });
  const cart = fc.array(line, { maxLength: 20 });
  const plan = fc.record({
    base: fc.constantFrom(...SEED_PLANS),
    remaining: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 40 })),
    named: fc.boolean(),
  });

  it('frees exactly the cheapest qualifying line (first on ties) or nothing, and the plan name and its rule agree', () => {
    fc.assert(
      fc.property(cart, plan, (lines, p) => {
        const info: SubscriptionPlanInfo = p.named
          ? { planName: p.base.planName, remainingFreeUnits: p.remaining }
          : { planName: 'renamed by an admin', rule: p.base.rule, remainingFreeUnits: p.remaining };
        const r = applyFreeUnit(lines, info);
        const free = r.lines.filter((l) => l.isFreeUnit);
        // A second, independent statement of the rule: sort the qualifying candidates.
        const candidates = lines
          .map((l, i) => ({ l, i }))
          .filter(({ l }) => (p.base.rule === 'cheapest_signature' ? l.type === 'signature' : l.price > 0))
          .sort((a, b) => a.l.price - b.l.price || a.i - b.i);
        const unitsLeft = p.remaining === null || p.remaining > 0;
        if (!unitsLeft || candidates.length === 0) {
          expect(free).toHaveLength(0);
          expect(r.freeItem).toBeNull();
          expect(r.lines.every((l) => l.freeUnitPrice === 0)).toBe(true);
          return;
        }
        expect(free).toHaveLength(1);
        const winner = candidates[0]!;
        expect(r.lines[winner.i]!.isFreeUnit).toBe(true);
        expect(r.freeItem).toEqual({ itemId: winner.l.id, itemName: winner.l.name, freeUnitPrice: winner.l.price });
        // At most one unit: the discount never exceeds the freed line's unit price.
        expect(r.lines.reduce((n, l) => n + l.freeUnitPrice, 0)).toBe(winner.l.price);
      }),
      { numRuns: 2000 },
    );
  });

  it('the plan copy keeps its rule: a Wellness-rule plan under another name still frees only signature shakes', () => {
    const r = applyFreeUnit([cus('c', 100), sig('s', 500)], { planName: 'Weekly Plus', rule: 'cheapest_signature', remainingFreeUnits: 1 });
    expect(r.freeItem?.itemId).toBe('s');
  });
});
