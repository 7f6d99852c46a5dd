import type { Executor } from '../../../db/database';
import type { Config } from '../../config';
import type { MailMessage } from '../../lib/mail';
import { notify, type Told } from '../notifications/notify.service';
import { EVENTS, greeting } from '../notifications/notify.events';
import { formatRupees } from '../../../shared/rules/money';
import { formatSlotDate, formatSlotRange } from '../../../shared/rules/slots';

/** What an order's message needs of an order row (placement's draft and the locked row both have it). */
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

type Deps = { config: Pick<Config, 'PUBLIC_URL'> };

const slotOf = (o: Pick<OrderForMessage, 'slot_date' | 'slot_start' | 'slot_end'>) =>
  `${formatSlotDate(o.slot_date)}, ${formatSlotRange(o.slot_start, o.slot_end)}`;

/** Placement's confirmation (CTEs of its write statement): the inbox message and WhatsApp, the event's one template. */
export function confirmedWhatsApp(o: Omit<OrderForMessage, 'user_id'>): { parameters: string[]; text: string; title: string; body: string } {
  const r = EVENTS.order_confirmed.render(
    { orderId: o.id, number: o.number, total: formatRupees(o.total_paise), slot: slotOf(o) },
    greeting(o.contact_name),
  );
  return { parameters: r.whatsApp!.parameters, text: r.text, title: r.title, body: r.body.join(' ') };
}

/** An order confirmed once paid: the receipt by e-mail and the confirmation wherever else the customer hears. */
export function notifyConfirmed(deps: Deps, trx: Executor, o: OrderForMessage, receipt: MailMessage): Promise<Told> {
  return notify(deps, trx, { userId: o.user_id }, 'order_confirmed', { orderId: o.id, number: o.number, total: formatRupees(o.total_paise), slot: slotOf(o) }, { receipt });
}

export function notifyPaymentFailed(deps: Deps, trx: Executor, o: OrderForMessage): Promise<Told> {
  return notify(deps, trx, { userId: o.user_id }, 'payment_failed', { orderId: o.id, number: o.number });
}

export function notifyOutForDelivery(deps: Deps, trx: Executor, o: OrderForMessage, code: string | null): Promise<Told> {
  return notify(deps, trx, { userId: o.user_id }, 'out_for_delivery', {
    orderId: o.id,
    number: o.number,
    window: formatSlotRange(o.slot_start, o.slot_end),
    code,
  });
}

export function notifyDelivered(deps: Deps, trx: Executor, o: OrderForMessage): Promise<Told> {
  return notify(deps, trx, { userId: o.user_id }, 'delivered', { orderId: o.id, number: o.number });
}

export function notifyCouldNotDeliver(deps: Deps, trx: Executor, o: OrderForMessage, reason: string): Promise<Told> {
  return notify(deps, trx, { userId: o.user_id }, 'could_not_deliver', { orderId: o.id, number: o.number, reason });
}

export function notifyMoved(deps: Deps, trx: Executor, o: OrderForMessage): Promise<Told> {
  const when = `${formatSlotDate(o.slot_date, { year: true })}, ${formatSlotRange(o.slot_start, o.slot_end)}`;
  return notify(deps, trx, { userId: o.user_id }, 'delivery_moved', { orderId: o.id, number: o.number, when });
}

export function notifyCancelled(
  deps: Deps,
  trx: Executor,
  o: OrderForMessage,
  p: { byShop: boolean; reason: string | null; refund: string | null; wallet: string | null },
): Promise<Told> {
  const when = `${formatSlotDate(o.slot_date, { year: true })}, ${formatSlotRange(o.slot_start, o.slot_end)}`;
  return notify(deps, trx, { userId: o.user_id }, 'order_cancelled', { orderId: o.id, number: o.number, when, ...p });
}

/** Money given back by the shop: to the account paid from, or to the wallet. */
export function notifyRefund(deps: Deps, trx: Executor, o: OrderForMessage, amountPaise: number, toWallet: boolean): Promise<Told> {
  return notify(deps, trx, { userId: o.user_id }, 'refund_issued', {
    orderId: o.id,
    number: o.number,
    amount: formatRupees(amountPaise),
    where: toWallet ? 'to your Hydro Shakes wallet' : 'to the account you paid from (banks usually take 5–7 working days)',
  });
}
