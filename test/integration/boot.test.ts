import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationsUpToDate } from '../../db/migrate';
import { migrations } from '../../db/migrations';
import { runSeeds, seeds } from '../../db/seeds';
import { createDatabase } from '../../db/database';
import { boot, type BootPhases } from '../../server/boot';
import { createTestDb, testConfig, type TestDb } from '../helpers/app';

describe('migrations and seeds at boot', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('recognises an up-to-date database with one read and changes nothing', async () => {
    expect(await migrationsUpToDate(t.dbh.db)).toBe(true);
    expect(await migrateToLatest(t.dbh.db)).toEqual([]);
    expect(await runSeeds(t.dbh.db)).toEqual([]);
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.dbh.db);
    expect(recorded.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
  });

  it('hands anything but the bundled set to the migrator, which still refuses an unknown migration', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('2099_01_01_0000_from_the_future', now()::text)`.execute(t.dbh.db);
    try {
      expect(await migrationsUpToDate(t.dbh.db)).toBe(false);
      await expect(migrateToLatest(t.dbh.db)).rejects.toThrow(/2099_01_01_0000_from_the_future/);
    } finally {
      await sql`delete from kysely_migration where name = '2099_01_01_0000_from_the_future'`.execute(t.dbh.db);
    }
    expect(await migrationsUpToDate(t.dbh.db)).toBe(true);
  });

  it('runs only the seeds not yet recorded, once', async () => {
    await t.dbh.db.deleteFrom('settings').where('key', '=', 'pricing').execute();
    await t.dbh.db.deleteFrom('seed_runs').where('name', '=', 'pricing-v1').execute();
    expect(await runSeeds(t.dbh.db)).toEqual(['pricing-v1']);
    expect(await t.dbh.db.selectFrom('settings').select('key').where('key', '=', 'pricing').executeTakeFirst()).toEqual({ key: 'pricing' });
    expect(await runSeeds(t.dbh.db)).toEqual([]);
    const runs = await t.dbh.db.selectFrom('seed_runs').select('name').execute();
    expect(runs.map((r) => r.name).sort()).toEqual(seeds.filter((s) => !s.demoOnly).map((s) => s.name).sort());
  });

  it('the demo shop (not the tests\' template) counts its stock down to a few mornings, mint under par, on the ledger', async () => {
    const db = t.dbh.db;
    expect(await runSeeds(db, { demo: true })).toEqual(['demo-stock-v1']);
    expect(await runSeeds(db, { demo: true })).toEqual([]);
    const { rows } = await sql<{ slug: string; on_hand: number; par_level: number; free: number; ledger: number }>`
      select i.slug, l.on_hand, l.par_level, l.on_hand - l.reserved as free,
        (select sum(m.delta)::int from stock_movements m where m.ingredient_id = i.id) as ledger
      from stock_levels l join ingredients i on i.id = l.ingredient_id`.execute(db);
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(r.ledger, r.slug).toBe(r.on_hand);
      expect(r.free, r.slug).toBe(r.on_hand);
      if (r.slug === 'mint') expect(r.on_hand).toBeLessThan(r.par_level);
      else expect(r.on_hand, r.slug).toBe(r.par_level * 3);
    }
  });
});

// The embedded database in a data folder: first boot, restart, and the lock that keeps a second process out.
// It runs whatever DATABASE_URL says: the config below asks for the embedded database explicitly.
describe('boot on an embedded data folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-boot-test-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const config = (runJobs = false) => testConfig({ DATA_DIR: dir, DATABASE_URL: undefined, RUN_JOBS: runJobs });

  it('creates, migrates and seeds the folder, locks it while open, and reopens it', { timeout: 180_000 }, async () => {
    // A folder locked by another live process is refused before anything is opened.
    fs.writeFileSync(path.join(dir, 'pglite.lock'), String(process.ppid));
    await expect(boot(config())).rejects.toThrow(/in use by process/);
    await expect(createDatabase({ dataDir: dir })).rejects.toThrow(/in use by process/);
    fs.rmSync(path.join(dir, 'pglite.lock'));

    const first = await boot(config());
    try {
      expect(first.dbh.kind).toBe('pglite');
      expect(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    } finally {
      await first.app.close();
    }
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);

    // Reopened with RUN_JOBS: the job engine works on the embedded database too (decision 210).
    const phases: BootPhases = {};
    const again = await boot(config(true), phases);
    try {
      // As server/index.ts does once listening: the engine starts after the app is built (decision 305).
      const pending = await again.dbh.db.selectFrom('pgboss.schedule').select('name').execute();
      expect(pending).toEqual([]);
      await again.startJobs();
      expect(Object.keys(phases)).toEqual(expect.arrayContaining(['database', 'migrations', 'seeds', 'modules', 'app']));
      const shakes = await again.app.inject({ method: 'GET', url: '/api/shakes/signature' });
      expect(shakes.statusCode).toBe(200);
      expect(shakes.json()).toHaveLength(8);
      const ran = await again.dbh.db.selectFrom('seed_runs').select('name').execute();
      expect(ran).toHaveLength(seeds.length);
      // Every job's schedule declared (once, by the engine), and the first runs done (the 10-second
      // outbox rounds are asked for every 2 s, the minute's jobs every 5 s).
      const schedules = await again.dbh.db.selectFrom('pgboss.schedule').select(['name', 'cron', 'timezone']).execute();
      expect(schedules).toContainEqual({ name: 'schedules-reminder', cron: '0 18 * * *', timezone: 'Asia/Kolkata' });
      await expect
        .poll(
          async () =>
            (
              await again.dbh.db
                .selectFrom('pgboss.job')
                .select('name')
                .where('name', 'like', 'outbox-%')
                .where('state', '=', 'completed')
                .execute()
            ).length,
          { timeout: 30_000, interval: 250 },
        )
        .toBeGreaterThan(0);
    } finally {
      await again.app.close();
    }
  });
});
