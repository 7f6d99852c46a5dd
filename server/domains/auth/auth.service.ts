import type { AppDeps } from '../../deps';
import { effectiveRoleOf, firstScreenOf, ROLE_LABELS, type StaffRole, type UserRole } from '../../../shared/rules/staff';
import type { RequestInfo } from '../../trpc/context';
import { bearerToken } from '../../trpc/context';
import { AppError } from '../../lib/errors';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import * as limits from '../../lib/rate-limit';
import { enqueueMail, kickMail } from '../../lib/mail';
import { hashOpaqueToken, looksLikeOpaqueToken, newOpaqueToken, signAccessToken, verifyAccessToken } from '../../lib/tokens';
import { createSupabaseVerifier, type SupabaseVerifier } from '../../lib/supabase';
import type { Executor } from '../../../db/database';
import { passwordProblem } from '../../../shared/rules/password';
import type {
  AuthAnswer,
  ChangePasswordInput,
  MessageAnswer,
  ResetCompleteInput,
  SessionUserDto,
  SigninInput,
  SignupAnswer,
  SignupInput,
} from '../../../shared/schemas/auth';
import * as repo from './auth.repository';
import type { UserRow } from './auth.repository';
import { LIMITS, REFRESH_TTL_MS, RESET_TTL_MS, REUSE_GRACE_MS, SIGNIN_SLOWDOWN_MAX_MS, SIGNIN_SLOWDOWN_MS } from './auth.limits';
import { sleepOn } from '../../lib/clock';
import { alreadyRegisteredMail, passwordChangedMail, resetMail, welcomeMail } from './auth.mail';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { createLink } from './email-verification.service';
import { assertMobileFree } from '../users/mobile-numbers.service';
import { notify, type Told } from '../notifications/notify.service';
import { recordSignup } from '../../lib/consents';
import { proveCode } from './otp.service';

type Deps = AppDeps;

export const INVALID_CREDENTIALS_MESSAGE = 'The e-mail or password is not correct.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
export const SIGNUP_MESSAGE = 'Thanks for signing up! We have sent a message to your e-mail address.';
export const RESET_SENT_MESSAGE =
  'If an account exists for that e-mail, we have sent a link to reset the password. The link is valid for 30 minutes.';
export const RESET_INVALID_MESSAGE = 'This reset link is not valid any more. Links work once and for 30 minutes; ask for a new one.';
export const REFRESH_PREFIX = 'hsr';
export const RESET_PREFIX = 'hsp';

// --- roles and the user answer ---

/**
 * Roles are decided here only: users.role, or a verified e-mail on the ADMIN_EMAILS list, which
 * makes the owner (`admin`) whatever the stored role says (spec §6; PRODUCT.md §17).
 */
export function effectiveRole(user: Pick<UserRow, 'role' | 'email' | 'email_verified'>, config: Deps['config']): UserRole {
  return effectiveRoleOf(user, config.ADMIN_EMAILS);
}

export function toSessionUser(user: UserRow, config: Deps['config']): SessionUserDto {
  const role = effectiveRole(user, config);
  return {
    id: user.id,
    email: user.email ?? '',
    role,
    email_verified: user.email_verified,
    created_at: user.created_at,
    user_metadata: {
      name: user.name,
      role,
      ...(user.username ? { username: user.username } : {}),
      ...(user.mobile ? { mobile: user.mobile } : {}),
    },
  };
}

export function clientInfo(req: RequestInfo) {
  const ua = req.headers['user-agent'];
  return { ip: req.ip || null, user_agent: typeof ua === 'string' ? ua.slice(0, 256) : null };
}

function publicUrl(deps: Deps, path: string): string {
  return new URL(path, deps.config.PUBLIC_URL).toString();
}

// --- sessions ---

/** A new session (refresh-token family) with its first refresh token and an access token. */
export async function openSession(db: Executor, deps: Deps, user: UserRow, provider: string, req: RequestInfo): Promise<AuthAnswer> {
  const now = deps.clock.now();
  const sessionId = await repo.insertSession(db, { user_id: user.id, provider, ...clientInfo(req), now });
  return issueTokens(db, deps, user, sessionId, now);
}

async function issueTokens(db: Executor, deps: Deps, user: UserRow, sessionId: string, now: Date): Promise<AuthAnswer> {
  const refresh = newOpaqueToken(REFRESH_PREFIX);
  await repo.insertRefreshToken(db, {
    session_id: sessionId,
    token_hash: hashOpaqueToken(refresh),
    now,
    expires_at: new Date(now.getTime() + REFRESH_TTL_MS),
  });
  const sessionUser = toSessionUser(user, deps.config);
  const access = await signAccessToken(
    deps.tokenKeys,
    { sub: user.id, email: user.email ?? '', role: sessionUser.role, name: user.name, sid: sessionId },
    now,
  );
  const session = {
    access_token: access.token,
    refresh_token: refresh,
    expires_at: access.expiresAt,
    expires_in: deps.tokenKeys.ttlSeconds,
    token_type: 'bearer' as const,
  };
  return { user: sessionUser, session, access_token: session.access_token, refresh_token: refresh, expires_at: session.expires_at };
}

// --- sign-up, sign-in ---

export async function signup(deps: Deps, input: SignupInput, req: RequestInfo): Promise<SignupAnswer> {
  const now = deps.clock.now();
  await limits.enforce(deps.db, now, [
    [LIMITS.signupIp, req.ip],
    [LIMITS.signupAccount, input.email],
  ]);

  const existing = await repo.findUserByEmail(deps.db, input.email);
  if (existing) return signupForExisting(deps, existing, input, req);

  if (await repo.usernameTaken(deps.db, input.username)) throw usernameTaken();
  await assertMobileFree(deps.db, input.mobile, null);
  const passwordHash = await hashPassword(input.password);
  try {
    return await withTransactionRetry(deps, async (trx) => {
      const user = await repo.insertUser(trx, {
        email: input.email,
        password_hash: passwordHash,
        username: input.username,
        name: input.name,
        mobile: input.mobile,
        email_verified: false,
      });
      // What the person agreed to on the notice the form showed (decision 250).
      await recordSignup(trx, user.id, input.consents, { channel: 'email-signup', at: deps.clock.now().toISOString() });
      // The link that proves the address (decision 172), then the welcome.
      await createLink(trx, deps, user, input.email, false, deps.clock.now());
      await enqueueMail(trx, welcomeMail(user.email, user.name, publicUrl(deps, '/')));
      const answer = await openSession(trx, deps, user, 'password', req);
      return { ...answer, message: SIGNUP_MESSAGE };
    });
  } catch (e) {
    if (isUniqueViolation(e, 'users_username_key')) throw usernameTaken();
    if (isUniqueViolation(e, 'users_email_key')) {
      const raced = await repo.findUserByEmail(deps.db, input.email);
      if (raced) return signupForExisting(deps, raced, input, req);
    }
    throw e;
  } finally {
    void kickMail(deps);
  }
}

/**
 * The address is taken. The answer has the same status and message as a new
 * sign-up and costs one argon2 operation like it; the owner gets an e-mail. Only
 * the owner repeating their own sign-up (right password) is signed in.
 */
async function signupForExisting(deps: Deps, user: UserRow, input: SignupInput, req: RequestInfo): Promise<SignupAnswer> {
  const ok = await verifyPassword(user.password_hash ?? (await dummyHash()), input.password);
  if (ok && user.password_hash && !user.disabled) {
    const answer = await withTransactionRetry(deps, (trx) => openSession(trx, deps, user, 'password', req));
    return { ...answer, message: SIGNUP_MESSAGE };
  }
  await enqueueMail(deps.db, alreadyRegisteredMail(user.email, user.name, publicUrl(deps, '/auth'), publicUrl(deps, '/reset-password')));
  void kickMail(deps);
  return { user: null, session: null, access_token: null, refresh_token: null, expires_at: null, message: SIGNUP_MESSAGE };
}

function usernameTaken(): AppError {
  const message = 'That username is taken. Try another one.';
  return new AppError('USERNAME_TAKEN', message, { details: { fieldErrors: { username: [message] } } });
}

function isUniqueViolation(e: unknown, constraint: string): boolean {
  const err = e as { code?: string; constraint?: string; message?: string };
  return err?.code === '23505' && (err.constraint === constraint || (err.message ?? '').includes(constraint));
}

/**
 * Sign-in limits by e-mail + address (decision 095): failures are counted per (e-mail, address) and
 * per e-mail. An attacker's failures lock only their own address; once an e-mail has many failures
 * from everywhere, addresses that have failed for it are refused too, but an address with none (the
 * owner on a new device) still gets in. Each failure after the second is answered a little later.
 */
export async function signin(deps: Deps, input: SigninInput, req: RequestInfo): Promise<AuthAnswer> {
  const now = deps.clock.now();
  const pair = `${input.email.toLowerCase()}|${req.ip}`;
  await limits.enforce(deps.db, now, [[LIMITS.signinIp, req.ip]]);
  const mine = await limits.peek(deps.db, LIMITS.signinAccountIp, pair, now);
  if (!mine.allowed) throw limits.tooMany(mine.retryAfter);
  if (mine.count > 0) {
    const all = await limits.peek(deps.db, LIMITS.signinAccount, input.email, now);
    if (!all.allowed) throw limits.tooMany(all.retryAfter);
  }

  const user = await repo.findUserByEmail(deps.db, input.email);
  // Unknown users and password-less (Google-only) accounts are checked against a dummy hash: same cost, same answer.
  const ok = (await verifyPassword(user?.password_hash ?? (await dummyHash()), input.password)) && !!user?.password_hash;
  if (!ok || !user) {
    const after = await limits.hit(deps.db, LIMITS.signinAccountIp, pair, now);
    await limits.hit(deps.db, LIMITS.signinAccount, input.email, now);
    await slowDown(deps, after.count);
    if (!after.allowed) throw limits.tooMany(after.retryAfter);
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  if (user.disabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled. Please contact us if you think this is a mistake.');
  await limits.reset(deps.db, LIMITS.signinAccountIp, pair);
  if (needsRehash(user.password_hash!)) await repo.setPassword(deps.db, user.id, await hashPassword(input.password), now, false);
  return withTransactionRetry(deps, (trx) => openSession(trx, deps, user, 'password', req));
}

/** Waits on the app's clock (real time in production; a test clock records the wait and moves on). */
function slowDown(deps: Pick<Deps, 'clock'>, failures: number): Promise<void> {
  return sleepOn(deps.clock, Math.min(SIGNIN_SLOWDOWN_MAX_MS, Math.max(0, failures - 2) * SIGNIN_SLOWDOWN_MS));
}

// --- refresh, sign-out, me ---

type RefreshOutcome = { ok: AuthAnswer } | { reuse: string } | { invalid: true; ended?: string };

/**
 * Rotation: each refresh token works once and is replaced. Presenting an
 * already-rotated token again within REUSE_GRACE_MS (two tabs racing) yields
 * another token of the same family; later, it means the token was copied, and
 * the whole family is revoked.
 */
export async function refresh(deps: Deps, bodyToken: string | undefined, req: RequestInfo): Promise<AuthAnswer> {
  const token = bodyToken ?? bearerToken(req.headers) ?? undefined;
  if (!looksLikeOpaqueToken(token, REFRESH_PREFIX)) throw new AppError('INVALID_TOKEN', SESSION_EXPIRED_MESSAGE);
  const now = deps.clock.now();
  const outcome: RefreshOutcome = await withTransactionRetry(deps, async (trx) => {
    const row = await repo.lockRefreshToken(trx, hashOpaqueToken(token));
    if (!row || row.revoked_at || new Date(row.expires_at) <= now) return { invalid: true as const };
    if (row.rotated_at) {
      if (now.getTime() - new Date(row.rotated_at).getTime() > REUSE_GRACE_MS) {
        await repo.revokeSession(trx, row.session_id, 'refresh-token-reuse', now);
        return { reuse: row.session_id };
      }
    } else {
      await repo.markRotated(trx, row.id, now);
    }
    const user = await repo.findUserById(trx, row.user_id);
    if (!user || user.disabled) {
      await repo.revokeSession(trx, row.session_id, 'account-unavailable', now);
      return { invalid: true as const, ended: row.session_id };
    }
    await repo.touchSession(trx, row.session_id, now);
    return { ok: await issueTokens(trx, deps, user, row.session_id, now) };
  });
  if ('ok' in outcome) return outcome.ok;
  // The family's access tokens stop working too, on every instance, from the commit (decision 207).
  if ('reuse' in outcome)
    deps.log.warn({ sessionId: outcome.reuse, reqId: req.id }, 'refresh token reused after rotation; session family revoked');
  throw new AppError('INVALID_TOKEN', SESSION_EXPIRED_MESSAGE);
}

/** Ends the session of the bearer access token and/or the given refresh token. Always succeeds. */
export async function signout(deps: Deps, bodyToken: string | undefined, req: RequestInfo): Promise<MessageAnswer> {
  const now = deps.clock.now();
  const sessions = new Set<string>();
  const bearer = bearerToken(req.headers);
  if (bearer) {
    const claims = await verifyAccessToken(deps.tokenKeys, bearer, now);
    if (claims?.sid) sessions.add(claims.sid);
  }
  for (const t of [bodyToken, bearer]) {
    if (!looksLikeOpaqueToken(t, REFRESH_PREFIX)) continue;
    const row = await repo.findRefreshToken(deps.db, hashOpaqueToken(t));
    if (row) sessions.add(row.session_id);
  }
  for (const id of sessions) await repo.revokeSession(deps.db, id, 'signout', now);
  return { ok: true, message: 'You are signed out.' };
}

/** The signed-in user, read fresh (role, name); 401 when the session was ended or the account is gone. */
export async function me(deps: Deps, userId: string, req: RequestInfo): Promise<{ user: SessionUserDto }> {
  const bearer = bearerToken(req.headers);
  const claims = bearer ? await verifyAccessToken(deps.tokenKeys, bearer, deps.clock.now()) : null;
  if (claims?.sid) {
    const s = await repo.sessionState(deps.db, claims.sid);
    if (!s || s.revoked_at || s.user_id !== userId) throw new AppError('INVALID_TOKEN', SESSION_EXPIRED_MESSAGE);
  }
  return { user: await sessionUser(deps, userId) };
}

export async function sessionUser(deps: Deps, userId: string): Promise<SessionUserDto> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user || user.disabled) throw new AppError('INVALID_TOKEN', SESSION_EXPIRED_MESSAGE);
  return toSessionUser(user, deps.config);
}

// --- password reset ---

/**
 * Both reset calls of the spec. `viaBrevo` is POST /auth/reset-password-brevo:
 * it is refused (503) for every address when Brevo is not configured, so the
 * client falls back to /auth/reset-password, which goes through the outbox (and
 * the log). The answer never tells whether the address has an account.
 */
export async function requestReset(deps: Deps, email: string, req: RequestInfo, viaBrevo: boolean): Promise<MessageAnswer> {
  const now = deps.clock.now();
  // The rate limit first, for both calls: a caller hammering the Brevo call gets 429 like any other,
  // not an endless stream of 503s that cost nothing (and tell nothing about the limit).
  await limits.enforce(deps.db, now, [
    [LIMITS.resetIp, req.ip],
    [LIMITS.resetAccountIp, `${email.toLowerCase()}|${req.ip}`],
  ]);
  if (viaBrevo && !deps.config.BREVO_API_KEY) throw new AppError('UNAVAILABLE', 'E-mail through Brevo is not configured on this shop.');
  // The inbox's own budget is silent: past it the answer is the same and no mail goes out, so
  // someone else's requests can neither flood the owner's inbox nor get the owner a 429.
  const inbox = await limits.hit(deps.db, LIMITS.resetAccount, email, now);
  const user = inbox.allowed ? await repo.findUserByEmail(deps.db, email) : undefined;
  if (user && !user.disabled) {
    await withTransactionRetry(deps, (trx) => createReset(trx, deps, user, null, req.ip, now));
    void kickMail(deps);
  }
  return { ok: true, message: RESET_SENT_MESSAGE };
}

/** A reset token (256 random bits, stored hashed, 30 minutes, once) and its e-mail, in the caller's transaction. */
export async function createReset(
  trx: Executor,
  deps: Deps,
  user: UserRow,
  requestedBy: string | null,
  ip: string | null,
  now: Date,
): Promise<{ expiresAt: string }> {
  const token = newOpaqueToken(RESET_PREFIX);
  const expires = new Date(now.getTime() + RESET_TTL_MS);
  await repo.insertReset(trx, {
    user_id: user.id,
    token_hash: hashOpaqueToken(token),
    requested_by: requestedBy,
    ip,
    now,
    expires_at: expires,
  });
  const url = publicUrl(deps, `/reset-password?token=${encodeURIComponent(token)}`);
  await enqueueMail(trx, resetMail(user.email, user.name, url, !!requestedBy));
  return { expiresAt: expires.toISOString() };
}

/** How long a staff invitation's set-password link works. */
export const INVITE_TTL_HOURS = 72;

/**
 * A staff invitation (PRODUCT.md §17): a set-password link made like a reset link (256 random bits,
 * stored hashed, once) but valid for INVITE_TTL_HOURS, told through the notifications domain (the
 * `staff_invited` event, decision 235) — in the caller's transaction. Its e-mail goes to the address the
 * owner typed, verified or not: setting the password proves the inbox and signs the person in.
 */
export async function createInvite(
  trx: Executor,
  deps: Deps,
  user: UserRow,
  invitedBy: string,
  role: StaffRole,
  now: Date,
): Promise<{ expiresAt: string; told: Told }> {
  const token = newOpaqueToken(RESET_PREFIX);
  const expires = new Date(now.getTime() + INVITE_TTL_HOURS * 3_600_000);
  await repo.retireOpenResets(trx, user.id, now);
  await repo.insertReset(trx, {
    user_id: user.id,
    token_hash: hashOpaqueToken(token),
    requested_by: invitedBy,
    ip: null,
    now,
    expires_at: expires,
    purpose: 'invite',
  });
  // The invitation's own page (/join): the role, the shop, a password or a code to the invited number.
  const joinUrl = publicUrl(deps, `/join?token=${encodeURIComponent(token)}`);
  const told = await notify(deps, trx, { userId: user.id }, 'staff_invited', {
    role: ROLE_LABELS[role],
    joinUrl,
    landing: firstScreenOf(role),
    hours: INVITE_TTL_HOURS,
  });
  return { expiresAt: expires.toISOString(), told };
}

/** Staff management: every session of a person ends (disabled, or their role changed) when the caller commits. */
export async function endSessionsFor(trx: Executor, userId: string, reason: 'staff-disabled' | 'role-changed', now: Date): Promise<number> {
  return repo.revokeUserSessions(trx, userId, reason, now);
}

/** Set the new password from an e-mailed token: every session ends, the inbox is proven, a new session starts. */
export async function completeReset(deps: Deps, input: ResetCompleteInput, req: RequestInfo): Promise<AuthAnswer> {
  return setPasswordWithToken(deps, input, req, null);
}

/**
 * A set-password link (a reset, or an invitation when `only` is 'invite'): the token works once;
 * every session ends, the inbox is proven, a new session starts. The "password changed" alarm goes
 * out when a password is replaced, never for the first one an invitation sets: that is
 * no change, and the person is the one who just chose it.
 */
export async function setPasswordWithToken(
  deps: Deps,
  input: ResetCompleteInput,
  req: RequestInfo,
  only: 'invite' | null,
  refused: () => Promise<AppError> = async () => new AppError('RESET_TOKEN_INVALID', RESET_INVALID_MESSAGE),
): Promise<AuthAnswer> {
  const now = deps.clock.now();
  await limits.enforce(deps.db, now, [[LIMITS.resetCompleteIp, req.ip]]);
  if (!looksLikeOpaqueToken(input.token, RESET_PREFIX)) throw await refused();
  const passwordHash = await hashPassword(input.password);
  let spent = false;
  try {
    const answer = await withTransactionRetry(deps, async (trx) => {
      const link = await repo.consumeReset(trx, hashOpaqueToken(input.token), now);
      if (!link || (only && link.purpose !== only)) {
        spent = true;
        throw new AppError('RESET_TOKEN_INVALID', RESET_INVALID_MESSAGE);
      }
      const user = await repo.findUserById(trx, link.user_id);
      if (!user || user.disabled) throw new AppError('RESET_TOKEN_INVALID', RESET_INVALID_MESSAGE);
      const problem = passwordProblem(input.password, { email: user.email ?? undefined, username: user.username ?? undefined });
      if (problem) throw weakPassword('password', problem);
      await repo.setPassword(trx, user.id, passwordHash, now, true);
      await repo.retireOpenResets(trx, user.id, now);
      await repo.revokeUserSessions(trx, user.id, 'password-reset', now);
      const first = link.purpose === 'invite' && !user.password_hash;
      if (!first) await enqueueMail(trx, passwordChangedMail(user.email, user.name, publicUrl(deps, '/reset-password')));
      const fresh = (await repo.findUserById(trx, user.id))!;
      return openSession(trx, deps, fresh, 'password', req);
    });
    void kickMail(deps);
    return answer;
  } catch (e) {
    // The link was not there to spend (unknown, used, expired, or not an invitation): the caller says which.
    if (spent) throw await refused();
    throw e;
  }
}

function weakPassword(field: string, message: string): AppError {
  return new AppError('WEAK_PASSWORD', message, { details: { fieldErrors: { [field]: [message] } } });
}

export async function changePassword(deps: Deps, userId: string, input: ChangePasswordInput, req: RequestInfo): Promise<MessageAnswer> {
  const now = deps.clock.now();
  await limits.enforce(deps.db, now, [[LIMITS.passwordChange, userId]]);
  const user = await repo.findUserById(deps.db, userId);
  if (!user || user.disabled) throw new AppError('INVALID_TOKEN', SESSION_EXPIRED_MESSAGE);
  if (user.password_hash) {
    const ok = input.current_password ? await verifyPassword(user.password_hash, input.current_password) : false;
    if (!ok) {
      // 400, not 401: a wrong current password must not look like an expired session to the client.
      const message = 'Your current password is not correct.';
      throw new AppError('VALIDATION_FAILED', message, { details: { fieldErrors: { current_password: [message] } } });
    }
  }
  const problem = passwordProblem(input.new_password, { email: user.email ?? undefined, username: user.username ?? undefined });
  if (problem) throw weakPassword('new_password', problem);
  const passwordHash = await hashPassword(input.new_password);
  const bearer = bearerToken(req.headers);
  const current = bearer ? (await verifyAccessToken(deps.tokenKeys, bearer, now))?.sid : undefined;
  await withTransactionRetry(deps, async (trx) => {
    await repo.setPassword(trx, user.id, passwordHash, now, false);
    await repo.retireOpenResets(trx, user.id, now);
    await repo.revokeUserSessions(trx, user.id, 'password-change', now, current);
    await enqueueMail(trx, passwordChangedMail(user.email, user.name, publicUrl(deps, '/reset-password')));
  });
  void kickMail(deps);
  return { ok: true, message: 'Your password is changed. Other devices were signed out.' };
}

// --- Google through Supabase ---

const verifiers = new WeakMap<Deps['config'], SupabaseVerifier | null>();
function supabaseVerifier(deps: Deps): SupabaseVerifier | null {
  if (!verifiers.has(deps.config)) verifiers.set(deps.config, createSupabaseVerifier(deps.config));
  return verifiers.get(deps.config) ?? null;
}

export const SUPABASE_PROVIDER = 'supabase';

/**
 * Exchange a verified Supabase access token for the shop's own session.
 * Identities are found by (provider, subject). A new identity is attached to an
 * existing account only when both sides have verified the e-mail: otherwise
 * someone who registered a victim's address first could take over the account.
 */
export async function exchangeSupabase(deps: Deps, accessToken: string, req: RequestInfo): Promise<AuthAnswer> {
  const verify = supabaseVerifier(deps);
  if (!verify) throw new AppError('UNAVAILABLE', 'Google sign-in is not configured on this shop.');
  const now = deps.clock.now();
  await limits.enforce(deps.db, now, [[LIMITS.googleIp, req.ip]]);
  const id = await verify(accessToken, now);
  if (!id) throw new AppError('INVALID_TOKEN', 'Google sign-in could not be confirmed. Please try again.');

  return withTransactionRetry(deps, async (trx) => {
    let user: UserRow | undefined;
    const identity = await repo.findIdentity(trx, SUPABASE_PROVIDER, id.subject);
    if (identity) {
      user = await repo.findUserById(trx, identity.user_id);
      await repo.touchIdentity(trx, identity.id, now);
    } else {
      if (!id.email)
        throw new AppError('BAD_REQUEST', 'Your Google account did not share an e-mail address, which we need for your orders.');
      const existing = await repo.findUserByEmail(trx, id.email);
      if (existing) {
        if (!id.emailVerified || !existing.email_verified) {
          throw new AppError(
            'CONFLICT',
            'An account with this e-mail already exists. Sign in with your password (or reset it) once; after that, Google sign-in works too.',
          );
        }
        user = existing;
      } else {
        user = await repo.insertUser(trx, {
          email: id.email,
          password_hash: null,
          username: null,
          name: id.name,
          mobile: null,
          email_verified: id.emailVerified,
        });
        await enqueueMail(trx, welcomeMail(user.email, user.name, publicUrl(deps, '/')));
      }
      await repo.insertIdentity(trx, { user_id: user.id, provider: SUPABASE_PROVIDER, subject: id.subject, email: id.email, now });
    }
    if (!user) throw new AppError('INVALID_TOKEN', 'Google sign-in could not be confirmed. Please try again.');
    if (user.disabled)
      throw new AppError('ACCOUNT_DISABLED', 'This account is disabled. Please contact us if you think this is a mistake.');
    if (!user.email_verified && id.emailVerified && id.email === user.email) {
      await repo.markEmailVerified(trx, user.id, now);
      user = (await repo.findUserById(trx, user.id))!;
    }
    return openSession(trx, deps, user, id.provider === 'google' ? 'google' : SUPABASE_PROVIDER, req);
  });
}

/**
 * An admin's "sign out everywhere": every session of the customer ends, on every instance at once.
 * Runs in the caller's transaction (the admin domain writes its audit entry in it): every instance
 * reads the session at each request (decision 207), so the commit is the moment it ends.
 */
export async function endAllSessions(trx: Executor, userId: string, now: Date): Promise<number> {
  return repo.revokeUserSessions(trx, userId, 'admin-sign-out', now);
}

/** For the admin domain: the account a reset link is for (read in the caller's transaction). */
export function findUserForReset(trx: Executor, userId: string): Promise<UserRow | undefined> {
  return repo.findUserById(trx, userId);
}

export const CONFIRM_IT_IS_YOU = 'Confirm it is you: enter your password, or a sign-in code we text to your number.';
export const WRONG_PASSWORD = 'That password is not right.';

/**
 * Re-authentication for what cannot be undone (deleting the account): the account's password, or a
 * fresh sign-in code texted to its verified number (POST /api/auth/otp/request first). Counted with
 * the password-change limit, so a stolen session cannot guess the password.
 */
export async function reauthenticate(deps: Deps, userId: string, proof: { password?: string; code?: string }, req: RequestInfo): Promise<UserRow> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user || user.disabled) throw new AppError('INVALID_TOKEN', SESSION_EXPIRED_MESSAGE);
  if (proof.password && user.password_hash) {
    await limits.enforce(deps.db, deps.clock.now(), [[LIMITS.passwordChange, userId]]);
    if (!(await verifyPassword(user.password_hash, proof.password)))
      throw new AppError('INVALID_CREDENTIALS', WRONG_PASSWORD, { details: { fieldErrors: { password: [WRONG_PASSWORD] } } });
    return user;
  }
  if (proof.code && user.mobile && user.mobile_verified_at) {
    await proveCode(deps, user.mobile, proof.code, req);
    return user;
  }
  throw new AppError('VALIDATION_FAILED', CONFIRM_IT_IS_YOU, { details: { fieldErrors: { password: [CONFIRM_IT_IS_YOU] } } });
}
