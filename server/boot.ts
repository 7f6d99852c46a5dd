import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config';
import { createDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { runSeeds } from '../db/seeds';
import { buildApp } from './app';
import type { AppDeps } from './deps';
import { ensureAdminAccount } from './domains/auth/auth.bootstrap';

export interface Booted {
  app: FastifyInstance;
  deps: AppDeps;
  dbh: DatabaseHandle;
  config: Config;
}

/** Open the database (PostgreSQL or embedded), migrate and seed it, build the app. */
export async function boot(config: Config = loadConfig()): Promise<Booted> {
  const dbh = await createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(dbh.db);
    await runSeeds(dbh.db);
    const { app, deps } = await buildApp({ config, dbh });
    await ensureAdminAccount(dbh.db, config, app.log);
    app.addHook('onClose', async () => {
      await dbh.close();
    });
    return { app, deps, dbh, config };
  } catch (e) {
    await dbh.close().catch(() => {});
    throw e;
  }
}
