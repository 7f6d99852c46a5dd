import type { ColumnType, Generated } from 'kysely';

/** numeric comes back as a JS number (type parser 1700). */
type Numeric = ColumnType<number, number | undefined, number>;

export interface InvoiceCountersTable {
  /** Financial year, "2026-27". */
  fy: string;
  last_number: Generated<number>;
}

export interface OrderInvoicesTable {
  order_id: string;
  /** HS/2026-27/000123 */
  number: string;
  fy: string;
  seq: number;
  issued_at: Generated<string>;
  gst_rate_percent: Numeric;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  total_paise: number;
}

export interface InvoicesTables {
  invoice_counters: InvoiceCountersTable;
  order_invoices: OrderInvoicesTable;
}
