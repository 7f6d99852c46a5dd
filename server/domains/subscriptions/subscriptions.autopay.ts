import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import { notify } from '../notifications/notify.service';
import * as repo from './subscriptions.repository';
import { addPaidPeriod, type SubscriptionSettlement } from './subscriptions.billing';
import { formatDate } from '../../../shared/rules/dates';

/**
 * Renewals paid through the customer's UPI AutoPay mandate (decision 290). The AutoPay domain asks
 * which renewals are due, and tells this domain what its debit did: a captured debit adds the next
 * period here (the same addPaidPeriod every payment takes); a failed one tells the customer the
 * subscription ends unless they renew it, as a customer without automatic renewal is told.
 */

export interface RenewalDue {
  subscriptionId: string;
  userId: string;
  planName: string;
  pricePaise: number;
  endsAt: string;
}

/** Automatically renewing subscriptions (no Razorpay subscription) whose paid time ends after `from` and by `until`. */
export async function renewalsDue(deps: Pick<AppDeps, 'db'>, p: { from: Date; until: Date; limit: number }): Promise<RenewalDue[]> {
  const rows = await repo.renewalsEndingBetween(deps.db, { fromIso: p.from.toISOString(), untilIso: p.until.toISOString(), limit: p.limit });
  return rows.map((r) => ({
    subscriptionId: r.id,
    userId: r.user_id,
    planName: r.plan_name,
    pricePaise: r.price_paise,
    endsAt: new Date(r.ends_at as unknown as string).toISOString(),
  }));
}

/** Whether a debit announced for this subscription may still be taken: it runs, renews automatically and costs `amountPaise`. */
export async function stillRenews(deps: Pick<AppDeps, 'db'>, subscriptionId: string, amountPaise: number): Promise<boolean> {
  const s = await repo.findSubscription(deps.db, subscriptionId);
  return !!s && s.status === 'active' && s.auto_renew && !s.gateway_subscription_id && s.price_paise === amountPaise;
}

/** A captured AutoPay debit for this subscription: its next period, once (the debit row is locked by the caller). */
export async function renewWithDebitInTransaction(deps: AppDeps, trx: Trx, subscriptionId: string): Promise<SubscriptionSettlement> {
  return addPaidPeriod(deps, trx, subscriptionId, null, deps.clock.now());
}

/** A failed AutoPay debit: the customer hears that the subscription ends unless they renew it (renews_soon, on every channel). */
export async function renewalDebitFailedInTransaction(deps: AppDeps, trx: Trx, subscriptionId: string): Promise<void> {
  const s = await repo.findSubscription(trx, subscriptionId);
  if (!s) return;
  const periods = await repo.periodsOf(trx, [s.id]);
  const end = periods.reduce<string | null>((m, p) => (!m || new Date(p.ends_at).getTime() > new Date(m).getTime() ? p.ends_at : m), null);
  if (!end) return;
  await notify(deps, trx, { userId: s.user_id }, 'renews_soon', { subscriptionId: s.id, plan: s.plan_name, date: formatDate(end, 'date'), autoRenew: false });
}

/**
 * Whether the customer has an active UPI AutoPay mandate (then automatic renewal is debited through
 * it, and no separate Razorpay subscription is set up). AutoPay depends on subscriptions, so it is
 * asked through this port, wired at start (server/app.ts); unwired, no customer has one.
 */
type MandateCheck = (deps: Pick<AppDeps, 'db'>, userId: string) => Promise<boolean>;
let mandateCheck: MandateCheck = async () => false;

export function provideMandateCheck(check: MandateCheck): void {
  mandateCheck = check;
}

export const hasActiveMandate = (deps: Pick<AppDeps, 'db'>, userId: string) => mandateCheck(deps, userId);

/** A debit that renewed a subscription through the mandate: a payment of the subscription the desk lists and refunds (decision 284). */
export interface RenewalDebit {
  id: string;
  amountPaise: number;
  capturedPaise: number;
  refundedPaise: number;
  /** In the subscription payments' words: created (being taken), paid, failed, refunded. */
  status: 'created' | 'paid' | 'failed' | 'refunded';
  provider: string;
  gatewayOrderId: string;
  gatewayPaymentId: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** Asked of AutoPay through this port too (wired at start); unwired, no subscription was renewed through a mandate. */
type RenewalDebitsOf = (db: Executor, subscriptionId: string) => Promise<RenewalDebit[]>;
let renewalDebits: RenewalDebitsOf = async () => [];

export function provideRenewalDebits(f: RenewalDebitsOf): void {
  renewalDebits = f;
}

export const renewalDebitsOf = (db: Executor, subscriptionId: string) => renewalDebits(db, subscriptionId);
