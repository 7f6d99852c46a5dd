/**
 * What each of the shop's background jobs does, in the staff's words (/admin/jobs). Every job of the
 * shop has one (test/integration/jobs.test.ts); a job not named here would show its queue name.
 */
export const JOB_LABELS: Readonly<Record<string, string>> = {
  'outbox-mail': 'E-mails: send and try again',
  'outbox-sms': 'SMS: send and try again',
  'outbox-whatsapp': 'WhatsApp: send and try again',
  'outbox-push': 'Push notifications: send and try again',
  'orders.expire-unpaid': 'Unpaid orders: let them expire',
  'payments.reconcile': 'Payments (orders, subscriptions, wallet top-ups): ask the gateway',
  'payments.refunds': 'Refunds: send to the gateway',
  'auth-housekeeping': 'Sign-in housekeeping',
  'subscriptions-expire-resume': 'Subscriptions: end and resume',
  'subscriptions-remind': 'Subscriptions: renewal reminders',
  'subscriptions-auto-renew': 'Subscriptions: renew automatically',
  'webhooks-deliver': 'Webhooks: deliver',
  'stock-low-alerts': 'Low-stock alerts',
  'schedules-cutoff': 'Standing orders: place at the cut-off',
  'schedules-reminder': 'Standing orders: “tomorrow is not covered”',
  'autopay-notices': 'AutoPay: pre-debit notices (wallet refills)',
  'autopay-debits': 'AutoPay: debits due',
  'privacy-exports': 'Privacy: build data exports',
  'privacy-erasures': 'Privacy: erase deleted accounts',
  'privacy-retention': 'Privacy: close inactive accounts, clear old logs',
};

export const jobLabel = (name: string): string => JOB_LABELS[name] ?? name;
