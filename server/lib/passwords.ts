import crypto from 'node:crypto';

/**
 * @node-rs/argon2 (a native addon, a few MB resident) is loaded on the first hash or verify:
 * an idle server, and one that only serves the shop, never needs it. Every hash and verify,
 * the dummy one for unknown accounts included, goes through this same loader, so the first
 * call of either kind pays the load and later calls cost the same.
 */
let argon2: Promise<typeof import('@node-rs/argon2')> | null = null;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

/**
 * Password hashing: argon2id at OWASP's first recommended setting (19 MiB, 2
 * passes, 1 lane), ~25 ms on one core here. Passwords are hashed whole (no
 * 72-byte truncation as with bcrypt); the policy caps them at 128 characters.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id (a const enum the compiler cannot inline here) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash we cannot read; never throws. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/**
 * A hash of a random secret with the same parameters: checking an unknown
 * account against it costs as much as checking a real one, so the answer time
 * does not tell whether an e-mail is registered.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(24).toString('base64url'));
  return dummy;
}

/** True when a stored hash was made with weaker parameters than today's (re-hash after a good sign-in). */
export function needsRehash(storedHash: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
  if (!m) return true;
  return Number(m[1]) < ARGON2_OPTIONS.memoryCost || Number(m[2]) < ARGON2_OPTIONS.timeCost;
}
