import { sql, type Kysely } from 'kysely';

/**
 * Where an ingredient comes from, for the harvest and purchase plan (decision 262): hydroponic
 * ingredients are harvested at the shop's own farm; the rest are bought from the supplier named here
 * (null: no supplier recorded yet — the plan lists them under "No supplier set").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ingredients add column supplier text check (supplier is null or length(btrim(supplier)) between 1 and 80)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ingredients drop column supplier`.execute(db);
}
