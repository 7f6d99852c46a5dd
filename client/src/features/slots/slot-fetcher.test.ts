import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-fetch';
import { fetchDeliverySlots, invalidateDeliverySlots, SLOTS_FALLBACK_ERROR, slotsCacheKey } from './slot-fetcher';

// A minimal Storage for node, shaped like the browser's.
class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
}

const wire = [
  {
    id: '7d1c6a4e-5a7b-4a0f-9d55-2b1f7d3f1a01',
    start_time: '07:00',
    end_time: '09:00',
    max_bookings: 20,
    current_bookings: { '2026-11-25': 4 },
    plan_type: 'all',
    available: true,
    remaining: 16,
  },
  {
    id: '7d1c6a4e-5a7b-4a0f-9d55-2b1f7d3f1a02',
    start_time: '09:00',
    end_time: '11:00',
    max_bookings: 20,
    current_bookings: { '2026-11-25': 20 },
    plan_type: 'one_time',
    available: false,
    remaining: 0,
    reason: 'full',
  },
];

let calls: string[];
const ok = async (path: string) => {
  calls.push(path);
  return JSON.parse(JSON.stringify(wire));
};

beforeEach(() => {
  (globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage();
  calls = [];
});
afterEach(() => {
  delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('fetchDeliverySlots', () => {
  it('calls the spec path with the plan type and maps the answer to camelCase', async () => {
    const slots = await fetchDeliverySlots('2026-11-25', 'subscription', { request: ok, now: () => 1000 });
    expect(calls).toEqual(['/api/delivery-slots/date/2026-11-25?planType=subscription']);
    expect(slots[0]).toEqual({
      id: wire[0].id,
      startTime: '07:00',
      endTime: '09:00',
      maxBookings: 20,
      currentBookings: { '2026-11-25': 4 },
      planType: 'all',
      available: true,
      remaining: 16,
    });
    expect(slots[1]).toMatchObject({ planType: 'one_time', available: false, reason: 'full' });
  });

  it('reuses the local-storage copy per date and plan type for 60 seconds, then asks again', async () => {
    let t = 0;
    const now = () => t;
    await fetchDeliverySlots('2026-11-25', 'one_time', { request: ok, now });
    t = 59_999;
    await fetchDeliverySlots('2026-11-25', 'one_time', { request: ok, now });
    expect(calls).toHaveLength(1);
    await fetchDeliverySlots('2026-11-25', 'subscription', { request: ok, now });
    await fetchDeliverySlots('2026-11-26', 'one_time', { request: ok, now });
    expect(calls).toHaveLength(3);
    expect(localStorage.getItem(slotsCacheKey('2026-11-25', 'one_time'))).toContain('"startTime":"07:00"');
    t = 60_000;
    await fetchDeliverySlots('2026-11-25', 'one_time', { request: ok, now });
    expect(calls).toHaveLength(4);
    await fetchDeliverySlots('2026-11-25', 'one_time', { request: ok, now, force: true });
    expect(calls).toHaveLength(5);
  });

  it('forgets a date on invalidation', async () => {
    await fetchDeliverySlots('2026-11-25', 'one_time', { request: ok, now: () => 0 });
    await fetchDeliverySlots('2026-11-26', 'one_time', { request: ok, now: () => 0 });
    invalidateDeliverySlots('2026-11-25');
    expect(localStorage.getItem(slotsCacheKey('2026-11-25', 'one_time'))).toBeNull();
    expect(localStorage.getItem(slotsCacheKey('2026-11-26', 'one_time'))).not.toBeNull();
  });

  it('shows the server refusal as "status: message", anything else as the fallback text, and caches neither', async () => {
    const refuse = async () => {
      throw new ApiError(400, 'Use a real calendar date like 2026-01-31', { code: 'VALIDATION_FAILED' });
    };
    await expect(fetchDeliverySlots('2026-02-30', 'one_time', { request: refuse })).rejects.toThrow(
      '400: Use a real calendar date like 2026-01-31',
    );
    const offline = async () => {
      throw new TypeError('Load failed');
    };
    await expect(fetchDeliverySlots('2026-11-25', 'one_time', { request: offline })).rejects.toThrow(SLOTS_FALLBACK_ERROR);
    await expect(fetchDeliverySlots('2026-11-25', 'one_time', { request: async () => ({ not: 'a list' }) })).rejects.toThrow(
      SLOTS_FALLBACK_ERROR,
    );
    expect(localStorage.length).toBe(0);
  });

  it('ignores a corrupt or future-dated cache entry', async () => {
    localStorage.setItem(slotsCacheKey('2026-11-25', 'one_time'), '{not json');
    expect(await fetchDeliverySlots('2026-11-25', 'one_time', { request: ok, now: () => 5 })).toHaveLength(2);
    localStorage.setItem(slotsCacheKey('2026-11-26', 'one_time'), JSON.stringify({ at: 10_000, slots: [] }));
    expect(await fetchDeliverySlots('2026-11-26', 'one_time', { request: ok, now: () => 5 })).toHaveLength(2);
    expect(calls).toHaveLength(2);
  });
});
