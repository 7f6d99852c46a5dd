import { sql, type Kysely } from 'kysely';

/** Staff invitations (PRODUCT.md §17): when and by whom a person was invited to the team. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column invited_at timestamptz`.execute(db);
  await sql`alter table users add column invited_by uuid references users (id) on delete set null`.execute(db);
  // The staff list reads the team, not every customer.
  await sql`create index users_staff_idx on users (role) where role <> 'customer'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_staff_idx`.execute(db);
  await sql`alter table users drop column invited_by`.execute(db);
  await sql`alter table users drop column invited_at`.execute(db);
}
