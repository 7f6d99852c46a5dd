import { loadConfig } from '../server/config';
import { createDatabase, MIGRATION_TIMEOUTS } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const config = loadConfig();
const dbh = await createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, timeouts: MIGRATION_TIMEOUTS });
try {
  const ran = await migrateToLatest(dbh.db);
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'Already up to date.');
} finally {
  await dbh.close();
}
