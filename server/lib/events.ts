import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Cross-instance events. On PostgreSQL every publish goes through NOTIFY and
 * every instance (this one included) hears it through LISTEN, so several
 * servers on one database see the same events. The embedded database has a
 * single process, so an in-process emitter is the whole story there.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;

export function createLocalBus(): EventBus {
  const em = new EventEmitter();
  em.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      assertChannel(channel);
      // Deliver asynchronously, like NOTIFY would, so publishers never run handlers inline.
      setImmediate(() => em.emit(channel, payload));
    },
    subscribe(channel, handler) {
      assertChannel(channel);
      em.on(channel, handler);
      return () => em.off(channel, handler);
    },
    async close() {
      em.removeAllListeners();
    },
  };
}

export function createPgBus(connectionString: string, pool: pg.Pool, onError: (e: unknown) => void = () => {}): EventBus {
  const em = new EventEmitter();
  em.setMaxListeners(0);
  const listening = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  const connect = async (): Promise<pg.Client> => {
    if (client) return client;
    if (connecting) return connecting;
    connecting = (async () => {
      const c = new pg.Client({ connectionString });
      c.on('notification', (msg) => {
        let payload: unknown = msg.payload;
        try {
          payload = msg.payload ? JSON.parse(msg.payload) : null;
        } catch {
          /* plain text payload */
        }
        em.emit(msg.channel, payload);
      });
      c.on('error', (e) => {
        onError(e);
        client = null;
        if (!closed) setTimeout(() => void reconnect(), 1000).unref();
      });
      await c.connect();
      for (const ch of listening) await c.query(`LISTEN ${ch}`);
      client = c;
      return c;
    })();
    try {
      return await connecting;
    } finally {
      connecting = null;
    }
  };
  const reconnect = async () => {
    try {
      await connect();
    } catch (e) {
      onError(e);
      if (!closed) setTimeout(() => void reconnect(), 2000).unref();
    }
  };

  return {
    async publish(channel, payload) {
      assertChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
    },
    subscribe(channel, handler) {
      assertChannel(channel);
      em.on(channel, handler);
      if (!listening.has(channel)) {
        listening.add(channel);
        void connect()
          .then((c) => c.query(`LISTEN ${channel}`))
          .catch(onError);
      }
      return () => em.off(channel, handler);
    },
    async close() {
      closed = true;
      em.removeAllListeners();
      const c = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

function assertChannel(channel: string) {
  if (!CHANNEL_RE.test(channel)) throw new Error(`Invalid event channel name: ${channel}`);
}
