import crypto from 'node:crypto';
import pg from 'pg';
import { createDatabase, MIGRATION_TIMEOUTS } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { runSeeds } from '../../db/seeds';

/** The PostgreSQL server tests use, when there is one. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Build a migrated, seeded template database; returns its name. */
export async function createPgTemplate(url: string, runId: string): Promise<string> {
  const name = `hs_tpl_${runId}`;
  await admin(url, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name}`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const dbh = await createDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2, timeouts: MIGRATION_TIMEOUTS });
  try {
    await migrateToLatest(dbh.db);
    await runSeeds(dbh.db);
  } finally {
    await dbh.close();
  }
  return name;
}

/** A fresh database cloned from the template, and a way to drop it. */
export async function clonePgDatabase(url: string, template: string, runId: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `hs_t_${runId}_${crypto.randomBytes(4).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      break;
    } catch (e) {
      // Two clones of one template at the same instant: "source database is being accessed by other users".
      if (attempt >= 20 || !/being accessed by other users/.test(String((e as Error).message))) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return {
    url: withDatabase(url, name),
    drop: () => admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export async function dropRunDatabases(url: string, runId: string): Promise<void> {
  await admin(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`hs_t_${runId}_%`, `hs_tpl_${runId}`],
    );
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
  });
}

/** A migrated, seeded embedded database dumped to a tarball (PGlite's dumpDataDir). */
export async function createPgliteTemplate(): Promise<Blob> {
  const dbh = await createDatabase({ memory: true });
  try {
    await migrateToLatest(dbh.db);
    await runSeeds(dbh.db);
    return (await dbh.pglite!.dumpDataDir('none')) as Blob;
  } finally {
    await dbh.close();
  }
}
