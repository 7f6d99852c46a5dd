/** The shop's error code (SLOT_FULL, PRICE_CHANGED…) of a tRPC client error, if any. */
export function appCodeOf(e: unknown): string | null {
  // The server's error formatter puts the shop's code in tRPC's `data.code` (server/lib/errors.ts).
  const data = (e as { data?: { code?: unknown } } | null)?.data;
  return typeof data?.code === 'string' ? data.code : null;
}

/** The server's sentence, or a calm fallback for network trouble. */
export function errorMessage(e: unknown): string {
  const msg = e instanceof Error ? e.message : '';
  if (!msg || /fetch|network|load failed/i.test(msg))
    return 'We could not reach the shop. Check your connection and try again; you will not be charged twice.';
  return msg;
}
