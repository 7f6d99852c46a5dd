import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';

/**
 * Every refusal the shop makes is an AppError with a stable machine code and a
 * sentence a person understands. The one mapping below decides HTTP status and
 * tRPC code; nothing else in the code base picks a status.
 */
export const ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  INVALID_TOKEN: 'UNAUTHORIZED',
  ACCOUNT_DISABLED: 'FORBIDDEN',
  RESET_TOKEN_INVALID: 'BAD_REQUEST',
  WEAK_PASSWORD: 'BAD_REQUEST',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'CONFLICT',
  USERNAME_TAKEN: 'CONFLICT',
  SLOT_FULL: 'CONFLICT',
  SLOT_CLOSED: 'CONFLICT',
  COUPON_EXHAUSTED: 'CONFLICT',
  COUPON_INVALID: 'BAD_REQUEST',
  IDEMPOTENCY_MISMATCH: 'CONFLICT',
  INVALID_STATE: 'CONFLICT',
  OUT_OF_STOCK: 'CONFLICT',
  NOT_SERVICEABLE: 'BAD_REQUEST',
  ADDRESS_LIMIT: 'CONFLICT',
  PAYMENT_FAILED: 'BAD_REQUEST',
  INVALID_SIGNATURE: 'BAD_REQUEST',
  PRICE_CHANGED: 'CONFLICT',
  PAYMENT_METHOD_UNAVAILABLE: 'BAD_REQUEST',
  INSUFFICIENT_POINTS: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  GATEWAY_ERROR: 'BAD_GATEWAY',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<string, TRPC_ERROR_CODE_KEY>;

export type AppErrorCode = keyof typeof ERROR_CODES;

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

export interface AppErrorOptions {
  /** Extra machine-readable detail for the client (never secrets). */
  details?: Record<string, unknown>;
  /** Seconds a client should wait (429). */
  retryAfter?: number;
  cause?: unknown;
}

export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  readonly details?: Record<string, unknown>;
  readonly retryAfter?: number;

  constructor(code: AppErrorCode, message: string, opts: AppErrorOptions = {}) {
    super({ code: ERROR_CODES[code], message, cause: opts.cause });
    // name stays 'TRPCError': trpc-to-openapi recognises errors by name, not class.
    this.appCode = code;
    this.details = opts.details;
    this.retryAfter = opts.retryAfter;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/** The shop's code for any error that reaches the edge. */
export function appCodeOf(error: unknown): string {
  let e: unknown = error;
  for (let i = 0; i < 3 && e; i++) {
    if (e instanceof AppError) return e.appCode;
    e = (e as { cause?: unknown }).cause;
  }
  if (error instanceof TRPCError) return error.code;
  return 'INTERNAL';
}

export const notFound = (what = 'The item'): AppError => new AppError('NOT_FOUND', `${what} was not found.`);
