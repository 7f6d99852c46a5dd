import type { Executor } from '../../../db/database';
import { enqueueOrderWhatsApp, orderMessage, type OrderTemplate } from '../../lib/whatsapp';
import { notifyCustomer } from '../../lib/notify';
import type { Config } from '../../config';
import { paymentFailedMail, statusMailInput } from './order-status-mail';
import { formatRupees } from '../../../shared/rules/money';
import { formatSlotDate, formatSlotRange } from '../../../shared/rules/slots';

/** What an order message needs of an order row (placement's draft and the locked row both have it). */
export interface OrderForMessage {
  id: string;
  user_id: string;
  number: string;
  contact_name: string;
  total_paise: number;
  slot_date: string;
  slot_start: string;
  slot_end: string;
}

/**
 * The customer's WhatsApp message about their order, written in the transaction that moves the order
 * (decision 173): only an opted-in customer with a verified number gets a row. Kick the WhatsApp
 * outbox after the commit.
 */
export function enqueueOrderMessage(db: Executor, template: OrderTemplate, o: OrderForMessage, extra: { code?: string } = {}): Promise<number | null> {
  return enqueueOrderWhatsApp(db, o.user_id, messageFor(template, o, extra));
}

/** The message about an order: template, body parameters and plain text. */
export function messageFor(template: OrderTemplate, o: Omit<OrderForMessage, 'user_id'>, extra: { code?: string } = {}) {
  return orderMessage(template, {
    orderId: o.id,
    number: o.number,
    name: o.contact_name.split(/\s+/)[0] ?? '',
    total: formatRupees(o.total_paise),
    slot: `${formatSlotDate(o.slot_date)}, ${formatSlotRange(o.slot_start, o.slot_end)}`,
    code: extra.code,
  });
}

/**
 * "Payment failed" on every channel the customer allows for that kind (decision 183): the e-mail and
 * the WhatsApp message, in the transaction that marks the payment failed.
 */
export async function notifyPaymentFailed(
  deps: { config: Pick<Config, 'PUBLIC_URL'> },
  trx: Executor,
  o: OrderForMessage & { contact_email: string },
): Promise<void> {
  await notifyCustomer(deps, trx, {
    userId: o.user_id,
    kind: 'payment_failed',
    mail: paymentFailedMail(statusMailInput(deps, o)),
    whatsApp: messageFor('payment_failed', o),
  });
}
