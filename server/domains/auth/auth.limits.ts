import type { Limit } from '../../lib/rate-limit';

/**
 * Abuse limits (fixed windows in PostgreSQL). Per-address limits count every
 * attempt; the per-account sign-in limit counts only failures and is cleared by
 * a success, so the real owner gets in as soon as the window passes.
 */
export const LIMITS = {
  signinIp: { name: 'signin:ip', max: 30, windowSeconds: 15 * 60 },
  signinAccount: { name: 'signin:account', max: 5, windowSeconds: 15 * 60 },
  signupIp: { name: 'signup:ip', max: 10, windowSeconds: 60 * 60 },
  signupAccount: { name: 'signup:account', max: 5, windowSeconds: 60 * 60 },
  resetIp: { name: 'reset:ip', max: 10, windowSeconds: 60 * 60 },
  resetAccount: { name: 'reset:account', max: 3, windowSeconds: 60 * 60 },
  resetCompleteIp: { name: 'reset-complete:ip', max: 20, windowSeconds: 60 * 60 },
  passwordChange: { name: 'password-change:user', max: 10, windowSeconds: 60 * 60 },
  googleIp: { name: 'google:ip', max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
/** A rotated refresh token presented again within this window (two tabs refreshing at once) is not theft. */
export const REUSE_GRACE_MS = 10_000;
export const RESET_TTL_MS = 30 * 60_000;
