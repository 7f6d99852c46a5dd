import { Migrator } from 'kysely';
import type { Db } from './database';
import { migrationProvider } from './migrations';

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Migrations written on parallel branches may land out of name order; each still runs exactly once.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
