import crypto from 'node:crypto';
import type { AppDeps } from '../deps';
import type { AuthUser } from '../trpc/context';
import { hashOpaqueToken, verifyAccessToken } from './tokens';
import { API_KEY_PREFIX, type ApiKeyScope } from '../../shared/schemas/api-keys';
import * as repo from './auth-guard.repository';
import { AppError } from './errors';
import type { RawBuilder } from 'kysely';

/**
 * Who is calling: the hot-path check of every signed-in request (decisions 093, 207).
 *
 * An access token is verified by lib/tokens (jose once, then a bounded cache of accepted tokens);
 * then its session (`sid`) must still be open, read from the database on every request: one
 * primary-key read (~0.1 ms). An open session is never cached, because a cache emptied by a
 * notification lets the other instance accept a signed-out token until the notification lands
 * (tens of milliseconds, more on a busy machine) — the sign-out's answer would leave before every
 * instance refuses. An ended session never reopens, so that answer is kept (bounded) and a replayed
 * old token costs no read.
 *
 * API keys (`hs_live_…`, decision 094) are looked up by their SHA-256 (compared again in constant
 * time) the same way: a revoked or unknown key is remembered, a live one is read every time.
 */

const ENDED_MAX = 20_000;
const FLUSH_MS = 5_000;

export interface ApiKeyPrincipal {
  id: string;
  name: string;
  scopes: readonly ApiKeyScope[];
  createdBy: string;
}

export type Principal = { user: AuthUser; apiKey?: undefined; session?: SessionCheck } | { user: null; apiKey: ApiKeyPrincipal; session?: undefined };

interface UseEntry {
  keyId: string;
  minute: string;
  operation: string;
  count: number;
  refused: number;
  lastIp: string | null;
}

interface GuardState {
  /** Sessions known to have ended (they never reopen). */
  endedSessions: Set<string>;
  /** Key hashes known to be revoked (revocation is final). Unknown hashes are not kept: anyone can make them up. */
  revokedKeys: Set<string>;
  uses: Map<string, UseEntry>;
  lastUsed: Map<string, { at: string; ip: string | null }>;
  /** When the counted uses were last written (performance.now()), and the write on its way (never rejects). */
  flushedAt: number;
  flushing: Promise<void> | null;
  /** The app is closing: no request starts a write any more; the close's own write takes what is counted. */
  closed: boolean;
}

const states = new WeakMap<AppDeps['bus'], GuardState>();

function stateOf(deps: AppDeps): GuardState {
  const s = states.get(deps.bus);
  if (s) return s;
  const fresh: GuardState = {
    endedSessions: new Set(),
    revokedKeys: new Set(),
    uses: new Map(),
    lastUsed: new Map(),
    flushedAt: performance.now(),
    flushing: null,
    closed: false,
  };
  states.set(deps.bus, fresh);
  return fresh;
}

function remember(set: Set<string>, value: string): void {
  if (set.size >= ENDED_MAX) set.delete(set.values().next().value!);
  set.add(value);
}

/**
 * API key usage is counted in memory and written in batches (decision 210): by the call that finds the
 * batch older than FLUSH_MS (after its answer, not awaited), by the key listing, and on close — no timer
 * of its own. The returned stop waits for a write a request started (it may still be on its way when
 * the app closes: decision 236), then writes what is left; the database closes only after both.
 */
export function startAuthGuard(deps: AppDeps): () => Promise<void> {
  if (states.get(deps.bus)?.closed) states.delete(deps.bus);
  stateOf(deps);
  return async () => {
    const s = states.get(deps.bus);
    if (!s) return;
    s.closed = true;
    await queueWrite(deps, s).catch((e) => deps.log.warn({ err: e }, 'api key usage flush failed'));
  };
}

/**
 * The caller of a request, or null when the bearer is not (or no longer) valid.
 *
 * `deferSession` (decision 320): the request's procedure reads the session in its own first statement
 * (placing an order). The token is verified here, and the principal carries a `SessionCheck` instead of
 * the read; the procedure's middleware (server/trpc/procedures.ts) confirms it before any answer leaves.
 */
export async function authenticate(
  deps: AppDeps,
  token: string,
  via: 'rest' | 'trpc' | 'internal',
  opts: { deferSession?: boolean } = {},
): Promise<Principal | null> {
  if (token.startsWith(API_KEY_PREFIX)) return via === 'rest' ? apiKeyPrincipal(deps, token) : null;
  const claims = await verifyAccessToken(deps.tokenKeys, token, deps.clock.now());
  if (!claims) return null;
  // Every token the server signs names its session; one without (or whose session has ended, which it
  // does with its user: sessions cascade) is refused (decision 112).
  if (!claims.sid || stateOf(deps).endedSessions.has(claims.sid)) return null;
  const user = { id: claims.sub, email: claims.email, role: claims.role, name: claims.name };
  if (opts.deferSession) return { user, session: sessionCheck(deps, claims.sid, claims.sub) };
  return sessionOpen(deps, claims.sid, claims.sub, await repo.sessionState(deps.db, claims.sid)) ? { user } : null;
}

/** The one rule of an open session: its row exists, is not revoked, and is the token's user's. An ended one is remembered. */
function sessionOpen(deps: AppDeps, sid: string, userId: string, row: repo.SessionStateRow | undefined): boolean {
  if (row?.revoked_at) remember(stateOf(deps).endedSessions, sid);
  return !!row && !row.revoked_at && row.user_id === userId;
}

/** The refusal of a token whose session has ended, as the procedures give it (server/trpc/procedures.ts). */
export const SESSION_ENDED_MESSAGE = 'Your session has expired. Please sign in again.';

/**
 * A session not read yet (decision 320): the request's own first statement reads it (`column`, the
 * guard's SQL) and `judge` applies the one rule to what it read; `confirm` reads it alone for a
 * request that answers without that statement (a refusal before it, a replayed order). Until one of
 * them has said open, nothing the request did may leave: the middleware confirms before its answer.
 */
export interface SessionCheck {
  readonly confirmed: boolean;
  /** The session's state as one column of the caller's statement. */
  column(): RawBuilder<unknown>;
  /** Judges that column's value: throws 401 when the session has ended. */
  judge(raw: unknown): void;
  /** Reads the session now unless already judged: throws 401 when it has ended. */
  confirm(): Promise<void>;
}

function sessionCheck(deps: AppDeps, sid: string, userId: string): SessionCheck {
  let state: 'unread' | 'open' | 'ended' = 'unread';
  // Judged once, by the one rule; an ended session is refused every time it is asked after that.
  const verdict = (row?: repo.SessionStateRow) => {
    if (state === 'unread') state = sessionOpen(deps, sid, userId, row) ? 'open' : 'ended';
    if (state === 'ended') throw new AppError('UNAUTHORIZED', SESSION_ENDED_MESSAGE);
  };
  return {
    get confirmed() {
      return state === 'open';
    },
    column: () => repo.sessionStateColumn(sid),
    judge: (raw) => verdict(state === 'unread' ? repo.decodeSessionState(raw) : undefined),
    confirm: async () => verdict(state === 'unread' ? await repo.sessionState(deps.db, sid) : undefined),
  };
}

/** Keys are random: a SHA-256 look-up finds the row, and the stored hash is compared in constant time. */
async function apiKeyPrincipal(deps: AppDeps, token: string): Promise<Principal | null> {
  if (!looksLikeApiKey(token)) return null;
  const s = stateOf(deps);
  const hash = hashOpaqueToken(token);
  if (s.revokedKeys.has(hash)) return null;
  const row = await repo.findByHash(deps.db, hash);
  if (row?.revoked_at) remember(s.revokedKeys, hash);
  // A key whose creator is gone has no one to act for (audit rows name a user): refused like a revoked one.
  const ok = !!row && !row.revoked_at && !!row.created_by && sameHash(row.token_hash, hash);
  return ok
    ? {
        user: null,
        apiKey: { id: row.id, name: row.name, scopes: Object.freeze([...(row.scopes as ApiKeyScope[])]), createdBy: row.created_by! },
      }
    : null;
}

export function looksLikeApiKey(token: string): boolean {
  return token.length <= 100 && /^hs_live_[A-Za-z0-9_-]{40,64}$/.test(token);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

// --- usage: counted in memory, written in batches ---

/** Count one call of a key (allowed or refused) for the usage record and "last used". */
export function recordApiKeyUse(deps: AppDeps, keyId: string, operation: string, ip: string, allowed: boolean): void {
  const s = stateOf(deps);
  const at = deps.clock.now();
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
  const k = `${keyId}|${minute}|${operation}`;
  const e = s.uses.get(k) ?? { keyId, minute, operation, count: 0, refused: 0, lastIp: null };
  e.count++;
  if (!allowed) e.refused++;
  e.lastIp = ip || null;
  s.uses.set(k, e);
  s.lastUsed.set(keyId, { at: at.toISOString(), ip: ip || null });
  if (!s.closed && !s.flushing && performance.now() - s.flushedAt >= FLUSH_MS) {
    queueWrite(deps, s).catch((e) => deps.log.warn({ err: e }, 'api key usage flush failed'));
  }
}

/**
 * Write the counted uses (one upsert per key, operation and minute) and each key's last use. Once the
 * app is closing, the close's own write takes them: a caller then only waits for the write on its way.
 */
export async function flushApiKeyUses(deps: AppDeps): Promise<void> {
  const s = states.get(deps.bus);
  if (!s) return;
  if (s.closed) return s.flushing ?? undefined;
  return queueWrite(deps, s);
}

/**
 * One write at a time, each after the one before: two at once would upsert the same rows, perhaps in
 * opposite orders (a deadlock that drops a batch), and the close must know the last one has ended.
 */
function queueWrite(deps: AppDeps, s: GuardState): Promise<void> {
  s.flushedAt = performance.now();
  const write = (s.flushing ?? Promise.resolve()).then(() => writeUses(deps, s));
  const settled: Promise<void> = write.then(
    () => undefined,
    () => undefined,
  );
  s.flushing = settled;
  void settled.then(() => {
    if (s.flushing === settled) s.flushing = null;
  });
  return write;
}

async function writeUses(deps: AppDeps, s: GuardState): Promise<void> {
  s.flushedAt = performance.now();
  if (!s.uses.size && !s.lastUsed.size) return;
  const uses = [...s.uses.values()];
  const last = [...s.lastUsed.entries()];
  s.uses.clear();
  s.lastUsed.clear();
  await repo.recordUses(deps.db, uses);
  for (const [id, l] of last) await repo.touch(deps.db, id, l.at, l.ip);
}
