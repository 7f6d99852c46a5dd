import { z } from 'zod';
import { Paise } from './common';

export const InvoicePartySchema = z.object({
  name: z.string(),
  lines: z.array(z.string()),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** GET /api/orders/{id}/invoice: a GST tax invoice, everything the printable page and the PDF show. */
export const InvoiceSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  financialYear: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  seller: InvoicePartySchema.extend({
    legalName: z.string(),
    gstin: z.string(),
    fssai: z.string(),
    state: z.string(),
    stateCode: z.string(),
  }),
  buyer: InvoicePartySchema,
  placeOfSupply: z.string(),
  lines: z.array(
    z.object({
      description: z.string(),
      hsn: z.string(),
      quantity: z.number().int(),
      /** GST-inclusive, paise. */
      unitPrice: Paise,
      amount: Paise,
      note: z.string().nullable(),
    }),
  ),
  subtotal: Paise,
  adjustments: z.array(z.object({ label: z.string(), amount: z.number().int() })),
  total: Paise,
  tax: z.object({
    ratePercent: z.number(),
    taxable: Paise,
    cgstRatePercent: z.number(),
    cgst: Paise,
    sgstRatePercent: z.number(),
    sgst: Paise,
  }),
  amountInWords: z.string(),
  payment: z.object({ method: z.string(), status: z.string(), paidAt: z.string().nullable() }),
  /** Set when the order was cancelled or refunded after the invoice was issued. */
  remark: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
