import type { AppDeps } from '../../deps';
import type { Trx } from '../../../db/database';
import { AppError } from '../../lib/errors';
import * as repo from './invoices.repository';
import { HSN_SHAKES, SAC_DELIVERY, SELLER } from './seller';
import type { Invoice } from '../../../shared/schemas/invoices';
import type { Order } from '../../../shared/schemas/orders';
import { amountInWords, financialYear, formatInvoiceNumber } from '../../../shared/rules/gst-invoice';
import { invoiceTaxSplit } from '../../../shared/rules/price-breakdown';
import { istToday } from '../../../shared/rules/slots';
import { formatIndianMobile } from '../../../shared/rules/india';
import { formatDate } from '../../../shared/rules/dates';

type Deps = AppDeps;

/** What an invoice is issued from: the order's stored breakdown (plain values, from the caller). */
export interface InvoicedOrder {
  id: string;
  total_paise: number;
  gst_paise: number;
  gst_rate_percent: number | string;
}

/**
 * Issues the order's tax invoice, exactly once, inside the transaction that
 * makes the order paid (online) or delivered (cash on delivery, complimentary).
 * The caller holds the order row's lock (it read `order` FOR UPDATE in `trx`), so
 * two transactions issuing for one order queue up and the second sees the
 * first one's invoice. Numbers come from the financial year's counter row.
 */
export async function issueInvoice(
  deps: Pick<Deps, 'clock'>,
  trx: Trx,
  order: InvoicedOrder,
): Promise<{ number: string; created: boolean }> {
  const orderId = order.id;
  const existing = await repo.findInvoice(trx, orderId);
  if (existing) return { number: existing.number, created: false };
  const now = deps.clock.now();
  const fy = financialYear(istToday(now));
  const seq = await repo.nextInvoiceSeq(trx, fy);
  const rate = Number(order.gst_rate_percent);
  // From the order's stored breakdown: the invoice's CGST + SGST is the GST the order was placed with.
  const split = invoiceTaxSplit({ total: order.total_paise, gst: order.gst_paise, gstRatePercent: rate });
  const row = await repo.insertInvoice(trx, {
    order_id: orderId,
    number: formatInvoiceNumber(fy, seq),
    fy,
    seq,
    issued_at: now.toISOString(),
    gst_rate_percent: rate,
    taxable_paise: split.taxable,
    cgst_paise: split.cgst,
    sgst_paise: split.sgst,
    total_paise: split.total,
  });
  return { number: row.number, created: true };
}

/**
 * The tax invoice of an order the caller has already found visible to the user (the orders
 * domain checks owner or admin), as the printable page and the PDF show it.
 */
export async function invoiceOf(deps: Pick<Deps, 'db'>, o: Order, contactEmail: string): Promise<Invoice> {
  const inv = await repo.findInvoice(deps.db, o.id);
  if (!inv) {
    throw new AppError(
      'INVALID_STATE',
      o.paymentMethod === 'razorpay'
        ? `Order ${o.number} has no tax invoice yet: it is issued as soon as the payment is received.`
        : `Order ${o.number} has no tax invoice yet: it is issued when the order is delivered.`,
    );
  }
  const rate = Number(inv.gst_rate_percent);
  const adjustments: Invoice['adjustments'] = [];
  if (o.breakdown.freeUnitDiscount) adjustments.push({ label: 'Subscription free unit', amount: -o.breakdown.freeUnitDiscount });
  if (o.breakdown.couponDiscount)
    adjustments.push({ label: `Coupon${o.couponCode ? ` ${o.couponCode}` : ''}`, amount: -o.breakdown.couponDiscount });
  if (o.breakdown.pointsDiscount) adjustments.push({ label: `Reward points (${o.pointsRedeemed})`, amount: -o.breakdown.pointsDiscount });
  adjustments.push({ label: `Delivery charges (SAC ${SAC_DELIVERY})`, amount: o.breakdown.deliveryFee });
  const a = o.address;
  let remark: string | null = null;
  if (o.status === 'cancelled')
    // The day in the shop's time (Asia/Kolkata), as every date a shopper reads: a cancellation at
    // 00:30 IST is that day, not the previous UTC one.
    remark = `This order was cancelled${o.cancelledAt ? ` on ${formatDate(o.cancelledAt, 'date')}` : ''}; any amount paid is refunded.`;
  else if (o.paymentStatus === 'refunded') remark = 'The amount of this invoice has been refunded.';
  return {
    number: inv.number,
    issuedAt: new Date(inv.issued_at).toISOString(),
    financialYear: inv.fy,
    orderId: o.id,
    orderNumber: o.number,
    orderDate: o.placedAt,
    seller: {
      name: SELLER.name,
      legalName: SELLER.legalName,
      lines: [...SELLER.lines],
      phone: SELLER.phone,
      email: SELLER.email,
      gstin: SELLER.gstin,
      fssai: SELLER.fssai,
      state: SELLER.state,
      stateCode: SELLER.stateCode,
    },
    buyer: {
      name: a.name,
      lines: [
        [a.line1, a.line2].filter(Boolean).join(', '),
        a.landmark ? `Near ${a.landmark}` : null,
        `${a.city}, ${a.state} ${a.pincode}`,
      ].filter((x): x is string => !!x),
      phone: formatIndianMobile(a.phone),
      email: contactEmail,
    },
    placeOfSupply: `${SELLER.state} (${SELLER.stateCode})`,
    lines: o.lines.map((l) => ({
      description: l.type === 'custom' ? `${l.name} (custom shake)` : l.name,
      hsn: HSN_SHAKES,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.lineTotal,
      note: l.isFreeUnit ? '1 unit free with subscription' : null,
    })),
    subtotal: o.breakdown.subtotal,
    adjustments,
    total: inv.total_paise,
    tax: {
      ratePercent: rate,
      taxable: inv.taxable_paise,
      cgstRatePercent: rate / 2,
      cgst: inv.cgst_paise,
      sgstRatePercent: rate / 2,
      sgst: inv.sgst_paise,
    },
    amountInWords: amountInWords(inv.total_paise),
    payment: { method: o.labels.paymentMethod, status: o.labels.paymentStatus, paidAt: o.paidAt },
    remark,
  };
}
