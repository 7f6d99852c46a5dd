import { ApiError, apiFetch } from '../../lib/api-fetch';
import type { DeliverySlot } from '../../../../shared/schemas/slots';
import type { OrderPlanType, SlotPlanType, SlotReason } from '../../../../shared/rules/slots';

/** Spec §3: the client's camelCase view of a delivery slot. */
export interface DeliverySlotView {
  id: string;
  startTime: string;
  endTime: string;
  maxBookings: number;
  /** date (YYYY-MM-DD) → bookings */
  currentBookings: Record<string, number>;
  planType: SlotPlanType;
  available: boolean;
  remaining: number;
  reason?: SlotReason;
}

export const SLOTS_FALLBACK_ERROR = 'Failed to fetch delivery slots';
/** Slots fill up during the day: a cached answer is reused for one minute only. */
export const SLOTS_CACHE_MS = 60_000;
const KEY_PREFIX = 'delivery_slots:';

export function slotsCacheKey(date: string, planType: OrderPlanType): string {
  return `${KEY_PREFIX}${date}:${planType}`;
}

export function toSlotView(s: DeliverySlot): DeliverySlotView {
  return {
    id: s.id,
    startTime: s.start_time,
    endTime: s.end_time,
    maxBookings: s.max_bookings,
    currentBookings: s.current_bookings ?? {},
    planType: s.plan_type,
    available: s.available,
    remaining: s.remaining,
    ...(s.reason ? { reason: s.reason } : {}),
  };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // private mode, disabled storage
  }
}

function readCache(key: string, now: number): DeliverySlotView[] | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const hit = JSON.parse(raw) as { at: number; slots: DeliverySlotView[] };
    if (typeof hit.at !== 'number' || !Array.isArray(hit.slots) || now - hit.at >= SLOTS_CACHE_MS || hit.at > now) return null;
    return hit.slots;
  } catch {
    return null;
  }
}

function writeCache(key: string, slots: DeliverySlotView[], now: number): void {
  try {
    storage()?.setItem(key, JSON.stringify({ at: now, slots }));
  } catch {
    /* quota full: the cache is only an optimisation */
  }
}

/** Drops cached slots (all dates, or one date) — e.g. after the server said a slot is full. */
export function invalidateDeliverySlots(date?: string): void {
  const s = storage();
  if (!s) return;
  const prefix = date ? `${KEY_PREFIX}${date}:` : KEY_PREFIX;
  for (let i = s.length - 1; i >= 0; i--) {
    const k = s.key(i);
    if (k?.startsWith(prefix)) s.removeItem(k);
  }
}

/**
 * Spec §7: GET /api/delivery-slots/date/{date}?planType={type}, cached in local
 * storage per date (and plan type) for SLOTS_CACHE_MS. The one fetch wrapper adds
 * the bearer token, the no-cache headers and the timestamp the spec asks for, and
 * words a refusal as "status: message"; anything else reads "Failed to fetch delivery slots".
 */
export async function fetchDeliverySlots(
  date: string,
  planType: OrderPlanType = 'one_time',
  opts: { force?: boolean; now?: () => number; request?: (path: string) => Promise<unknown> } = {},
): Promise<DeliverySlotView[]> {
  const now = opts.now ?? Date.now;
  const key = slotsCacheKey(date, planType);
  if (!opts.force) {
    const hit = readCache(key, now());
    if (hit) return hit;
  }
  const request = opts.request ?? ((path: string) => apiFetch<unknown>(path));
  let data: unknown;
  try {
    data = await request(`/api/delivery-slots/date/${encodeURIComponent(date)}?planType=${encodeURIComponent(planType)}`);
  } catch (e) {
    throw new Error(e instanceof ApiError && e.message ? e.message : SLOTS_FALLBACK_ERROR);
  }
  if (!Array.isArray(data)) throw new Error(SLOTS_FALLBACK_ERROR);
  const slots = (data as DeliverySlot[]).map(toSlotView);
  writeCache(key, slots, now());
  return slots;
}
