import { newId } from '../../lib/ids';

/**
 * One idempotency key per checkout request: pressing Pay twice, a network
 * retry or a reload with the same cart, address, slot and method reuses the
 * key (the server answers with the same order); any change gets a new key.
 */
const STORAGE_KEY = 'checkout_idempotency';

export function idempotencyKeyFor(request: unknown): string {
  const fingerprint = JSON.stringify(request);
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { fingerprint: string; key: string } | null;
    if (saved && saved.fingerprint === fingerprint) return saved.key;
    const key = newId();
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ fingerprint, key }));
    return key;
  } catch {
    return newId();
  }
}

/** After a successful order the next checkout starts fresh. */
export function forgetIdempotencyKey(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage unavailable */
  }
}
