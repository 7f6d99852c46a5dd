import type { Limit } from '../../lib/rate-limit';

/**
 * Abuse limits (fixed windows in PostgreSQL). Per-address limits count every
 * attempt; the per-account sign-in limit counts only failures and is cleared by
 * a success, so the real owner gets in as soon as the window passes.
 */
export const LIMITS = {
  signinIp: { name: 'signin:ip', max: 30, windowSeconds: 15 * 60 },
  /** Failures for one e-mail from one address: the lock an attacker can put on an account reaches only their own address. */
  signinAccountIp: { name: 'signin:account-ip', max: 5, windowSeconds: 15 * 60 },
  /**
   * Failures for one e-mail from any address. Past this, an address that has already failed for the
   * e-mail is refused (a guesser rotating addresses gets one try each); an address with no failure —
   * the owner on a new device — still gets in.
   */
  signinAccount: { name: 'signin:account', max: 50, windowSeconds: 15 * 60 },
  signupIp: { name: 'signup:ip', max: 10, windowSeconds: 60 * 60 },
  signupAccount: { name: 'signup:account', max: 5, windowSeconds: 60 * 60 },
  resetIp: { name: 'reset:ip', max: 10, windowSeconds: 60 * 60 },
  /** Reset requests for one e-mail from one address (429 to that address only). */
  resetAccountIp: { name: 'reset:account-ip', max: 3, windowSeconds: 60 * 60 },
  /** Reset mails one inbox gets per hour, from all addresses: past it the answer is the same, no mail is sent. */
  resetAccount: { name: 'reset:account', max: 5, windowSeconds: 60 * 60 },
  resetCompleteIp: { name: 'reset-complete:ip', max: 20, windowSeconds: 60 * 60 },
  passwordChange: { name: 'password-change:user', max: 10, windowSeconds: 60 * 60 },
  googleIp: { name: 'google:ip', max: 30, windowSeconds: 15 * 60 },
  /** Sign-in codes asked for from one address (any numbers). */
  otpRequestIp: { name: 'otp-request:ip', max: 20, windowSeconds: 60 * 60 },
  /** One code per number per 30 s (the resend wait), counted atomically: two requests at once send one SMS. */
  otpResend: { name: 'otp-resend:number', max: 1, windowSeconds: 30 },
  /** Codes one number gets per hour, from all addresses. */
  otpRequestNumber: { name: 'otp-request:number', max: 5, windowSeconds: 60 * 60 },
  /** Codes tried from one address (each code has its own 3 tries on top). */
  otpVerifyIp: { name: 'otp-verify:ip', max: 30, windowSeconds: 15 * 60 },
  /** Verification links one account asks for per hour (profile "resend"). */
  verifyEmailUser: { name: 'verify-email:user', max: 3, windowSeconds: 60 * 60 },
  verifyEmailConfirmIp: { name: 'verify-email-confirm:ip', max: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** Failed sign-ins for one e-mail from one address are answered this much later each, after the second (at most SIGNIN_SLOWDOWN_MAX_MS). */
export const SIGNIN_SLOWDOWN_MS = 250;
export const SIGNIN_SLOWDOWN_MAX_MS = 1_000;

export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
/** A rotated refresh token presented again within this window (two tabs refreshing at once) is not theft. */
export const REUSE_GRACE_MS = 10_000;
export const RESET_TTL_MS = 30 * 60_000;
/** E-mail verification links work for 24 hours. */
export const VERIFY_EMAIL_TTL_MS = 24 * 3600_000;
/** Sign-in codes: 6 digits, 5 minutes, 3 tries (PRODUCT.md §18). */
export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_TRIES = 3;
export const OTP_RESEND_SECONDS = 30;
