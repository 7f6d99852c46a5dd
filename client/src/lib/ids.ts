/**
 * A random UUID v4: client-made ids and idempotency keys (one per attempt, so a double click or a
 * retried request is the same request). Plain-http origins have no crypto.randomUUID; a v4-shaped id
 * from getRandomValues does the same job there.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Each 0, 1 and 8 of the template becomes a random hex digit; 4 and the variant bits stay v4's.
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16),
  );
}
