import { describe, expect, it } from 'vitest';
import {
  addLine,
  clampQuantity,
  consumeSubscriptionPurchasedFlag,
  countItems,
  MAX_CART_LINES,
  mergeLines,
  removeLine,
  setLineQuantity,
  type CartLineBase,
} from './cart-rules';

interface L extends CartLineBase {
  name: string;
}
const line = (id: string, type: L['type'] = 'signature', quantity = 1): L => ({ id, type, quantity, name: id });

describe('addLine (spec §4: same id and type → quantity + 1, else appended with 1)', () => {
  it('appends a new item with quantity 1', () => {
    const r = addLine<L>([], { id: 'a', type: 'signature', name: 'A' });
    expect(r.outcome).toBe('added');
    expect(r.items).toEqual([{ id: 'a', type: 'signature', name: 'A', quantity: 1 }]);
  });
  it('increments an existing id+type', () => {
    const r = addLine<L>([line('a', 'signature', 3)], { id: 'a', type: 'signature', name: 'A' });
    expect(r.outcome).toBe('incremented');
    expect(r.items).toHaveLength(1);
    expect(r.items[0]!.quantity).toBe(4);
  });
  it('treats the same id with another type as another line', () => {
    const r = addLine<L>([line('a', 'signature')], { id: 'a', type: 'custom', name: 'A' });
    expect(r.items.map((i) => i.type)).toEqual(['signature', 'custom']);
  });
  it('keeps the order of lines and does not mutate the input', () => {
    const before = [line('a'), line('b')];
    const r = addLine<L>(before, { id: 'a', type: 'signature', name: 'a' });
    expect(r.items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(before[0]!.quantity).toBe(1);
  });
  it('refuses a 21st line', () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => line(`s${i}`));
    const r = addLine<L>(full, { id: 'new', type: 'signature', name: 'n' });
    expect(r.outcome).toBe('line-limit');
    expect(r.items).toHaveLength(20);
    // …but an existing line can still grow
    expect(addLine<L>(full, { id: 's3', type: 'signature', name: 's3' }).outcome).toBe('incremented');
  });
  it('refuses quantity 21 on one line', () => {
    const r = addLine<L>([line('a', 'signature', 20)], { id: 'a', type: 'signature', name: 'a' });
    expect(r.outcome).toBe('quantity-limit');
    expect(r.items[0]!.quantity).toBe(20);
  });
});

describe('setLineQuantity (spec: a quantity below 1 is ignored)', () => {
  const items = [line('a', 'signature', 2), line('b', 'custom', 1)];
  it('sets the quantity of the matching line only', () => {
    const r = setLineQuantity(items, 'a', 'signature', 5);
    expect(r.outcome).toBe('updated');
    expect(r.items.map((i) => i.quantity)).toEqual([5, 1]);
  });
  it.each([0, -1, -100, Number.NaN, 0.5])('ignores %s', (q) => {
    const r = setLineQuantity(items, 'a', 'signature', q);
    expect(r.outcome).toBe('ignored');
    expect(r.items).toEqual(items);
  });
  it('caps at 20 and says so', () => {
    const r = setLineQuantity(items, 'a', 'signature', 99);
    expect(r.outcome).toBe('capped');
    expect(r.items[0]!.quantity).toBe(20);
  });
  it('does nothing for a line that is not there (type must match too)', () => {
    expect(setLineQuantity(items, 'a', 'custom', 3).outcome).toBe('missing');
  });
});

describe('removeLine', () => {
  it('removes only the line with that id and type', () => {
    const r = removeLine([line('a', 'signature'), line('a', 'custom')], 'a', 'custom');
    expect(r.removed).toBe(true);
    expect(r.items).toEqual([line('a', 'signature')]);
  });
  it('reports a miss', () => {
    expect(removeLine([line('a')], 'zz', 'signature').removed).toBe(false);
  });
});

describe('mergeLines (sign-in: same line → quantities added, capped at 20; at most 20 lines)', () => {
  it('adds quantities of the same line and appends new ones after the primary cart', () => {
    const merged = mergeLines([line('a', 'signature', 2), line('b')], [line('a', 'signature', 3), line('c', 'custom', 4)]);
    expect(merged.map((l) => [l.id, l.quantity])).toEqual([
      ['a', 5],
      ['b', 1],
      ['c', 4],
    ]);
  });
  it('caps a merged quantity at 20', () => {
    expect(mergeLines([line('a', 'signature', 15)], [line('a', 'signature', 15)])[0]!.quantity).toBe(20);
  });
  it('keeps at most 20 lines', () => {
    const a = Array.from({ length: 15 }, (_, i) => line(`a${i}`));
    const b = Array.from({ length: 15 }, (_, i) => line(`b${i}`));
    const merged = mergeLines(a, b);
    expect(merged).toHaveLength(20);
    expect(merged[19]!.id).toBe('b4');
  });
  it('does not match lines of another type', () => {
    expect(mergeLines([line('x', 'signature')], [line('x', 'custom')])).toHaveLength(2);
  });
});

describe('helpers', () => {
  it('clampQuantity keeps 1..20 whole numbers', () => {
    expect([0, 1, 7.9, 20, 21, Number.NaN, -3].map(clampQuantity)).toEqual([1, 1, 7, 20, 20, 1, 1]);
  });
  it('countItems sums quantities (the header badge)', () => {
    expect(countItems([line('a', 'signature', 2), line('b', 'custom', 3)])).toBe(5);
    expect(countItems([])).toBe(0);
  });
});

describe('subscription_purchased flag (spec: forces a status refresh on the next add)', () => {
  const fakeStorage = (init: Record<string, string>) => {
    const m = new Map(Object.entries(init));
    return { getItem: (k: string) => m.get(k) ?? null, removeItem: (k: string) => void m.delete(k), m };
  };
  it('asks for a refresh once, then clears the flag', () => {
    const s = fakeStorage({ subscription_purchased: 'true' });
    expect(consumeSubscriptionPurchasedFlag(s)).toBe(true);
    expect(s.m.has('subscription_purchased')).toBe(false);
    expect(consumeSubscriptionPurchasedFlag(s)).toBe(false);
  });
  it('does nothing without the flag or without storage', () => {
    expect(consumeSubscriptionPurchasedFlag(fakeStorage({}))).toBe(false);
    expect(consumeSubscriptionPurchasedFlag(null)).toBe(false);
  });
});
