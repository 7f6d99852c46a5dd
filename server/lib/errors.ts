import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { z, ZodError } from 'zod';
import { databaseFault } from '../../db/faults';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextAt } from '../../shared/schemas/common';

/**
 * Every refusal the shop makes is an AppError with a stable machine code and a
 * sentence a person understands. This module is the one place that turns any error
 * (AppError, TRPCError, a zod validation error, Fastify's body errors) into the shop's
 * answer: one status table below, one body shape `{ message, code, fieldErrors?, requestId }`
 * (see `shopError`). /trpc (its envelope's `data`), /api, the file routes and Fastify's
 * own refusals all go through it.
 */
export const ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  INVALID_TOKEN: 'UNAUTHORIZED',
  ACCOUNT_DISABLED: 'FORBIDDEN',
  RESET_TOKEN_INVALID: 'BAD_REQUEST',
  INVITATION_INVALID: 'BAD_REQUEST',
  WEAK_PASSWORD: 'BAD_REQUEST',
  OTP_INVALID: 'BAD_REQUEST',
  OTP_LOCKED: 'TOO_MANY_REQUESTS',
  MOBILE_TAKEN: 'CONFLICT',
  EMAIL_LINK_INVALID: 'BAD_REQUEST',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'CONFLICT',
  USERNAME_TAKEN: 'CONFLICT',
  SLOT_FULL: 'CONFLICT',
  SLOT_CLOSED: 'CONFLICT',
  COUPON_EXHAUSTED: 'CONFLICT',
  COUPON_INVALID: 'BAD_REQUEST',
  // A coupon refused at placement (shared/rules/coupons.ts says which and why): 409, like the quote's answer changing.
  COUPON_UNKNOWN: 'CONFLICT',
  COUPON_INACTIVE: 'CONFLICT',
  COUPON_NOT_YET_VALID: 'CONFLICT',
  COUPON_EXPIRED: 'CONFLICT',
  COUPON_FIRST_ORDER_ONLY: 'CONFLICT',
  COUPON_ALREADY_USED: 'CONFLICT',
  COUPON_NOT_APPLICABLE: 'CONFLICT',
  COUPON_MINIMUM_NOT_MET: 'CONFLICT',
  IDEMPOTENCY_MISMATCH: 'CONFLICT',
  INVALID_STATE: 'CONFLICT',
  DELIVERY_FIXED: 'CONFLICT',
  OUT_OF_STOCK: 'CONFLICT',
  NOT_SERVICEABLE: 'BAD_REQUEST',
  ADDRESS_LIMIT: 'CONFLICT',
  PAYMENT_FAILED: 'BAD_REQUEST',
  INVALID_SIGNATURE: 'BAD_REQUEST',
  PRICE_CHANGED: 'CONFLICT',
  PAYMENT_METHOD_UNAVAILABLE: 'BAD_REQUEST',
  INSUFFICIENT_POINTS: 'CONFLICT',
  WALLET_INSUFFICIENT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  GATEWAY_ERROR: 'BAD_GATEWAY',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** The database is slow (lock or statement timeout, no pool connection in time) or away: try again shortly. */
  SERVICE_BUSY: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<string, TRPC_ERROR_CODE_KEY>;

export type AppErrorCode = keyof typeof ERROR_CODES;

/**
 * What each code means, for integrators: the OpenAPI document lists them (server/trpc/openapi.ts).
 * A new code in ERROR_CODES needs its sentence here (the type says so).
 */
export const ERROR_CODE_MEANINGS: Record<AppErrorCode, string> = {
  BAD_REQUEST: 'The request cannot be read: not valid JSON, a bad header, or a value the operation refuses.',
  VALIDATION_FAILED: 'An input field is missing or not valid; `fieldErrors` names it.',
  UNAUTHORIZED: 'No access token, or one that is expired, revoked or not valid: sign in (or refresh) and retry.',
  INVALID_CREDENTIALS: 'The e-mail address and password do not match an account.',
  INVALID_TOKEN: 'The refresh, reset or exchange token is unknown, used or expired.',
  ACCOUNT_DISABLED: 'The account is disabled.',
  RESET_TOKEN_INVALID: 'The password reset link is unknown, used or expired.',
  INVITATION_INVALID: 'The staff invitation link is unknown, already used or expired; the message says which, and who to ask.',
  WEAK_PASSWORD: 'The new password is too short, too common or too long.',
  OTP_INVALID: 'The one-time code is wrong, expired or already used (the message says which and how many tries are left).',
  OTP_LOCKED: 'Three wrong codes: this code is locked; ask for a new one after Retry-After seconds.',
  MOBILE_TAKEN: 'The mobile number is verified on another account.',
  EMAIL_LINK_INVALID: 'The e-mail verification link is unknown, used, expired or for an older address.',
  FORBIDDEN: 'Signed in, but your role (or the API key’s scopes) does not allow this operation.',
  NOT_FOUND: 'No such item (or it belongs to someone else), or no operation at this path.',
  CONFLICT: 'The request conflicts with the current state of the item.',
  EMAIL_TAKEN: 'Another account uses this e-mail address.',
  USERNAME_TAKEN: 'Another account uses this username.',
  SLOT_FULL: 'The delivery slot has no room left on that date.',
  SLOT_CLOSED: 'The delivery slot no longer takes orders for that date.',
  COUPON_EXHAUSTED: 'The coupon has been used as often as it may be.',
  COUPON_INVALID: 'The coupon is unknown, expired or does not apply to this cart.',
  COUPON_UNKNOWN: 'No coupon has this code.',
  COUPON_INACTIVE: 'The coupon has been switched off.',
  COUPON_NOT_YET_VALID: 'The coupon starts on a later day (Asia/Kolkata).',
  COUPON_EXPIRED: 'The coupon ended on an earlier day (Asia/Kolkata).',
  COUPON_FIRST_ORDER_ONLY: 'The coupon is for a first order only.',
  COUPON_ALREADY_USED: 'This customer has used the coupon as often as one customer may.',
  COUPON_NOT_APPLICABLE: 'The coupon does not apply to the items in this cart.',
  COUPON_MINIMUM_NOT_MET: "The cart's subtotal is below the coupon's minimum (the message says how much more is needed).",
  IDEMPOTENCY_MISMATCH: 'The Idempotency-Key was used before for a different request.',
  INVALID_STATE: 'The item is not in a state that allows this (e.g. cancelling a delivered order).',
  DELIVERY_FIXED: 'A standing delivery’s date is past its cut-off (21:00 Asia/Kolkata the evening before, configurable): it can no longer be skipped or changed.',
  OUT_OF_STOCK: 'An item or ingredient is not available.',
  NOT_SERVICEABLE: 'The shop does not deliver to this PIN code.',
  ADDRESS_LIMIT: 'The address book is full.',
  PAYMENT_FAILED: 'The payment was not completed.',
  INVALID_SIGNATURE: 'A payment or webhook signature does not match.',
  PRICE_CHANGED: 'A price changed since the cart was shown: quote again and confirm.',
  PAYMENT_METHOD_UNAVAILABLE: 'That payment method cannot be used for this order.',
  INSUFFICIENT_POINTS: 'Not enough reward points.',
  WALLET_INSUFFICIENT: 'The wallet balance does not cover the amount (an order paid from the wallet, or an adjustment taking money away).',
  PAYLOAD_TOO_LARGE: 'The request body is larger than 1 MiB.',
  RATE_LIMITED: 'Too many attempts: wait the Retry-After seconds.',
  UNSUPPORTED_MEDIA_TYPE: 'A request with a body must send it as application/json.',
  GATEWAY_ERROR: 'The payment provider did not answer as expected.',
  UNAVAILABLE: 'A service the shop needs is not available or not configured: retry later.',
  SERVICE_BUSY: 'The shop is busy or its database is away: retry after the Retry-After seconds.',
  INTERNAL: 'Something went wrong on our side (a bug: report the requestId).',
};

/** The one status table: tRPC code → HTTP status (both adapters' answers are set from it). */
export const HTTP_STATUS: Record<TRPC_ERROR_CODE_KEY, number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

export const BAD_JSON_MESSAGE = 'The request body is not valid JSON.';
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
export const BUSY_MESSAGE = 'The shop is very busy right now. Please try again in a moment.';
export const AWAY_MESSAGE = 'The shop cannot reach its database right now. Please try again in a few seconds.';
/** Retry-After (seconds) for a slow database (a lock or statement timeout) and for one that is away. */
export const BUSY_RETRY_AFTER = 2;
export const AWAY_RETRY_AFTER = 5;

/** Field → messages, flat (`{ email: ['Invalid email address'] }`). */
export type FieldErrors = Record<string, string[]>;

export interface AppErrorOptions {
  /** Messages per input field, sent as the body's top-level `fieldErrors`. */
  fieldErrors?: FieldErrors;
  /**
   * Extra detail kept on the error for logs and callers inside the server. Only its
   * `fieldErrors` reaches the client (as the top-level `fieldErrors`).
   */
  details?: Record<string, unknown>;
  /** Seconds a client should wait: sent as Retry-After (429, 503). */
  retryAfter?: number;
  cause?: unknown;
}

export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  readonly details?: Record<string, unknown>;
  readonly fieldErrors?: FieldErrors;
  readonly retryAfter?: number;

  constructor(code: AppErrorCode, message: string, opts: AppErrorOptions = {}) {
    super({ code: ERROR_CODES[code], message, cause: opts.cause });
    // name stays 'TRPCError': trpc-to-openapi recognises errors by name, not class.
    this.appCode = code;
    this.details = opts.details;
    this.fieldErrors = opts.fieldErrors ?? (opts.details?.fieldErrors as FieldErrors | undefined);
    this.retryAfter = opts.retryAfter;
  }
}

/** The AppError an error is or wraps (tRPC wraps what a procedure throws in `cause` at most a few levels deep). */
function appErrorIn(error: unknown): AppError | null {
  let e: unknown = error;
  for (let i = 0; i < 4 && e; i++) {
    if (e instanceof AppError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** What the shop answers for an error: the HTTP status, the body (without requestId) and headers. */
export interface ShopError {
  status: number;
  code: string;
  message: string;
  fieldErrors?: FieldErrors;
  /** Response headers the refusal carries (Retry-After). */
  headers: Record<string, string>;
  /** A 5xx that was not a deliberate refusal: log it. */
  unexpected: boolean;
}

/** Fastify's own refusals (before any procedure runs), by Fastify's error code. */
const FASTIFY_ERRORS: Record<string, { code: AppErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MiB.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The Content-Length header does not match the body.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: BAD_JSON_MESSAGE },
};

/** tRPC's and trpc-to-openapi's own refusals (no AppError), with a sentence instead of their wording. */
const LIBRARY_MESSAGES: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  UNSUPPORTED_MEDIA_TYPE: 'Send the body as application/json.',
  PAYLOAD_TOO_LARGE: 'The request body is larger than 1 MiB.',
  METHOD_NOT_SUPPORTED: 'This operation does not accept that HTTP method.',
};

/** "email: Invalid email address; password: Too short" — readable in a toast or a log. */
export function summariseZod(err: ZodError): string {
  const parts = err.issues.slice(0, 5).map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  return parts.length ? parts.join('; ') : 'The request is not valid.';
}

/** Flat field → messages of a zod error (nested paths are named by their first key; `_` for the whole input). */
export function zodFieldErrors(err: ZodError): FieldErrors {
  const flat = z.flattenError(err);
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(flat.fieldErrors as Record<string, string[] | undefined>)) if (v?.length) out[k] = v;
  if (flat.formErrors.length) out._ = flat.formErrors;
  return out;
}

/**
 * The zod error of a refused input: tRPC wraps an input's ZodError in a BAD_REQUEST. (An answer that
 * fails its own `.output()` schema is an INTERNAL_SERVER_ERROR with a ZodError cause: our bug, a 500.)
 */
function zodErrorIn(error: unknown): ZodError | null {
  if (error instanceof ZodError) return error;
  if (error instanceof TRPCError && error.code === 'BAD_REQUEST' && error.cause instanceof ZodError) return error.cause;
  return null;
}

/**
 * Any error → the shop's answer. The one function every edge path uses (tRPC's error
 * formatter, the /api answer, Fastify's error handler and 404, the file routes).
 */
export function shopError(error: unknown): ShopError {
  const app = appErrorIn(error);
  if (app) {
    const status = HTTP_STATUS[ERROR_CODES[app.appCode]];
    return {
      status,
      code: app.appCode,
      message: app.message,
      ...(app.fieldErrors ? { fieldErrors: app.fieldErrors } : {}),
      headers: app.retryAfter ? { 'Retry-After': String(Math.max(1, Math.ceil(app.retryAfter))) } : {},
      unexpected: false,
    };
  }
  // The database was slow or away (decision 080): 503 SERVICE_BUSY with Retry-After, never a 500.
  const fault = databaseFault(error);
  if (fault) {
    const away = fault === 'away';
    return {
      status: 503,
      code: 'SERVICE_BUSY',
      message: away ? AWAY_MESSAGE : BUSY_MESSAGE,
      headers: { 'Retry-After': String(away ? AWAY_RETRY_AFTER : BUSY_RETRY_AFTER) },
      unexpected: false,
    };
  }
  const zod = zodErrorIn(error);
  if (zod) {
    return {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: summariseZod(zod),
      fieldErrors: zodFieldErrors(zod),
      headers: {},
      unexpected: false,
    };
  }
  if (error instanceof TRPCError) {
    const status = HTTP_STATUS[error.code] ?? 500;
    if (status >= 500) return { status: 500, code: 'INTERNAL', message: INTERNAL_MESSAGE, headers: {}, unexpected: true };
    // A parse failure inside tRPC (bad JSON in ?input= or the body) is a TRPCError whose cause is the SyntaxError.
    const badJson = error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError;
    const code = badJson ? 'BAD_REQUEST' : error.code;
    const message = badJson
      ? BAD_JSON_MESSAGE
      : (LIBRARY_MESSAGES[error.code] ?? (error.code === 'NOT_FOUND' ? notFoundMessage(error.message) : error.message));
    return { status, code, message, headers: {}, unexpected: false };
  }
  const fastifyCode = (error as { code?: unknown } | null)?.code;
  const known = typeof fastifyCode === 'string' ? FASTIFY_ERRORS[fastifyCode] : undefined;
  if (known)
    return { status: HTTP_STATUS[ERROR_CODES[known.code]], code: known.code, message: known.message, headers: {}, unexpected: false };
  if (error instanceof SyntaxError) return { status: 400, code: 'BAD_REQUEST', message: BAD_JSON_MESSAGE, headers: {}, unexpected: false };
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message = (error as Error).message || 'The request could not be completed.';
    return { status: statusCode, code: statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message, headers: {}, unexpected: false };
  }
  return { status: 500, code: 'INTERNAL', message: INTERNAL_MESSAGE, headers: {}, unexpected: true };
}

export const NO_OPERATION_MESSAGE = 'There is no API operation at this path. See /api/docs.';

/** tRPC and trpc-to-openapi say "No procedure found on path …" / "Not found" for an unknown path. */
function notFoundMessage(message: string): string {
  return message === 'Not found' || message.startsWith('No procedure found') || message.startsWith('No "') ? NO_OPERATION_MESSAGE : message;
}

/** The body the shop sends for an error. */
export function shopErrorBody(
  e: ShopError,
  requestId: string,
): { message: string; code: string; fieldErrors?: FieldErrors; requestId: string } {
  return { message: e.message, code: e.code, ...(e.fieldErrors ? { fieldErrors: e.fieldErrors } : {}), requestId };
}

export const notFound = (what = 'The item'): AppError => new AppError('NOT_FOUND', `${what} was not found.`);

/**
 * Refuses (400 VALIDATION_FAILED, the field named in the message and in `fieldErrors` by its first
 * key, as for a zod error) a value holding text the database cannot store: a NUL character or an
 * unpaired surrogate (the one rule, shared/schemas/common.ts).
 */
export function refuseUnstorableText(value: unknown, prefix: (string | number)[] = []): void {
  const at = unstorableTextAt(value, prefix);
  if (!at) return;
  const field = at.length ? at.join('.') : 'input';
  throw new AppError('VALIDATION_FAILED', `${field}: ${UNSTORABLE_TEXT_MESSAGE}`, {
    fieldErrors: { [String(at[0] ?? '_')]: [UNSTORABLE_TEXT_MESSAGE] },
  });
}
