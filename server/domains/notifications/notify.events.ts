import type { NotificationKind } from '../../../shared/schemas/notifications';
import type { WhatsAppTemplate } from '../../lib/whatsapp';
export { greeting } from '../../../shared/rules/greeting';

/**
 * Every event the shop tells a person (PRODUCT.md §20, decision 215), each with ONE template per
 * channel: the inbox entry (title, body, link), the e-mail (built from them, or the receipt the caller
 * hands in), the WhatsApp template and its body parameters, the SMS text. Adding an event is one entry
 * here. The greeting rule is one: the first name, or "Hi" alone (shared/rules/greeting.ts).
 */

export interface OrderRef {
  orderId: string;
  number: string;
}

export interface EventData {
  /** Confirmed (COD, wallet, free at placement; online once paid). The e-mail is the receipt the caller builds. */
  order_confirmed: OrderRef & { total: string; slot: string };
  payment_failed: OrderRef;
  /** With the code the rider asks for (WhatsApp only carries it when there is one). */
  out_for_delivery: OrderRef & { window: string; code: string | null };
  delivered: OrderRef;
  /** The rider could not deliver: the reason in words, and what happens next. */
  could_not_deliver: OrderRef & { reason: string };
  /** The shop moved the delivery: the new day and slot ("Sat 5 Dec 2026, 7:00–9:00 am"). */
  delivery_moved: OrderRef & { when: string };
  /** 18:00 the evening before: the wallet does not cover tomorrow. `day` "Thu, 3 Dec"; `reason` one sentence. */
  not_covered: { date: string; day: string; reason: string; path: string };
  /**
   * UPI AutoPay's pre-debit notice (NPCI: at least 24 hours before the debit). `amount` "₹1,000", `when`
   * "Tue, 8 Dec, after 10:30 am", `why` the sentence saying what it is for; `path` where it can be cancelled.
   */
  autopay_pre_debit: { debitId: string; amount: string; when: string; why: string; path: string };
  /** The cut-off could not place a standing day: why. */
  not_placed: { date: string; day: string; reason: string; path: string };
  /** Cancelled by the customer or the shop: `when` the slot, with the reason and the money's way back. */
  order_cancelled: OrderRef & { byShop: boolean; when: string; reason: string | null; refund: string | null; wallet: string | null };
  refund_issued: OrderRef & { amount: string; where: string };
  /** 3 days before the paid time ends: it renews by itself (automatic renewal) or ends. `date` "Wed, 9 Dec 2026". */
  renews_soon: { subscriptionId: string; plan: string; date: string; autoRenew: boolean };
  /** Staff (owner, manager, kitchen): an ingredient under its par level. Quantities in words ("120 g"). */
  low_stock: { name: string; free: string; par: string };
  /** Staff (owner, manager, kitchen): tomorrow's standing deliveries need more than is free. */
  stock_short: { name: string; day: string; need: string; free: string };
  /** Staff: the manager hears of a rider's failed stop. */
  rider_failed_stop: OrderRef & { rider: string; reason: string; date: string };
  /**
   * A staff invitation (decisions 225, 235): `role` its label ("Rider"), `joinUrl` the secret /join link
   * (the e-mail's button only; the inbox keeps no secret), `landing` the role's first screen, `hours` the
   * link's life.
   */
  staff_invited: { role: string; joinUrl: string; landing: string; hours: number };
  /** The person's data export is built: downloadable from the Privacy tab for `hours`. */
  data_export_ready: { hours: number };
  /** The account will be erased: what was settled first (`settled`, sentences), and that the number and e-mail are free again. */
  account_deletion_scheduled: { settled: string[] };
  /** Retention (decision 276): the account has not been used for `years` years and is erased after `eraseOn` ("Tue, 8 Dec 2026, 3:00 pm") unless used. */
  account_inactive_warning: { years: number; eraseOn: string };
  /** A personal-data breach that affects the person (decision 277; DPDP Rules 2025 r.7(1)): what, when, which data, the likely impact, what the shop did, whom to ask. */
  data_breach: { what: string; when: string; dataKinds: string; impact: string; measures: string; contact: string };
  /** A grievance received (decision 278): its subject, the day it is answered by ("Fri, 11 Dec 2026") and the officer. */
  grievance_received: { subject: string; dueBy: string; officer: string };
  /** The owner's answer to a grievance, in full; `askedOn` the day it was asked. */
  grievance_answered: { subject: string; askedOn: string; answer: string };
}

export type NotifyEvent = keyof EventData;

export interface Rendered {
  title: string;
  /** Paragraphs; the inbox shows them joined, the e-mail one per paragraph. */
  body: string[];
  /** A path on the shop (/order/…, /deliveries?date=…); null: none. */
  link: string | null;
  /** The e-mail's button when it is not `link`: a full URL that must not stay in the inbox (an invitation's secret link). */
  mailUrl?: string;
  /** Words on the e-mail's button. */
  linkLabel: string;
  subject: string;
  /** The mail outbox's template name (kept from before the domain, so old rows and new read alike). */
  mailTemplate: string;
  /** WhatsApp: the approved template and its body parameters ({{1}} is always the greeting); null: not on WhatsApp. */
  whatsApp: { template: WhatsAppTemplate; parameters: string[] } | null;
  /** The plain text of WhatsApp's message and of the SMS. */
  text: string;
}

export interface EventDef<E extends NotifyEvent> {
  /** The preferences' kind (decision 183) whose cells switch e-mail, WhatsApp and SMS; null: a change to what the person agreed to, on every channel they have. */
  kind: NotificationKind | null;
  /** The e-mail goes whatever the kind's e-mail cell says (the receipt). */
  emailAlways?: boolean;
  /**
   * The e-mail goes to the account's address even when it is not verified yet: opening the message's link is
   * what proves it (the invitation, decision 235). Only for a message whose link does nothing for anyone else.
   */
  emailUnproven?: boolean;
  render(d: EventData[E], hi: string): Rendered;
}

const orderLink = (o: OrderRef) => `/order/${o.orderId}`;
const orderMail = (d: OrderRef) => ({ link: orderLink(d), linkLabel: 'See your order' });

export const EVENTS: { [E in NotifyEvent]: EventDef<E> } = {
  order_confirmed: {
    kind: 'order_confirmed',
    emailAlways: true,
    render: (d, hi) => ({
      title: `Order ${d.number} is confirmed`,
      body: [`${d.total}, delivered ${d.slot}.`],
      ...orderMail(d),
      subject: `Your Hydro Shakes order ${d.number} is confirmed`,
      mailTemplate: 'order-confirmed',
      whatsApp: { template: 'order_confirmed', parameters: [hi, d.number, d.total, d.slot] },
      text: `${hi}, your Hydro Shakes order ${d.number} (${d.total}) is confirmed for ${d.slot}.`,
    }),
  },
  payment_failed: {
    kind: 'payment_failed',
    render: (d, hi) => ({
      title: `The payment for order ${d.number} did not go through`,
      body: ['Nothing was charged. Your order is kept for 30 minutes: pay again from the order page.'],
      ...orderMail(d),
      subject: `Payment failed for your Hydro Shakes order ${d.number}`,
      mailTemplate: 'order-payment-failed',
      whatsApp: { template: 'payment_failed', parameters: [hi, d.number] },
      text: `${hi}, the payment for your Hydro Shakes order ${d.number} did not go through. You can pay again from the order page.`,
    }),
  },
  out_for_delivery: {
    kind: 'out_for_delivery',
    render: (d, hi) => ({
      title: `Order ${d.number} is on its way`,
      body: [
        `Your shakes have left our kitchen and will reach you ${d.window} today.`,
        d.code ? `Give the rider this code: ${d.code}.` : 'Keep your phone handy: the rider may call when they arrive.',
      ],
      ...orderMail(d),
      subject: `Your Hydro Shakes order ${d.number} is on its way`,
      mailTemplate: 'order-out-for-delivery',
      whatsApp: d.code ? { template: 'out_for_delivery', parameters: [hi, d.number, d.code] } : null,
      text: d.code
        ? `${hi}, your Hydro Shakes order ${d.number} is on its way. Give the rider this code: ${d.code}.`
        : `${hi}, your Hydro Shakes order ${d.number} is on its way, ${d.window} today.`,
    }),
  },
  delivered: {
    kind: 'delivered',
    render: (d, hi) => ({
      title: `Order ${d.number} was delivered`,
      body: ['Enjoy your shakes! Your invoice is on the order page.'],
      ...orderMail(d),
      subject: `Your Hydro Shakes order ${d.number} was delivered`,
      mailTemplate: 'order-delivered',
      whatsApp: { template: 'delivered', parameters: [hi, d.number] },
      text: `${hi}, your Hydro Shakes order ${d.number} was delivered. Enjoy!`,
    }),
  },
  could_not_deliver: {
    kind: null,
    render: (d, hi) => {
      const next = 'We will call you to set a new time; nothing is charged again.';
      return {
        title: `We could not deliver order ${d.number}`,
        body: [`Our rider could not deliver it: ${d.reason.toLowerCase()}.`, next],
        ...orderMail(d),
        subject: `We could not deliver your Hydro Shakes order ${d.number}`,
        mailTemplate: 'order-not-delivered',
        whatsApp: { template: 'could_not_deliver', parameters: [hi, d.number, `${d.reason}. ${next}`] },
        text: `${hi}, we could not deliver your Hydro Shakes order ${d.number} (${d.reason.toLowerCase()}). ${next}`,
      };
    },
  },
  delivery_moved: {
    kind: null,
    render: (d, hi) => ({
      title: `Order ${d.number}: new delivery time`,
      body: [`We will now deliver your order on ${d.when}.`, 'If that time does not suit you, call us and we will find another.'],
      ...orderMail(d),
      subject: `Your Hydro Shakes order ${d.number} has a new delivery time`,
      mailTemplate: 'order-rescheduled',
      whatsApp: { template: 'delivery_moved', parameters: [hi, d.number, d.when] },
      text: `${hi}, your Hydro Shakes order ${d.number} will now be delivered on ${d.when}.`,
    }),
  },
  not_covered: {
    kind: 'deliveries',
    render: (d, hi) => ({
      title: `${d.day}'s delivery is not covered yet`,
      body: [d.reason],
      link: d.path,
      linkLabel: 'Top up for that day',
      subject: `Top up for ${d.day}'s Hydro Shakes delivery`,
      mailTemplate: 'delivery-not-covered',
      whatsApp: { template: 'delivery_not_covered', parameters: [hi, d.day, d.reason] },
      text: `${hi}, your Hydro Shakes delivery for ${d.day} is not covered yet: ${d.reason}`,
    }),
  },
  autopay_pre_debit: {
    // A notice the law requires before a debit: on every channel the person has, whatever the preferences.
    kind: null,
    render: (d, hi) => ({
      title: `AutoPay will take ${d.amount} ${d.when}`,
      body: [d.why, 'If you do not want it, cancel it before then; nothing is taken.'],
      link: d.path,
      linkLabel: 'See or cancel it',
      subject: `Hydro Shakes AutoPay: ${d.amount} ${d.when}`,
      mailTemplate: 'autopay-pre-debit',
      whatsApp: null,
      text: `${hi}, Hydro Shakes AutoPay will take ${d.amount} ${d.when}. ${d.why} Cancel it on the site before then if you do not want it.`,
    }),
  },
  not_placed: {
    kind: 'deliveries',
    render: (d, hi) => ({
      title: `No delivery on ${d.day}`,
      body: [d.reason, 'You can still order that day yourself if its slot takes orders; your other scheduled days are unchanged.'],
      link: d.path,
      linkLabel: 'Order it now',
      subject: `Your Hydro Shakes delivery for ${d.day} was not placed`,
      mailTemplate: 'delivery-not-placed',
      whatsApp: { template: 'delivery_not_placed', parameters: [hi, d.day, d.reason] },
      text: `${hi}, your Hydro Shakes delivery for ${d.day} was not placed: ${d.reason}`,
    }),
  },
  order_cancelled: {
    kind: null,
    render: (d, hi) => {
      const body = [
        d.byShop
          ? `We are sorry: we had to cancel your order for ${d.when}.${d.reason ? ` Reason: ${d.reason}` : ''}`
          : `As you asked, your order for ${d.when} is cancelled.`,
        ...(d.refund ? [`A refund of ${d.refund} is on its way to the account you paid from; banks usually take 5–7 working days.`] : []),
        ...(d.wallet ? [`${d.wallet} is back in your Hydro Shakes wallet, ready for your next order.`] : []),
      ];
      return {
        title: `Order ${d.number} is cancelled`,
        body,
        ...orderMail(d),
        subject: `Your Hydro Shakes order ${d.number} is cancelled`,
        mailTemplate: 'order-cancelled',
        whatsApp: null,
        text: `${hi}, your Hydro Shakes order ${d.number} is cancelled. ${body.slice(1).join(' ')}`.trim(),
      };
    },
  },
  refund_issued: {
    kind: null,
    render: (d, hi) => ({
      title: `${d.amount} refunded for order ${d.number}`,
      body: [`${d.amount} is on its way back ${d.where}.`],
      ...orderMail(d),
      subject: `Refund of ${d.amount} for your Hydro Shakes order ${d.number}`,
      mailTemplate: 'order-refunded',
      whatsApp: { template: 'refund_issued', parameters: [hi, d.number, `${d.amount} ${d.where}`] },
      text: `${hi}, ${d.amount} for your Hydro Shakes order ${d.number} is on its way back ${d.where}.`,
    }),
  },
  renews_soon: {
    kind: null,
    render: (d, hi) => {
      const what = d.autoRenew ? `renews automatically on ${d.date}` : `ends on ${d.date}`;
      const next = d.autoRenew
        ? 'You can switch automatic renewal off in your profile.'
        : 'Renew it in your profile to keep your free shakes and free delivery.';
      return {
        title: `Your ${d.plan} subscription ${what}`,
        body: [next],
        link: '/profile?tab=subscriptions',
        linkLabel: 'Manage your subscription',
        subject: `Your ${d.plan} subscription ${d.autoRenew ? 'renews' : 'ends'} on ${d.date}`,
        mailTemplate: 'subscription-reminder',
        whatsApp: { template: 'renewal_reminder', parameters: [hi, d.plan, `${what}. ${next}`] },
        text: `${hi}, your Hydro Shakes ${d.plan} subscription ${what}. ${next}`,
      };
    },
  },
  low_stock: {
    kind: null,
    render: (d, hi) => ({
      title: `Low stock: ${d.name} (${d.free} free)`,
      body: [`${d.name} is under its par level: ${d.free} free, par ${d.par}. Receive more or adjust the par level.`],
      link: '/admin/stock',
      linkLabel: 'Open stock',
      subject: `Low stock: ${d.name} (${d.free} free)`,
      mailTemplate: 'stock-low',
      whatsApp: null,
      text: `${hi}, ${d.name} is under its par level: ${d.free} free, par ${d.par}.`,
    }),
  },
  stock_short: {
    kind: null,
    render: (d, hi) => ({
      title: `Not enough ${d.name} for ${d.day} (${d.need} needed, ${d.free} free)`,
      body: [`The standing deliveries of ${d.day} need ${d.need} of ${d.name}; only ${d.free} is free. Receive more before the kitchen starts.`],
      link: '/admin/stock',
      linkLabel: 'Open stock',
      subject: `Not enough ${d.name} for ${d.day} (${d.need} needed, ${d.free} free)`,
      mailTemplate: 'stock-forecast',
      whatsApp: null,
      text: `${hi}, the standing deliveries of ${d.day} need ${d.need} of ${d.name}; only ${d.free} is free.`,
    }),
  },
  rider_failed_stop: {
    kind: null,
    render: (d, hi) => ({
      title: `${d.rider} could not deliver order ${d.number}`,
      body: [`Reason: ${d.reason}. The order is back in the queue: re-assign it or move it to another day.`],
      link: `/admin/deliveries?date=${d.date}`,
      linkLabel: 'Open deliveries',
      subject: `Failed delivery: order ${d.number}`,
      mailTemplate: 'delivery-failed-stop',
      whatsApp: null,
      text: `${hi}, ${d.rider} could not deliver order ${d.number} (${d.reason.toLowerCase()}).`,
    }),
  },
  staff_invited: {
    kind: null,
    emailAlways: true,
    emailUnproven: true,
    render: (d, hi) => ({
      title: `You are invited to the Hydro Shakes team as ${d.role}`,
      body: [
        `Set your password with the invitation's link (valid for ${d.hours} hours, once), then sign in with your e-mail address.`,
        'If you did not expect this, ignore this message.',
      ],
      link: d.landing,
      mailUrl: d.joinUrl,
      linkLabel: 'Set your password',
      subject: 'You are invited to the Hydro Shakes team',
      mailTemplate: 'staff-invite',
      // No approved WhatsApp template carries a secret link; the SMS (a fallback when no e-mail carries it) does.
      whatsApp: null,
      text: `${hi}, you are invited to the Hydro Shakes team as ${d.role}. Join within ${d.hours} hours: ${d.joinUrl}`,
    }),
  },
  data_export_ready: {
    kind: null,
    render: (d, hi) => ({
      title: 'Your data is ready to download',
      body: [`The file with everything we hold about you can be downloaded from the Privacy tab of your profile for ${d.hours} hours. You need to be signed in.`],
      link: '/profile?tab=privacy',
      linkLabel: 'Download your data',
      subject: 'Your Hydro Shakes data is ready to download',
      mailTemplate: 'data-export-ready',
      // No approved WhatsApp template: the inbox, e-mail or a text carry it.
      whatsApp: null,
      text: `${hi}, your Hydro Shakes data is ready to download from the Privacy tab of your profile for ${d.hours} hours.`,
    }),
  },
  account_deletion_scheduled: {
    kind: null,
    render: (d, hi) => ({
      title: 'Your account is being deleted',
      body: [
        ...d.settled,
        'Your personal details are erased as soon as nothing is left to deliver or refund. Invoices stay 8 years, as the GST law requires, without your name, contact or address.',
        'Your mobile number and e-mail can be used for a new account straight away.',
      ],
      link: null,
      linkLabel: 'Hydro Shakes',
      subject: 'Your Hydro Shakes account is being deleted',
      mailTemplate: 'account-deletion-scheduled',
      whatsApp: null,
      text: `${hi}, your Hydro Shakes account is being deleted as you asked. ${d.settled.join(' ')}`.trim(),
    }),
  },
  account_inactive_warning: {
    kind: null,
    render: (d, hi) => ({
      title: 'Your account will be deleted unless you use it',
      body: [
        `You have not used your Hydro Shakes account for ${d.years} years. We keep personal details only while they serve you, so we will delete your account after ${d.eraseOn}.`,
        'To keep it, simply sign in before then. Invoices stay 8 years, as the GST law requires, without your name, contact or address.',
      ],
      link: '/profile?tab=privacy',
      linkLabel: 'Sign in to keep your account',
      subject: 'Your Hydro Shakes account will be deleted unless you use it',
      mailTemplate: 'account-inactive-warning',
      whatsApp: null,
      text: `${hi}, you have not used your Hydro Shakes account for ${d.years} years. Sign in before ${d.eraseOn} to keep it; after that we delete it.`,
    }),
  },
  data_breach: {
    kind: null,
    render: (d, hi) => ({
      title: 'A security incident involving your personal data',
      body: [
        `${hi}, we are writing because your personal data was involved in a security incident at Hydro Shakes (${d.when}).`,
        `What happened: ${d.what}`,
        `Which of your data: ${d.dataKinds}.`,
        `What it may mean for you: ${d.impact}`,
        `What we have done: ${d.measures}`,
        'What you can do: be careful with calls, texts or e-mails that ask for codes, passwords or payment in our name; we never ask for them.',
        `Questions: ${d.contact}.`,
      ],
      link: '/privacy',
      linkLabel: 'Our privacy page',
      subject: 'A security incident involving your personal data at Hydro Shakes',
      mailTemplate: 'data-breach',
      whatsApp: null,
      text: `${hi}, your personal data (${d.dataKinds}) was involved in a security incident at Hydro Shakes (${d.when}). Details are in your inbox on our site and by e-mail. Questions: ${d.contact}.`,
    }),
  },
  grievance_received: {
    kind: null,
    render: (d, hi) => ({
      title: 'We received your complaint',
      body: [
        `About: ${d.subject}.`,
        `${d.officer} answers you by ${d.dueBy}. The answer comes here and is kept under Privacy in your profile.`,
        'If you are not satisfied with the answer, you may complain to the Data Protection Board of India.',
      ],
      link: '/profile?tab=privacy',
      linkLabel: 'Your complaints',
      subject: 'We received your complaint about your personal data',
      mailTemplate: 'grievance-received',
      whatsApp: null,
      text: `${hi}, we received your complaint to Hydro Shakes ("${d.subject}"). We answer by ${d.dueBy}.`,
    }),
  },
  grievance_answered: {
    kind: null,
    render: (d, hi) => ({
      title: 'Our answer to your complaint',
      body: [
        `About: ${d.subject} (asked on ${d.askedOn}).`,
        d.answer,
        'If you are not satisfied with this answer, you may complain to the Data Protection Board of India.',
      ],
      link: '/profile?tab=privacy',
      linkLabel: 'Your complaints',
      subject: 'Our answer to your complaint about your personal data',
      mailTemplate: 'grievance-answered',
      whatsApp: null,
      text: `${hi}, Hydro Shakes answered your complaint ("${d.subject}"). Read the answer under Privacy in your profile on our site.`,
    }),
  },
};
