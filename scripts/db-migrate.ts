import { loadConfig } from '../server/config';
import { applyPooledDefaults, createDatabase, MIGRATION_TIMEOUTS } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const config = loadConfig();
// Migrations need a session: on PostgreSQL itself when DATABASE_URL is PgBouncer (decision 175).
const dbh = await createDatabase({ databaseUrl: config.DATABASE_DIRECT_URL ?? config.DATABASE_URL, dataDir: config.DATA_DIR, timeouts: MIGRATION_TIMEOUTS });
try {
  const ran = await migrateToLatest(dbh.db);
  // Behind PgBouncer, statements outside a transaction take the request limits from the role's defaults.
  if (config.DATABASE_DIRECT_URL && config.DATABASE_URL && config.DATABASE_DIRECT_URL !== config.DATABASE_URL) await applyPooledDefaults(dbh.db);
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'Already up to date.');
} finally {
  await dbh.close();
}
