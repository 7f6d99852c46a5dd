import { sql, type Kysely } from 'kysely';

/**
 * Staff roles (PRODUCT.md §17, decision 136): besides the customer and the owner (`admin`, the spec's
 * word), a user may be a manager, a kitchen hand, a rider or a support agent. What each may do is
 * shared/rules/staff.ts; the database only keeps the word to one of the six.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check
    check (role in ('customer', 'admin', 'manager', 'kitchen', 'rider', 'support'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update users set role = 'customer' where role not in ('customer', 'admin')`.execute(db);
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('customer', 'admin'))`.execute(db);
}
