import type { Db } from '../../db/database';
import { databaseFault } from '../../db/faults';
import type { EventBus } from './events';

/**
 * Reads that may lag (decision 176): order history, the back office's lists. With read replicas
 * configured (DATABASE_READ_URL) they go to a replica, round robin, except:
 * - for a person who has just written (any tRPC mutation they made, on any instance): the primary for
 *   `windowMs` after it (read-your-writes by a bounded primary window; the window reaches the other
 *   instances through the event bus);
 * - when a replica fails (stopped, unreachable, cancelled by a recovery conflict, too slow): that read
 *   runs again on the primary, and the replica is left out for `downMs` before it is tried again.
 * Without replicas (or on the embedded database) every read runs on the primary, as before.
 */
export interface Reads {
  /** Run `fn` on a replica, or on the primary when `userId` has just written or no replica answers. */
  run<T>(userId: string | null | undefined, fn: (db: Db) => Promise<T>): Promise<T>;
  /** `userId` has just written: their reads go to the primary for the window, on every instance. */
  noteWrite(userId: string): Promise<void>;
  /** Replicas are configured. */
  readonly enabled: boolean;
  close(): void;
}

/** The channel that carries "this person just wrote" to every instance. */
const CHANNEL = 'read_your_writes';
/** Recovery conflict on a hot standby: "canceling statement due to conflict with recovery". */
const RECOVERY_CONFLICT = '40001';

export interface ReadsOptions {
  primary: Db;
  replicas: { url: string; db: Db }[];
  bus: EventBus;
  now: () => number;
  /** How long a writer reads from the primary (longer than the replicas' usual lag). */
  windowMs: number;
  /** How long a replica that failed is left out. */
  downMs?: number;
  onReplicaError?: (url: string, e: unknown) => void;
}

export function createReads(o: ReadsOptions): Reads {
  const downMs = o.downMs ?? 5_000;
  if (!o.replicas.length) {
    return { run: (_u, fn) => fn(o.primary), noteWrite: async () => {}, enabled: false, close() {} };
  }
  /** userId → until (this instance's clock). Entries past their time are dropped as they are met. */
  const writers = new Map<string, number>();
  const downUntil = new Map<string, number>();
  let next = 0;
  const mark = (userId: string) => {
    writers.set(userId, o.now() + o.windowMs);
    if (writers.size > 10_000) for (const [u, until] of writers) if (until <= o.now()) writers.delete(u);
  };
  const unsubscribe = o.bus.subscribe(CHANNEL, (payload) => {
    const u = (payload as { u?: unknown } | null)?.u;
    if (typeof u === 'string') mark(u);
  });
  const pick = () => {
    const now = o.now();
    for (let i = 0; i < o.replicas.length; i++) {
      const r = o.replicas[(next + i) % o.replicas.length]!;
      if ((downUntil.get(r.url) ?? 0) <= now) {
        next = (next + i + 1) % o.replicas.length;
        return r;
      }
    }
    return null;
  };
  return {
    enabled: true,
    async run(userId, fn) {
      if (userId) {
        const until = writers.get(userId);
        if (until !== undefined) {
          if (until > o.now()) return fn(o.primary);
          writers.delete(userId);
        }
      }
      const replica = pick();
      if (!replica) return fn(o.primary);
      try {
        return await fn(replica.db);
      } catch (e) {
        const fault = databaseFault(e);
        const conflict = (e as { code?: unknown }).code === RECOVERY_CONFLICT;
        if (!fault && !conflict) throw e;
        if (fault === 'away') downUntil.set(replica.url, o.now() + downMs);
        o.onReplicaError?.(replica.url, e);
        return fn(o.primary);
      }
    },
    async noteWrite(userId) {
      mark(userId);
      // Before the answer leaves: the other instances hear it as soon as this NOTIFY commits.
      await o.bus.publish(CHANNEL, { u: userId }).catch((e: unknown) => o.onReplicaError?.('bus', e));
    },
    close() {
      unsubscribe();
    },
  };
}
