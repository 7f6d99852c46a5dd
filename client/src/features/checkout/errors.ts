/** The shop's error code (SLOT_FULL, PRICE_CHANGED…) of a tRPC client error, if any. */
export function appCodeOf(e: unknown): string | null {
  const data = (e as { data?: { appCode?: unknown } } | null)?.data;
  return typeof data?.appCode === 'string' ? data.appCode : null;
}

/** The server's sentence, or a calm fallback for network trouble. */
export function errorMessage(e: unknown): string {
  const msg = e instanceof Error ? e.message : '';
  if (!msg || /fetch|network|load failed/i.test(msg))
    return 'We could not reach the shop. Check your connection and try again; you will not be charged twice.';
  return msg;
}
