import { beforeEach, describe, expect, it } from 'vitest';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotency';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

describe('checkout idempotency key', () => {
  beforeEach(() => {
    (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
  });

  it('keeps one key for the same request (double click, retry, reload) and a new one for any change', () => {
    const req = { lines: [{ id: 'a', type: 'signature', quantity: 1 }], slotId: 's', date: '2026-11-23', paymentMethod: 'cod' };
    const k1 = idempotencyKeyFor(req);
    expect(k1).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    expect(idempotencyKeyFor({ ...req })).toBe(k1);
    const k2 = idempotencyKeyFor({ ...req, paymentMethod: 'razorpay' });
    expect(k2).not.toBe(k1);
    forgetIdempotencyKey();
    expect(idempotencyKeyFor({ ...req, paymentMethod: 'razorpay' })).not.toBe(k2);
  });
});
