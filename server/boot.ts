import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config';
import { applyPooledDefaults, createDatabase, MIGRATION_TIMEOUTS, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { runSeeds } from '../db/seeds';
import type { AppDeps } from './deps';
import type { Lifecycle } from './lib/lifecycle';

export interface Booted {
  app: FastifyInstance;
  deps: AppDeps;
  dbh: DatabaseHandle;
  config: Config;
  /** With RUN_JOBS, start the job engine (once; server/index.ts does when listening, decision 305). */
  startJobs: () => Promise<void>;
}

/** Milliseconds since the process started at which each boot phase ended (logged with the "open" line). */
export type BootPhases = Record<string, number>;

/**
 * Open the database (PostgreSQL or embedded), migrate and seed it, build the app.
 *
 * The database starts first and the app's modules (Fastify, the routers, the domains) load
 * while it does: the bundle keeps them in a chunk of their own, so their loading overlaps
 * the embedded database's file reads and WebAssembly compilation (decision 031).
 */
export async function boot(config: Config = loadConfig(), phases: BootPhases = {}, lifecycle?: Lifecycle): Promise<Booted> {
  const mark = (name: string) => {
    phases[name] = Math.round(performance.now());
  };
  const database = (async () => {
    const dbh = await createDatabase({
      databaseUrl: config.DATABASE_URL,
      directUrl: config.DATABASE_DIRECT_URL,
      readUrls: config.DATABASE_READ_URL,
      dataDir: config.DATA_DIR,
    });
    mark('database');
    try {
      // On PostgreSQL, migrations and seeds get their own connection with longer limits than a request's,
      // on PostgreSQL itself when DATABASE_URL is PgBouncer (DDL and the migrator want a session).
      const setup =
        dbh.kind === 'postgres'
          ? await createDatabase({ databaseUrl: dbh.directUrl, poolSize: 1, timeouts: MIGRATION_TIMEOUTS, applicationName: 'hydro-shakes-migrate' })
          : null;
      try {
        await migrateToLatest(setup?.db ?? dbh.db);
        if (setup && dbh.pooled) await applyPooledDefaults(setup.db);
        mark('migrations');
        await runSeeds(setup?.db ?? dbh.db, { demo: true });
        mark('seeds');
      } finally {
        await setup?.close();
      }
      return dbh;
    } catch (e) {
      await dbh.close().catch(() => {});
      throw e;
    }
  })();
  const modules = Promise.all([import('./app'), import('./domains/auth/auth.bootstrap')]).then((m) => {
    mark('modules');
    return m;
  });
  // Whichever fails first, the other must neither leak an open database nor an unhandled rejection.
  const [db, mods] = await Promise.allSettled([database, modules]);
  if (db.status === 'rejected') throw db.reason;
  const dbh = db.value;
  try {
    if (mods.status === 'rejected') throw mods.reason;
    const [{ buildApp }, { ensureAdminAccount }] = mods.value;
    const { app, deps, startJobs } = await buildApp({ config, dbh, lifecycle });
    mark('app');
    await ensureAdminAccount(dbh.db, config, app.log);
    mark('admin');
    app.addHook('onClose', async () => {
      await dbh.close();
    });
    return { app, deps, dbh, config, startJobs };
  } catch (e) {
    await dbh.close().catch(() => {});
    throw e;
  }
}
