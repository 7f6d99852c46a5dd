import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { PGBOUNCER_PATH, startPgBouncer, type PgBouncer } from '../helpers/pgbouncer';
import { applyPooledDefaults, createDatabase, REQUEST_TIMEOUTS, type DatabaseHandle } from '../../db/database';
import { boot } from '../../server/boot';
import { testConfig } from '../helpers/app';

/**
 * PgBouncer in transaction mode (issue 26, decision 175): the limits a request lives under hold
 * through it although PgBouncer refuses them as startup parameters, and nothing the shop does leaves
 * session state on a pooled server connection. Runs on PostgreSQL with its own PgBouncer (Debian's
 * `pgbouncer`; .ci/run installs it).
 */
const onPostgres = !!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
const haveBouncer = fs.existsSync(PGBOUNCER_PATH);

describe.skipIf(!onPostgres || !haveBouncer)('through PgBouncer in transaction mode', () => {
  let t: TestApp;
  let bouncer: PgBouncer;
  let direct: string;
  let through: string;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    direct = t.dbh.directUrl!;
    // Before PgBouncer opens its first server connection: the role's defaults are read when one opens.
    const setup = await createDatabase({ databaseUrl: direct, poolSize: 1 });
    await applyPooledDefaults(setup.db);
    await setup.close();
    // The file's own PgBouncer with a server pool of 2: statements of different clients share server connections.
    bouncer = await startPgBouncer(direct, { poolSize: 2 });
    through = bouncer.url(direct);
  });
  afterAll(async () => {
    for (const h of handles) await h.close();
    await bouncer?.stop();
    await t?.close();
  });
  const handle = async (timeouts = REQUEST_TIMEOUTS) => {
    const h = await createDatabase({ databaseUrl: through, directUrl: direct, poolSize: 4, timeouts });
    handles.push(h);
    return h;
  };
  const setting = (name: string) => sql.raw<{ v: string }>(`select current_setting('${name}') as v`);

  it('refuses the startup parameters a direct connection carries, which is why the shop does not send them there', async () => {
    const c = new pg.Client({ connectionString: through, statement_timeout: 5_000 } as pg.ClientConfig);
    c.on('error', () => {});
    await expect(c.connect()).rejects.toThrow(/unsupported startup parameter/);
    await c.end().catch(() => {});
  });

  it("a transaction runs under the handle's limits, a single statement under the role's defaults, and neither outlives its transaction", async () => {
    const h = await handle({ ...REQUEST_TIMEOUTS, lockMs: 700, statementMs: 900 });
    expect(h.pooled).toBe(true);
    const inside = await h.db.transaction().execute(async (trx) => ({
      lock: (await setting('lock_timeout').execute(trx)).rows[0]!.v,
      statement: (await setting('statement_timeout').execute(trx)).rows[0]!.v,
      port: (await sql<{ p: number }>`select inet_server_port() as p`.execute(trx)).rows[0]!.p,
    }));
    expect(inside).toEqual({ lock: '700ms', statement: '900ms', port: Number(new URL(direct).port || 5432) });
    // Outside a transaction, on the same two server connections: the role's defaults in this database.
    for (let i = 0; i < 4; i++) {
      expect((await setting('lock_timeout').execute(h.db)).rows[0]!.v).toBe(`${REQUEST_TIMEOUTS.lockMs / 1000}s`);
      expect((await setting('statement_timeout').execute(h.db)).rows[0]!.v).toBe(`${REQUEST_TIMEOUTS.statementMs / 1000}s`);
      // No JIT for the shop's short statements, through the pooler too (decision 241).
      expect((await setting('jit').execute(h.db)).rows[0]!.v).toBe('off');
    }
    // And on a direct connection, set at its start.
    const direct_ = await createDatabase({ databaseUrl: direct, poolSize: 1 });
    handles.push(direct_);
    expect((await setting('jit').execute(direct_.db)).rows[0]!.v).toBe('off');
  });

  it('a row held by someone else ends the wait at the lock timeout (55P03), a long statement at the statement timeout (57014)', async () => {
    const h = await handle({ ...REQUEST_TIMEOUTS, lockMs: 300, statementMs: 600 });
    const holder = new pg.Client({ connectionString: direct });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`select id from delivery_slots order by id limit 1 for update`);
      const started = performance.now();
      const locked = await h.db
        .transaction()
        .execute((trx) => sql`select id from delivery_slots order by id limit 1 for update`.execute(trx))
        .catch((e: unknown) => e);
      expect((locked as { code?: string }).code).toBe('55P03');
      const lockMs = performance.now() - started;
      const slow = await h.db
        .transaction()
        .execute((trx) => sql`select pg_sleep(3)`.execute(trx))
        .catch((e: unknown) => e);
      expect((slow as { code?: string }).code).toBe('57014');
      expect(lockMs).toBeLessThan(3_000); // the lock wait ended at its own limit, not the statement's or a default
      console.log(`[pgbouncer] lock wait ended after ${lockMs.toFixed(0)} ms (limit 300 ms)`);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
  });

  it('cross-instance events travel: NOTIFY through PgBouncer, LISTEN on PostgreSQL itself', async () => {
    const h = await handle();
    const listener = new pg.Client({ connectionString: h.directUrl });
    await listener.connect();
    try {
      await listener.query('listen hs_bouncer_probe');
      const heard = new Promise<string | undefined>((resolve) => listener.on('notification', (m) => resolve(m.payload)));
      await sql`select pg_notify('hs_bouncer_probe', 'hello')`.execute(h.db);
      expect(await heard).toBe('hello');
    } finally {
      await listener.end();
    }
  });

  it('instances starting at the same moment all come up: the boot work each repeats does not collide', { timeout: 60_000 }, async () => {
    // Each round: three instances boot together through PgBouncer with the direct URL, as the
    // servers of a deploy do; the role's defaults they all (re)write must not fail one of them.
    const config = testConfig({ DATABASE_URL: through, DATABASE_DIRECT_URL: direct });
    const failures: string[] = [];
    for (let round = 0; round < 4; round++) {
      const started = await Promise.allSettled([boot(config), boot(config), boot(config)]);
      for (const s of started) {
        if (s.status === 'fulfilled') await s.value.app.close();
        else failures.push(String((s.reason as Error)?.message ?? s.reason));
      }
    }
    expect(failures).toEqual([]);
    // And the defaults are in place for statements outside a transaction.
    const h = await handle();
    expect((await setting('statement_timeout').execute(h.db)).rows[0]!.v).toBe(`${REQUEST_TIMEOUTS.statementMs / 1000}s`);
  });
});
