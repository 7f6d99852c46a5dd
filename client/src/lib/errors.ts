import { ApiError } from './api-fetch';

/** What every screen says when the server gave no sentence of its own (spec §5). */
export const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/** Field errors from the server's validation (zod or a refusal naming a field), first message per field. */
export function fieldErrorsOf(e: unknown): Record<string, string> {
  let all: Record<string, string[] | undefined> = {};
  if (e instanceof ApiError) all = e.fieldErrors;
  else {
    // A tRPC client error: the server's errorFormatter puts them in data (zod) or data.details (refusals).
    const data = (e as { data?: { fieldErrors?: Record<string, string[]>; details?: { fieldErrors?: Record<string, string[]> } } } | null)
      ?.data;
    all = { ...(data?.details?.fieldErrors ?? {}), ...(data?.fieldErrors ?? {}) };
  }
  return Object.fromEntries(
    Object.entries(all)
      .filter(([, v]) => v?.length)
      .map(([k, v]) => [k, v![0]]),
  );
}

/** The server's sentence, or the fallback (§5) when there is none or the network failed. */
export function messageOf(e: unknown, fallback: string = GENERIC_FAILURE): string {
  if (e instanceof ApiError) return e.serverMessage || fallback;
  // A tRPC error without the server's error shape: the answer was not the shop's (a proxy's HTML page,
  // an empty 5xx), and its message is a JSON parse failure, not a sentence for people.
  if (e instanceof Error && e.name === 'TRPCClientError' && !(e as { shape?: unknown }).shape) return fallback;
  if (e instanceof SyntaxError) return fallback;
  if (e instanceof Error && e.message && !/^(Failed to fetch|Load failed|NetworkError)/i.test(e.message)) return e.message;
  return fallback;
}
