import crypto from 'node:crypto';
import type { AppDeps } from '../deps';
import type { AuthUser } from '../trpc/context';
import { hashOpaqueToken, verifyAccessToken } from './tokens';
import { API_KEY_PREFIX, type ApiKeyScope } from '../../shared/schemas/api-keys';
import * as repo from './auth-guard.repository';

/**
 * Who is calling: the hot-path check of every signed-in request (decision 093).
 *
 * An access token is verified by lib/tokens (jose once, then a bounded cache of accepted tokens);
 * then its session (`sid`) must still be open. Session state is cached per instance for
 * SESSION_TTL_MS and dropped on every instance through the event bus (LISTEN/NOTIFY) the moment a
 * session ends — sign-out, password change or reset, refresh-token reuse, an admin's "sign out
 * everywhere". A warm check is two Map look-ups; a cold one is one indexed read. If a notification is
 * ever lost (the LISTEN connection was down), the TTL bounds how long an ended session still works.
 *
 * API keys (`hs_live_…`, decision 094) are looked up by their SHA-256 (compared again in constant
 * time), cached the same way and dropped on revocation through the same bus.
 */

export const SESSION_TTL_MS = 30_000;
const SESSION_MAX = 50_000;
const KEY_TTL_MS = 30_000;
const KEY_MAX = 2_000;
const FLUSH_MS = 5_000;
const CHANNEL = 'auth_revoked';

export interface ApiKeyPrincipal {
  id: string;
  name: string;
  scopes: readonly ApiKeyScope[];
  createdBy: string;
}

export type Principal = { user: AuthUser; apiKey?: undefined } | { user: null; apiKey: ApiKeyPrincipal };

type RevokedNote = { sessions?: string[]; userId?: string; apiKeys?: string[] };

interface SessionEntry {
  userId: string;
  open: boolean;
  at: number;
}
interface KeyEntry {
  key: ApiKeyPrincipal | null;
  at: number;
}
interface UseEntry {
  keyId: string;
  minute: string;
  operation: string;
  count: number;
  refused: number;
  lastIp: string | null;
}

interface GuardState {
  sessions: Map<string, SessionEntry>;
  keys: Map<string, KeyEntry>;
  /** Bumped by every revocation: a read that started before one must not be cached. */
  generation: number;
  uses: Map<string, UseEntry>;
  lastUsed: Map<string, { at: string; ip: string | null }>;
  timer: NodeJS.Timeout | null;
  unsubscribe: () => void;
}

const states = new WeakMap<AppDeps['bus'], GuardState>();

function stateOf(deps: AppDeps): GuardState {
  const s = states.get(deps.bus);
  if (s) return s;
  const fresh: GuardState = {
    sessions: new Map(),
    keys: new Map(),
    generation: 0,
    uses: new Map(),
    lastUsed: new Map(),
    timer: null,
    unsubscribe: () => {},
  };
  const off = deps.bus.subscribe(CHANNEL, (p) => dropLocal(fresh, (p ?? {}) as RevokedNote));
  // Revocations announced while the listening connection was away were never heard: forget every
  // session and key decision, as the response and service caches do (decision 081). Without
  // this a sign-out made in the gap kept working here for up to SESSION_TTL_MS.
  const offReconnect = deps.bus.onReconnect(() => {
    fresh.generation++;
    fresh.sessions.clear();
    fresh.keys.clear();
  });
  fresh.unsubscribe = () => {
    off();
    offReconnect();
  };
  states.set(deps.bus, fresh);
  return fresh;
}

function dropLocal(s: GuardState, note: RevokedNote): void {
  s.generation++;
  for (const id of note.sessions ?? []) s.sessions.delete(id);
  if (note.userId) {
    for (const [id, e] of s.sessions) if (e.userId === note.userId) s.sessions.delete(id);
  }
  if (note.apiKeys?.length) {
    const ids = new Set(note.apiKeys);
    for (const [hash, e] of s.keys) if (!e.key || ids.has(e.key.id)) s.keys.delete(hash);
  }
}

/**
 * Start listening at boot (so the LISTEN is in place before the first revocation) and flush API key
 * usage every few seconds. The returned stop flushes what is left.
 */
export function startAuthGuard(deps: AppDeps): () => Promise<void> {
  const s = stateOf(deps);
  s.timer = setInterval(() => void flushApiKeyUses(deps).catch((e) => deps.log.warn({ err: e }, 'api key usage flush failed')), FLUSH_MS);
  s.timer.unref();
  return async () => {
    if (s.timer) clearInterval(s.timer);
    s.timer = null;
    await flushApiKeyUses(deps).catch((e) => deps.log.warn({ err: e }, 'api key usage flush failed'));
    s.unsubscribe();
    states.delete(deps.bus);
  };
}

/**
 * Ends sessions for every request at once: this instance drops them now, the others when the
 * notification arrives (milliseconds). Call after the revoking transaction committed.
 */
export async function announceRevoked(deps: AppDeps, note: RevokedNote): Promise<void> {
  dropLocal(stateOf(deps), note);
  try {
    await deps.bus.publish(CHANNEL, note);
  } catch (e) {
    // The revocation is committed; other instances still stop within SESSION_TTL_MS.
    deps.log.warn({ err: e }, 'could not announce a revocation; other instances catch up within the TTL');
  }
}

/** The caller of a request, or null when the bearer is not (or no longer) valid. */
export async function authenticate(deps: AppDeps, token: string, via: 'rest' | 'trpc' | 'internal'): Promise<Principal | null> {
  if (token.startsWith(API_KEY_PREFIX)) return via === 'rest' ? apiKeyPrincipal(deps, token) : null;
  const claims = await verifyAccessToken(deps.tokenKeys, token, deps.clock.now());
  if (!claims) return null;
  // Every token the server signs names its session; one without (or whose session has ended, which it
  // does with its user: sessions cascade) is refused (decision 112).
  if (!claims.sid || !(await sessionOpen(deps, claims.sid, claims.sub))) return null;
  return { user: { id: claims.sub, email: claims.email, role: claims.role, name: claims.name } };
}

async function sessionOpen(deps: AppDeps, sid: string, userId: string): Promise<boolean> {
  const s = stateOf(deps);
  const now = performance.now();
  const hit = s.sessions.get(sid);
  if (hit && now - hit.at < SESSION_TTL_MS) return hit.open && hit.userId === userId;
  const gen = s.generation;
  const row = await repo.sessionState(deps.db, sid);
  const entry: SessionEntry = { userId: row?.user_id ?? '', open: !!row && !row.revoked_at, at: performance.now() };
  if (gen === s.generation) {
    s.sessions.delete(sid);
    if (s.sessions.size >= SESSION_MAX) s.sessions.delete(s.sessions.keys().next().value!);
    s.sessions.set(sid, entry);
  }
  return entry.open && entry.userId === userId;
}

/** Keys are random: a SHA-256 look-up finds the row, and the stored hash is compared in constant time. */
async function apiKeyPrincipal(deps: AppDeps, token: string): Promise<Principal | null> {
  if (!looksLikeApiKey(token)) return null;
  const s = stateOf(deps);
  const hash = hashOpaqueToken(token);
  const now = performance.now();
  const hit = s.keys.get(hash);
  if (hit && now - hit.at < KEY_TTL_MS) return hit.key ? { user: null, apiKey: hit.key } : null;
  const gen = s.generation;
  const row = await repo.findByHash(deps.db, hash);
  // A key whose creator is gone has no one to act for (audit rows name a user): refused like a revoked one.
  const ok = !!row && !row.revoked_at && !!row.created_by && sameHash(row.token_hash, hash);
  const key: ApiKeyPrincipal | null = ok ? { id: row.id, name: row.name, scopes: Object.freeze([...(row.scopes as ApiKeyScope[])]), createdBy: row.created_by! } : null;
  if (gen === s.generation) {
    if (s.keys.size >= KEY_MAX) s.keys.delete(s.keys.keys().next().value!);
    s.keys.set(hash, { key, at: performance.now() });
  }
  return key ? { user: null, apiKey: key } : null;
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
}

/** Write the counted uses (one upsert per key, operation and minute) and each key's last use. */
export async function flushApiKeyUses(deps: AppDeps): Promise<void> {
  const s = states.get(deps.bus);
  if (!s || (!s.uses.size && !s.lastUsed.size)) return;
  const uses = [...s.uses.values()];
  const last = [...s.lastUsed.entries()];
  s.uses.clear();
  s.lastUsed.clear();
  await repo.recordUses(deps.db, uses);
  for (const [id, l] of last) await repo.touch(deps.db, id, l.at, l.ip);
}
