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
  /**
   * Called after the listening connection came back from a loss: whatever was published meanwhile
   * was not heard, so listeners must assume anything changed (caches clear, order streams re-read).
   * Returns an unsubscribe function.
   */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

/** application_name of the LISTEN connection (visible in pg_stat_activity; tests terminate it). */
export const LISTENER_APPLICATION_NAME = 'hydro-shakes-listen';

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;

/** What the embedded database offers of LISTEN (PGlite's `listen`). */
interface DatabaseNotifications {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

/**
 * `fromDatabase`: channels the database itself notifies on (a trigger's `pg_notify`, e.g. the
 * storefront's sold-out line, decision 209), heard through the embedded database's own LISTEN.
 */
export function createLocalBus(database?: DatabaseNotifications, fromDatabase: readonly string[] = []): EventBus {
  const em = new EventEmitter();
  em.setMaxListeners(0);
  for (const channel of fromDatabase) {
    assertChannel(channel);
    void database
      ?.listen(channel, (payload) => {
        let parsed: unknown = null;
        try {
          parsed = payload ? JSON.parse(payload) : null;
        } catch {
          parsed = payload;
        }
        em.emit(channel, parsed);
      })
      .catch(() => {
        /* the caches' time limit still bounds what is missed */
      });
  }
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
    onReconnect() {
      // One process, no connection to lose.
      return () => {};
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
  const reconnectListeners = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  /** A connection was lost since the last successful LISTEN: the next connect is a reconnect. */
  let lost = false;
  /** One command at a time on the listening connection: channels subscribed at once (at boot) would
   * otherwise overlap their LISTENs on one client, which pg 8 queues with a deprecation warning and
   * pg 9 refuses. */
  let serial: Promise<unknown> = Promise.resolve();
  const listen = (c: pg.Client, channel: string) => {
    const p = serial.then(() => c.query(`LISTEN ${channel}`));
    serial = p.catch(() => {});
    return p;
  };

  const connect = async (): Promise<pg.Client> => {
    if (client) return client;
    if (connecting) return connecting;
    connecting = (async () => {
      const c = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME, keepAlive: true } as pg.ClientConfig);
      let dropped = false;
      const drop = (e?: unknown) => {
        if (dropped) return;
        dropped = true;
        if (e) onError(e);
        if (client === c) client = null;
        lost = true;
        c.end().catch(() => {});
        if (!closed) setTimeout(() => void reconnect(), 1000).unref();
      };
      c.on('notification', (msg) => {
        let payload: unknown = msg.payload;
        try {
          payload = msg.payload ? JSON.parse(msg.payload) : null;
        } catch {
          /* plain text payload */
        }
        em.emit(msg.channel, payload);
      });
      c.on('error', (e) => drop(e));
      // The server may close the connection without an error event (a clean terminate): same loss.
      c.on('end', () => {
        if (client === c) drop();
      });
      try {
        await c.connect();
        for (const ch of listening) await c.query(`LISTEN ${ch}`);
      } catch (e) {
        dropped = true;
        c.end().catch(() => {});
        throw e;
      }
      client = c;
      if (lost) {
        lost = false;
        for (const l of reconnectListeners) {
          try {
            l();
          } catch (e) {
            onError(e);
          }
        }
      }
      return c;
    })();
    try {
      return await connecting;
    } finally {
      connecting = null;
    }
  };
  const reconnect = async () => {
    if (closed) return;
    try {
      await connect();
    } catch (e) {
      lost = true;
      onError(e);
      if (!closed) setTimeout(() => void reconnect(), 1000).unref();
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
          .then((c) => listen(c, channel))
          .catch((e: unknown) => {
            onError(e);
            // The database was away when the first listener came: keep trying (reconnect LISTENs every channel).
            if (!closed) setTimeout(() => void reconnect(), 1000).unref();
          });
      }
      return () => em.off(channel, handler);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    async close() {
      closed = true;
      reconnectListeners.clear();
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
