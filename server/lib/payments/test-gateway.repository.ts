import type { Executor } from '../../../db/database';
import type { TestGatewayPayments as TestGatewayPaymentsTable } from '../../../db/generated/database';

/** The SQL of test payment mode's gateway (test-gateway.ts keeps its rules). */

export async function insertTestOrder(db: Executor, o: { id: string; amount_paise: number }): Promise<void> {
  await db.insertInto('test_gateway_orders').values(o).execute();
}

export function findTestOrder(db: Executor, id: string) {
  return db.selectFrom('test_gateway_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertTestPayment(
  db: Executor,
  p: Omit<TestGatewayPaymentsTable, 'created_at'>,
) {
  return db.insertInto('test_gateway_payments').values(p).returningAll().executeTakeFirstOrThrow();
}

export function findTestPayment(db: Executor, id: string) {
  return db.selectFrom('test_gateway_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function testPaymentsOfOrder(db: Executor, gatewayOrderId: string) {
  return db
    .selectFrom('test_gateway_payments')
    .selectAll()
    .where('gateway_order_id', '=', gatewayOrderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function markTestPaymentRefunded(db: Executor, id: string): Promise<void> {
  await db.updateTable('test_gateway_payments').set({ status: 'refunded' }).where('id', '=', id).execute();
}

export type TestTokenDebits = 'success' | 'failure' | 'decline_later';

export async function tokenDebits(db: Executor, tokenId: string): Promise<TestTokenDebits> {
  return (await db.selectFrom('test_gateway_tokens').select('debits').where('id', '=', tokenId).executeTakeFirst())?.debits ?? 'success';
}

export async function setTokenDebits(db: Executor, tokenId: string, debits: TestTokenDebits): Promise<void> {
  await db
    .insertInto('test_gateway_tokens')
    .values({ id: tokenId, debits })
    .onConflict((oc) => oc.column('id').doUpdateSet({ debits, updated_at: new Date().toISOString() }))
    .execute();
}
