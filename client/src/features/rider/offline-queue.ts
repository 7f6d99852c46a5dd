import { useEffect, useSyncExternalStore } from 'react';
import { createStore, del, get, set, update } from 'idb-keyval';
import { ApiError, apiFetch } from '../../lib/api-fetch';
import type { FailReason, RiderRuns } from '../../../../shared/schemas/stops';

/**
 * The rider's phone with one bar of signal (decision 297). Picked up, Delivered (with the code the
 * customer reads out), Could not deliver and the photo at the door are sent at once when the phone is
 * online; without a network — or when the request gets no answer — they wait here, in IndexedDB
 * (idb-keyval), in the order they were tapped, each with an idempotency key made on the phone, and are
 * sent again in that order when the network returns (the `online` event, the page opening, and every
 * RETRY_MS while any wait). The server applies a key once, so a sync repeated (a lost answer, two tabs)
 * changes nothing. A refusal at sync is never lost: a wrong code asks the rider again on the stop, any
 * other refusal (reassigned, cancelled, delivered by someone else) is kept in "Could not sync" with the
 * server's sentence until the rider dismisses it. Everything is kept per rider (their user id).
 */

export type Step =
  | { kind: 'picked-up' }
  | { kind: 'delivered'; code: string; cashCollected?: number }
  | { kind: 'failed'; reason: FailReason }
  | { kind: 'photo'; photo: Blob };

export interface Queued {
  key: string;
  orderId: string;
  number: string;
  /** When it was tapped (ISO). */
  at: string;
  step: Step;
}

/** What the server refused at sync: a wrong code (asked again on the stop) or a conflict (kept until dismissed). */
export interface Problem {
  key: string;
  orderId: string;
  number: string;
  kind: 'code' | 'conflict';
  step: Step['kind'];
  message: string;
}

export interface SavedRuns {
  runs: RiderRuns;
  savedAt: string;
}

interface Snapshot {
  queue: Queued[];
  problems: Problem[];
  /** How the customer was told after a queued "Could not deliver" went through, by order. */
  told: Record<string, string>;
}

/** How often a waiting queue is tried again while the phone says it is online but gets no answer. */
export const RETRY_MS = 20_000;

let store: ReturnType<typeof createStore> | null = null;
const db = () => (store ??= createStore('hydro-rider', 'offline'));
const queueKey = (user: string) => `queue:${user}`;
const problemsKey = (user: string) => `problems:${user}`;
const runsKey = (user: string, day: string) => `runs:${user}:${day}`;

const EMPTY: Snapshot = { queue: [], problems: [], told: {} };
let snapshot: Snapshot = EMPTY;
let owner: string | null = null;
/** Whose queue `snapshot` shows: kept across a remount of the same rider's page, emptied for another rider. */
let shown: string | null = null;
const listeners = new Set<() => void>();

async function reload(user: string): Promise<void> {
  const [queue, problems] = await Promise.all([get<Queued[]>(queueKey(user), db()), get<Problem[]>(problemsKey(user), db())]);
  if (owner !== user) return;
  snapshot = { ...snapshot, queue: queue ?? [], problems: problems ?? [] };
  for (const l of listeners) l();
}

/** A new key per tap: the server applies it once (Idempotency-Key). */
const newKey = () => crypto.randomUUID();

/** No answer from the shop (as opposed to its refusal): the step waits and is tried again. */
export function noAnswer(e: unknown): boolean {
  if (e instanceof ApiError) return e.status >= 500 || e.status === 429 || e.status === 408 || e.status === 401;
  return true;
}

/** One step sent to the shop, with its key; the photo replaces the stop's photo, so it needs none. */
export async function sendStep(q: Pick<Queued, 'key' | 'orderId' | 'step'>): Promise<{ told?: string }> {
  const base = `/api/rider/orders/${q.orderId}`;
  const headers = { 'Idempotency-Key': q.key };
  switch (q.step.kind) {
    case 'picked-up':
      return apiFetch(`${base}/picked-up`, { method: 'POST', json: {}, headers });
    case 'delivered':
      return apiFetch(`${base}/delivered`, {
        method: 'POST',
        json: { code: q.step.code, ...(q.step.cashCollected !== undefined ? { cashCollected: q.step.cashCollected } : {}) },
        headers,
      });
    case 'failed':
      return apiFetch(`${base}/failed`, { method: 'POST', json: { reason: q.step.reason }, headers });
    case 'photo':
      return apiFetch(`${base}/photo`, { method: 'POST', body: q.step.photo, headers: { 'content-type': 'image/jpeg' } });
  }
}

function problemOf(q: Queued, e: ApiError): Problem {
  const wrongCode = q.step.kind === 'delivered' && !!e.fieldErrors.code?.length;
  return {
    key: q.key,
    orderId: q.orderId,
    number: q.number,
    kind: wrongCode ? 'code' : 'conflict',
    step: q.step.kind,
    message: e.fieldErrors.code?.[0] ?? e.serverMessage,
  };
}

let syncing: Promise<void> | null = null;
let onSynced: (() => void) | null = null;

/** Sends what waits, oldest first; stops at the first step without an answer (the rest keep their order). */
export function syncNow(): Promise<void> {
  const user = owner;
  if (!user) return Promise.resolve();
  syncing ??= (async () => {
    let sent = 0;
    try {
      for (;;) {
        const next = (await get<Queued[]>(queueKey(user), db()))?.[0];
        if (!next || owner !== user) break;
        let problem: Problem | null = null;
        try {
          const answer = await sendStep(next);
          if (answer?.told) snapshot = { ...snapshot, told: { ...snapshot.told, [next.orderId]: answer.told } };
        } catch (e) {
          if (noAnswer(e) || !(e instanceof ApiError)) break;
          problem = problemOf(next, e);
        }
        sent++;
        await update<Queued[]>(queueKey(user), (q) => (q ?? []).filter((x) => x.key !== next.key), db());
        if (problem) {
          const p = problem;
          await update<Problem[]>(problemsKey(user), (list) => [...(list ?? []).filter((x) => !(x.kind === 'code' && x.orderId === p.orderId)), p], db());
        }
        await reload(user);
      }
    } finally {
      syncing = null;
      if (sent) onSynced?.();
    }
  })();
  return syncing;
}

/** Keeps a step on the phone (then tries to send what waits). */
export async function enqueue(item: Omit<Queued, 'key' | 'at'> & { key?: string }): Promise<void> {
  const user = owner;
  if (!user) return;
  const q: Queued = { ...item, key: item.key ?? newKey(), at: new Date().toISOString() };
  await update<Queued[]>(queueKey(user), (list) => [...(list ?? []), q], db());
  // A new delivery for a stop replaces the wrong code it was asked again for.
  if (q.step.kind === 'delivered') await update<Problem[]>(problemsKey(user), (list) => (list ?? []).filter((p) => !(p.kind === 'code' && p.orderId === q.orderId)), db());
  await reload(user);
}

/**
 * A tap on the stop: sent at once when the phone is online and nothing waits before it; else (or
 * when it gets no answer) kept to be sent in order. Throws the shop's refusal of a step sent at once.
 */
export async function act(orderId: string, number: string, step: Step): Promise<{ queued: boolean; told?: string }> {
  const key = newKey();
  if (navigator.onLine && !snapshot.queue.length) {
    try {
      return { queued: false, ...(await sendStep({ key, orderId, step })) };
    } catch (e) {
      if (!noAnswer(e) || (e instanceof ApiError && e.status === 401)) throw e;
    }
  }
  await enqueue({ key, orderId, number, step });
  void syncNow();
  return { queued: true };
}

export async function dismiss(key: string): Promise<void> {
  const user = owner;
  if (!user) return;
  await update<Problem[]>(problemsKey(user), (list) => (list ?? []).filter((p) => p.key !== key), db());
  await reload(user);
}

/** The last good answer of a day's runs, readable offline. */
export async function saveRuns(user: string, day: string, runs: RiderRuns): Promise<void> {
  await set(runsKey(user, day), { runs, savedAt: new Date().toISOString() } satisfies SavedRuns, db());
}
export const savedRuns = (user: string, day: string) => get<SavedRuns>(runsKey(user, day), db());

/** At sign-out: the runs kept for offline reading go (what waits to sync stays with its rider). */
export async function forgetRuns(user: string): Promise<void> {
  await Promise.all(['today', 'tomorrow'].map((d) => del(runsKey(user, d), db())));
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/**
 * The rider's queue for the page: loads it, syncs at once, on `online` and every RETRY_MS while it
 * waits; `synced` runs after a sync sent anything (to read the runs again).
 */
export function useOfflineQueue(user: string | undefined, synced: () => void): Snapshot {
  useEffect(() => {
    if (!user) return;
    // The page mounts again for the same rider when a session opened offline is checked back online:
    // what waits stays on screen ("N waiting to sync" does not blink off) while the queue is read again.
    if (shown !== user) snapshot = EMPTY;
    shown = owner = user;
    onSynced = synced;
    void reload(user).then(() => syncNow());
    const online = () => void syncNow();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (snapshot.queue.length) void syncNow();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
      onSynced = null;
      owner = null;
    };
  }, [user, synced]);
  return useSyncExternalStore(subscribe, () => snapshot);
}
