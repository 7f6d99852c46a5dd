import { DEFAULT_MIGRATION_TABLE, Migrator, sql } from 'kysely';
import type { Db } from './database';
import { migrationProvider, migrations } from './migrations';

/**
 * True when the database has recorded exactly the bundled migrations: the usual restart.
 * Two cheap queries instead of the migrator's lock table, lock row and transaction
 * (about half a second on the embedded database). Anything else (first boot, new
 * migrations, a database newer than this code) goes through the migrator as before.
 */
export async function migrationsUpToDate(db: Db): Promise<boolean> {
  const exists = await sql<{ t: string | null }>`select to_regclass(${DEFAULT_MIGRATION_TABLE})::text as t`.execute(db);
  if (!exists.rows[0]?.t) return false;
  const recorded = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const bundled = Object.keys(migrations);
  if (recorded.rows.length !== bundled.length) return false;
  const names = new Set(recorded.rows.map((r) => r.name));
  return bundled.every((n) => names.has(n));
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await migrationsUpToDate(db)) return [];
  // Migrations written on parallel branches may land out of name order; each still runs exactly once.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
