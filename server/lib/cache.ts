import type { EventBus } from './events';

/**
 * A read-through cache for hot, rarely changing reads (catalogue, pricing).
 * Per instance by design; an invalidation is broadcast on the event bus so
 * every instance drops its copy. Concurrent misses share one load.
 *
 * A broadcast can be lost (the listening connection dropped, or a change was made in SQL), so every
 * entry also has a time limit (a minute: a shopper never sees a price older than that) and the whole
 * cache is cleared when the listening connection comes back (decision 081).
 */
export interface Cache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Synchronous peek; undefined when cold. */
  peek<T>(key: string): T | undefined;
  invalidate(prefix: string): Promise<void>;
  /** Called (synchronously) for every invalidation, local or from another instance. */
  onInvalidate(listener: (prefix: string) => void): void;
}

/** The invalidation channel; the database's stock trigger notifies on it too (decision 209). */
export const CACHE_CHANNEL = 'cache_invalidate';

export const CACHE_TTL_MS = 60_000;

export function createCache(bus: EventBus, ttlMs = CACHE_TTL_MS, now: () => number = Date.now): Cache {
  const values = new Map<string, { value: unknown; at: number }>();
  const loading = new Map<string, Promise<unknown>>();
  let generation = 0;
  const listeners: ((prefix: string) => void)[] = [];

  const dropLocal = (prefix: string) => {
    generation++;
    for (const l of listeners) l(prefix);
    for (const k of [...values.keys()]) if (k.startsWith(prefix)) values.delete(k);
    for (const k of [...loading.keys()]) if (k.startsWith(prefix)) loading.delete(k);
  };
  bus.subscribe(CACHE_CHANNEL, (p) => dropLocal(String((p as { prefix?: string })?.prefix ?? '')));
  // Invalidations published while the listener was away were not heard: drop everything.
  bus.onReconnect(() => dropLocal(''));

  return {
    peek<T>(key: string) {
      const hit = values.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value as T;
      return undefined;
    },
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = values.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value as T;
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;
      const gen = generation;
      const p = load().then(
        (value) => {
          // An invalidation that arrived during the load wins: don't store stale data.
          if (gen === generation) values.set(key, { value, at: now() });
          loading.delete(key);
          return value;
        },
        (e) => {
          loading.delete(key);
          throw e;
        },
      );
      loading.set(key, p);
      return p;
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    async invalidate(prefix: string) {
      dropLocal(prefix);
      await bus.publish(CACHE_CHANNEL, { prefix });
    },
  };
}
