import { sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';

/**
 * The job engine's own tables (decision 210): pg-boss's schema `pgboss`, version 24 (pg-boss 10),
 * created here once, so no app boot creates or upgrades it (pg-boss runs with `migrate: false` and
 * only checks the version) and every test database cloned from the migrated template has it.
 * pg-boss's construction plan is its own SQL wrapped in BEGIN … COMMIT under an advisory lock; the
 * migrator already runs this migration in a transaction, so the wrapper's BEGIN and COMMIT are left out.
 * Upgrading pg-boss to a new schema version is a new migration running `PgBoss.getMigrationPlans`.
 */
export const JOB_SCHEMA = 'pgboss';

export async function up(db: Kysely<any>): Promise<void> {
  const plan = PgBoss.getConstructionPlans(JOB_SCHEMA)
    .replace(/^\s*BEGIN;/, '')
    .replace(/COMMIT;\s*$/, '');
  await sql.raw(plan).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop schema if exists pgboss cascade`.execute(db);
}
