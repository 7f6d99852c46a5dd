import { beforeEach, describe, expect, it, vi } from 'vitest';

const toasts: { title: string; description?: string; variant?: string }[] = [];
vi.mock('../../components/toast', () => ({ toast: (t: { title: string }) => (toasts.push(t), { id: 1, dismiss() {} }) }));
const refresh = vi.fn();
vi.mock('./use-subscription-plan', () => ({ useSubscriptionPlan: () => null, requestSubscriptionRefresh: () => refresh() }));

// A minimal localStorage for the store (node has none).
const mem = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => mem.get(k) ?? null,
  setItem: (k: string, v: string) => void mem.set(k, v),
  removeItem: (k: string) => void mem.delete(k),
  clear: () => mem.clear(),
  key: () => null,
  length: 0,
} as Storage;
(globalThis as { window?: unknown }).window = { localStorage: globalThis.localStorage, addEventListener() {} };

const store = await import('./cart-store');
const sig = (id: string, price = 24900) => ({ id, type: 'signature' as const, name: `Shake ${id}`, price, image: `/i/${id}.svg` });

beforeEach(() => {
  store.clearCart();
  toasts.length = 0;
  refresh.mockClear();
});

describe('cart store', () => {
  it('adds with the spec toast, merges the same id+type, and persists under "cart"', () => {
    store.addItem(sig('a'));
    store.addItem(sig('a'));
    expect(store.getCartItems()).toMatchObject([{ id: 'a', quantity: 2, isFreeUnit: false, freeUnitPrice: 0 }]);
    expect(toasts[0]).toEqual({ title: 'Added to cart', description: 'Shake a', variant: 'success' });
    expect(JSON.parse(mem.get('cart')!)).toMatchObject([{ id: 'a', quantity: 2 }]);
  });

  it('removes with "Removed from cart", and says "Error" when the line is not there', () => {
    store.addItem(sig('a'));
    store.removeItem('a', 'signature');
    expect(toasts.at(-1)).toEqual({ title: 'Removed from cart', description: 'Item has been removed from your cart.' });
    store.removeItem('a', 'signature');
    expect(toasts.at(-1)).toEqual({
      title: 'Error',
      description: 'Failed to remove item from cart. Please try again.',
      variant: 'destructive',
    });
  });

  it('ignores a quantity below 1, caps at 20 with a toast', () => {
    store.addItem(sig('a'));
    store.updateQuantity('a', 'signature', 0);
    expect(store.getCartItems()[0]!.quantity).toBe(1);
    store.updateQuantity('a', 'signature', 25);
    expect(store.getCartItems()[0]!.quantity).toBe(20);
    expect(toasts.at(-1)!.title).toBe('Maximum quantity reached');
    store.addItem(sig('a'));
    expect(store.getCartItems()[0]!.quantity).toBe(20);
  });

  it('refuses a 21st line with a clear toast', () => {
    for (let i = 0; i < 20; i++) store.addItem(sig(`s${i}`));
    store.addItem(sig('one-more'));
    expect(store.getCartItems()).toHaveLength(20);
    expect(toasts.at(-1)).toMatchObject({ title: 'Your cart is full', variant: 'destructive' });
  });

  it('asks for a subscription refresh on the next add after subscription_purchased was set', () => {
    mem.set('subscription_purchased', 'true');
    store.addItem(sig('a'));
    expect(refresh).toHaveBeenCalledTimes(1);
    store.addItem(sig('b'));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('acceptPrices takes today’s prices so a price-change notice can go away', () => {
    store.addItem(sig('a', 100));
    store.acceptPrices([{ id: 'a', type: 'signature', unitPrice: 24900 }]);
    expect(store.getCartItems()[0]!.price).toBe(24900);
  });
});

describe('parseStoredCart (restored at start)', () => {
  it('keeps well-formed lines and drops or repairs the rest', () => {
    const raw = JSON.stringify([
      { id: 'a', type: 'signature', name: 'A', price: 100, image: 'x', quantity: 3, isFreeUnit: true, freeUnitPrice: 100 },
      { id: 'a', type: 'signature', quantity: 1 },
      { id: 'b', type: 'gift', quantity: 1 },
      { type: 'signature' },
      { id: 'c', type: 'custom', quantity: 99, price: -5, recipe: { size: 'regular', baseId: 'x', addIns: [] } },
      null,
    ]);
    const items = store.parseStoredCart(raw);
    expect(items.map((i) => [i.id, i.quantity, i.price, i.isFreeUnit])).toEqual([
      ['a', 3, 100, false],
      ['c', 20, 0, false],
    ]);
    expect(items[1]!.recipe).toBeDefined();
  });
  it('survives junk', () => {
    expect(store.parseStoredCart('{oops')).toEqual([]);
    expect(store.parseStoredCart('{"a":1}')).toEqual([]);
    expect(store.parseStoredCart(null)).toEqual([]);
  });
});
