import { sql, type Kysely } from 'kysely';

/**
 * Test payment mode's AutoPay tokens (decision 291): what the simulated bank answers to the
 * debits of a token — taken at once (`success`, the default when no row), refused outright
 * (`failure`), or accepted and then declined by the bank (`decline_later`). Like the test
 * gateway's orders and payments, it stands for what would live at the bank.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table test_gateway_tokens (
      id text primary key,
      debits text not null default 'success' check (debits in ('success', 'failure', 'decline_later')),
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table test_gateway_tokens`.execute(db);
}
