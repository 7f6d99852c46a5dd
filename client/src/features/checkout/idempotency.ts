/**
 * One idempotency key per checkout request: pressing Pay twice, a network
 * retry or a reload with the same cart, address, slot and method reuses the
 * key (the server answers with the same order); any change gets a new key.
 */
const STORAGE_KEY = 'checkout_idempotency';

function newKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function idempotencyKeyFor(request: unknown): string {
  const fingerprint = JSON.stringify(request);
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { fingerprint: string; key: string } | null;
    if (saved && saved.fingerprint === fingerprint) return saved.key;
    const key = newKey();
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ fingerprint, key }));
    return key;
  } catch {
    return newKey();
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
