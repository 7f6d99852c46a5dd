import { AppError } from '../lib/errors';

/**
 * How deep a JSON request may nest objects and arrays. The shop's deepest input (an order's lines with
 * a custom recipe) is 4 levels; 32 leaves room for any integrator while keeping every recursive walk
 * of the input (text checks, coercion, zod) far from the stack's limit — a 5,000-level body used to
 * overflow it in the REST adapter and answer 500. Documented in the OpenAPI document and the README.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The JSON nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`;

/**
 * Whether JSON text nests deeper than `max`, by one pass over the text that skips strings and stops at
 * the first level too many: no parse, no recursion, so it can run before any other work.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** Refuses JSON text nested deeper than the limit with the shop's 400. */
export function refuseDeepJson(text: unknown): void {
  if (typeof text === 'string' && jsonTooDeep(text)) throw new AppError('BAD_REQUEST', TOO_DEEP_MESSAGE);
}
