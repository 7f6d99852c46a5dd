import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import type { AppDeps } from '../../server/deps';
import type { Clock } from '../../server/lib/clock';
import type { Config } from '../../server/config';
import { createTestApp, testConfig, type TestApp } from './app';

/** One app instance: its own pool, caches and LISTEN connection, like another server process. */
export interface Instance {
  app: FastifyInstance;
  deps: AppDeps;
  dbh: DatabaseHandle;
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** Listen on a free local port (once) and answer its base URL, for streams over real HTTP. */
  listen(): Promise<string>;
}

export interface Instances {
  /** The test file's app (A): factories and bearer tokens come from it. */
  t: TestApp;
  a: Instance;
  b: Instance;
  close(): Promise<void>;
}

function asInstance(app: FastifyInstance, deps: AppDeps, dbh: DatabaseHandle): Instance {
  let base: string | null = null;
  return {
    app,
    deps,
    dbh,
    request: (o) => app.inject(o),
    async listen() {
      if (!base) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      }
      return base;
    },
  };
}

/**
 * A second app instance on the database of `t` (or on `databaseUrl`, e.g. through a proxy that a
 * test can cut), with its own pool, caches and listener.
 */
export async function createInstance(
  t: TestApp,
  opts: { databaseUrl?: string; directUrl?: string; readUrls?: string[]; poolSize?: number; clock?: Clock; config?: Partial<Config> } = {},
): Promise<Instance & { close(): Promise<void> }> {
  const dbh = await createDatabase({
    databaseUrl: opts.databaseUrl ?? t.dbh.databaseUrl!,
    // Through PgBouncer, the LISTEN connection and the jobs on PostgreSQL itself, as in production.
    directUrl: opts.directUrl ?? (t.dbh.pooled ? t.dbh.directUrl : undefined),
    readUrls: opts.readUrls,
    poolSize: opts.poolSize ?? 10,
  });
  const { app, deps } = await buildApp({ config: testConfig(opts.config), dbh, clock: opts.clock, logger: false });
  await app.ready();
  return {
    ...asInstance(app, deps, dbh),
    close: async () => {
      await app.close();
      await dbh.close();
    },
  };
}

/** Two app instances (A and B) on one PostgreSQL database, as two server processes would run. */
export async function createInstances(opts: { clock?: Clock } = {}): Promise<Instances> {
  const t = await createTestApp({ clock: opts.clock });
  if (t.dbh.kind !== 'postgres') throw new Error('Two instances need PostgreSQL (DATABASE_URL or TEST_DATABASE_URL).');
  const b = await createInstance(t, { clock: opts.clock });
  return {
    t,
    a: asInstance(t.app, t.deps, t.dbh),
    b,
    close: async () => {
      await b.close();
      await t.close();
    },
  };
}

/** The data events of a tRPC SSE stream (an order page's live feed), read over real HTTP. */
export async function openOrderStream(base: string, auth: string, orderId: string) {
  const ac = new AbortController();
  const res = await fetch(`${base}/trpc/orders.live?input=${encodeURIComponent(JSON.stringify({ id: orderId }))}`, {
    headers: { authorization: auth, accept: 'text/event-stream' },
    signal: ac.signal,
  });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  let ended = false;
  /** Every field block (event) received, raw, for assertions on `retry:`. */
  const raw: string[] = [];
  const nextBlock = async (): Promise<string | null> => {
    for (;;) {
      const i = buf.indexOf('\n\n');
      if (i >= 0) {
        // tRPC ends a field line with \n and then writes \n\n: blocks may start with a stray newline.
        const block = buf.slice(0, i).trim();
        buf = buf.slice(i + 2);
        if (block.trim() === '') continue;
        raw.push(block);
        return block;
      }
      if (ended) return null;
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) ended = true;
      else buf += decoder.decode(value, { stream: true });
    }
  };
  return {
    raw,
    /** The next order the stream sends (skipping pings and the connected event); null when the stream ended. */
    async nextOrder(): Promise<{ id: string; status: string } | null> {
      for (;;) {
        const block = await nextBlock();
        if (block === null) return null;
        if (/^event: /m.test(block)) continue;
        const data = /^data: (.*)$/m.exec(block);
        if (data) return JSON.parse(data[1]!);
      }
    },
    /** Reads to the end of the stream; resolves with the blocks seen. */
    async toEnd(): Promise<string[]> {
      while ((await nextBlock()) !== null);
      return raw;
    },
    close() {
      ac.abort();
      void reader.cancel().catch(() => {});
    },
  };
}
