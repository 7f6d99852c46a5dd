import { describe, expect, it } from 'vitest';
import { createCache } from './cache';
import type { EventBus } from './events';

/** A bus whose deliveries can be lost, standing in for two instances' LISTEN connections. */
function lossyBus() {
  const handlers: ((p: unknown) => void)[] = [];
  const reconnects: (() => void)[] = [];
  let lose = false;
  const bus: EventBus = {
    async publish(_channel, payload) {
      if (!lose) for (const h of handlers) setImmediate(() => h(payload));
    },
    subscribe(_channel, handler) {
      handlers.push(handler);
      return () => undefined;
    },
    onReconnect(listener) {
      reconnects.push(listener);
      return () => undefined;
    },
    async close() {},
  };
  return { bus, setLose: (v: boolean) => (lose = v), reconnect: () => reconnects.forEach((l) => l()) };
}

describe('cache across instances', () => {
  it('an invalidation reaches the other instance; a lost one is healed by the time limit', async () => {
    const { bus, setLose } = lossyBus();
    const ttl = 40;
    const a = createCache(bus, ttl);
    const b = createCache(bus, ttl);
    let price = 100;
    const load = async () => price;
    expect(await b.get('catalogue:pricing', load)).toBe(100);

    price = 150;
    await a.invalidate('catalogue:');
    await new Promise((r) => setImmediate(r));
    expect(await b.get('catalogue:pricing', load)).toBe(150);

    setLose(true);
    price = 200;
    await a.invalidate('catalogue:');
    // The notification is lost: instance b still answers its copy …
    expect(await b.get('catalogue:pricing', load)).toBe(150);
    // … but never past the time limit.
    const started = Date.now();
    let seen = 150;
    while (seen !== 200 && Date.now() - started < 2000) {
      seen = await b.get('catalogue:pricing', load);
      await new Promise((r) => setImmediate(r));
    }
    expect(seen).toBe(200);
  });

  it('a lost invalidation is healed at once when the listening connection comes back', async () => {
    const { bus, setLose, reconnect } = lossyBus();
    const a = createCache(bus, 60_000);
    const b = createCache(bus, 60_000);
    let price = 100;
    const load = async () => price;
    expect(await b.get('catalogue:pricing', load)).toBe(100);
    setLose(true);
    price = 200;
    await a.invalidate('catalogue:');
    expect(await b.get('catalogue:pricing', load)).toBe(100);
    reconnect();
    expect(await b.get('catalogue:pricing', load)).toBe(200);
  });

  it('entries live a minute by default', async () => {
    const { bus } = lossyBus();
    const { CACHE_TTL_MS } = await import('./cache');
    expect(CACHE_TTL_MS).toBe(60_000);
    const c = createCache(bus);
    expect(await c.get('k', async () => 1)).toBe(1);
    expect(c.peek('k')).toBe(1);
  });
});
