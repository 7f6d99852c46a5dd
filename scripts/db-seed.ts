import { loadConfig } from '../server/config';
import { createDatabase, MIGRATION_TIMEOUTS } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { runSeeds } from '../db/seeds';

const config = loadConfig();
const dbh = await createDatabase({ databaseUrl: config.DATABASE_DIRECT_URL ?? config.DATABASE_URL, dataDir: config.DATA_DIR, timeouts: MIGRATION_TIMEOUTS });
try {
  await migrateToLatest(dbh.db);
  const ran = await runSeeds(dbh.db, { demo: true });
  console.log(ran.length ? `Seeded: ${ran.join(', ')}` : 'All seeds had already run.');
} finally {
  await dbh.close();
}
