/**
 * The privacy notice (DPDP Act 2023 s.5, Rules 2025 r.3): what the shop keeps about a person, why, for
 * which service and for how long, in plain words, item by item. Shown at sign-up (e-mail and mobile) and
 * on /privacy. A change of wording is a new version: every consent records the version it was given on.
 */
export const NOTICE_VERSION = '2026-12-06';

export interface NoticeItem {
  what: string;
  why: string;
  /** Which service needs it: the consent it belongs to. */
  purpose: ConsentPurpose;
  kept: string;
}

export const CONSENT_PURPOSES = ['account', 'whatsapp', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const PURPOSE_LABELS: Record<ConsentPurpose, { title: string; text: string }> = {
  account: {
    title: 'Your account and deliveries',
    text: 'Needed to sell and deliver to you: without it there is no account. To withdraw it, delete your account.',
  },
  whatsapp: {
    title: 'Order messages on WhatsApp',
    text: 'Order confirmations, the delivery code and delivery updates on WhatsApp, to your verified mobile number.',
  },
  marketing: {
    title: 'Offers and new shakes',
    text: 'Now and then, news of new shakes and offers. Never sold or given to anyone else.',
  },
};

export const NOTICE_ITEMS: NoticeItem[] = [
  { what: 'Your name, e-mail and mobile number', why: 'To make your account, sign you in and tell you about your orders', purpose: 'account', kept: 'While your account is open' },
  { what: 'Your delivery addresses (and a map pin if you drop one)', why: 'So our rider can bring your shakes', purpose: 'account', kept: 'While your account is open' },
  { what: 'Your orders, invoices and payments', why: 'To deliver, refund and keep the accounts the GST law asks for', purpose: 'account', kept: 'Invoices and money records 8 years (GST law), the rest while your account is open' },
  { what: 'Your wallet, points and standing deliveries', why: 'To run the wallet, rewards and the deliveries you set up', purpose: 'account', kept: 'While your account is open' },
  { what: 'Your sign-ins (device and network address)', why: 'To keep your account safe', purpose: 'account', kept: '1 year' },
  { what: 'Your mobile number, on WhatsApp', why: 'To send order messages there, only if you say yes', purpose: 'whatsapp', kept: 'Until you say no' },
  { what: 'Your e-mail and mobile number, for offers', why: 'To tell you about new shakes and offers, only if you say yes', purpose: 'marketing', kept: 'Until you say no' },
];

/** An account nobody signed into for this long is erased (after a notice at least 48 hours ahead). */
export const INACTIVE_YEARS = 3;
