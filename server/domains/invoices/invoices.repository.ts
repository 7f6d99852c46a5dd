import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

export function findInvoice(db: Executor, orderId: string) {
  return db.selectFrom('order_invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/**
 * The next number of a financial year: the counter row is created on the
 * year's first invoice and bumped in place after that. The row stays locked
 * until the caller's transaction ends, so concurrent issuers take numbers one
 * after another, and a rollback gives the number back (no gaps, unlike a sequence).
 */
export async function nextInvoiceSeq(db: Executor, fy: string): Promise<number> {
  const { rows } = await sql<{ last_number: number }>`
    insert into invoice_counters (fy, last_number) values (${fy}, 1)
    on conflict (fy) do update set last_number = invoice_counters.last_number + 1
    returning last_number
  `.execute(db);
  return Number(rows[0]!.last_number);
}

export function insertInvoice(
  db: Executor,
  row: {
    order_id: string;
    number: string;
    fy: string;
    seq: number;
    issued_at: string;
    gst_rate_percent: number;
    taxable_paise: number;
    cgst_paise: number;
    sgst_paise: number;
    total_paise: number;
  },
) {
  return db.insertInto('order_invoices').values(row).returningAll().executeTakeFirstOrThrow();
}
