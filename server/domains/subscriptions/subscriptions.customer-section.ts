import type { Executor } from '../../../db/database';
import type { DetailSection } from '../../../shared/schemas/auth';
import { formatDate } from '../../../shared/rules/dates';
import { formatRupees } from '../../../shared/rules/money';
import { latestOfCustomer } from './subscriptions.service';

/** The shape of an admin customer-detail section (admin's CustomerSectionProvider, matched structurally: subscriptions does not import admin). */
interface SubscriptionSection {
  name: string;
  section(ctx: { db: Executor; userId: string; now: Date }): Promise<DetailSection | null>;
}

/** "Subscription" on the admin customer detail: the latest plan, its state, this period's free units, linked to the subscriptions desk. */
export const customerSubscription: SubscriptionSection = {
  name: 'subscription',
  async section({ db, userId, now }) {
    const s = await latestOfCustomer(db, userId, now);
    if (!s) return { key: 'subscription', title: 'Subscription', rows: [{ label: 'Subscription', value: 'Never subscribed' }] };
    const p = s.currentPeriod;
    return {
      key: 'subscription',
      title: 'Subscription',
      rows: [
        {
          label: 'Plan',
          value: `${s.planName} · ${formatRupees(s.price)} / ${s.periodDays} days`,
          href: `/admin/subscriptions?id=${s.id}`,
        },
        { label: 'Status', value: s.statusLabel },
        ...(p
          ? [
              { label: 'Period', value: `${formatDate(p.start, 'date')} – ${formatDate(p.end, 'date')}` },
              { label: 'Free units', value: `${p.used} used, ${p.remaining} of ${p.allowed} left` },
            ]
          : s.paidThrough
            ? [{ label: 'Paid through', value: formatDate(s.paidThrough, 'date') }]
            : []),
        { label: 'Renews automatically', value: s.autoRenew ? 'Yes' : 'No' },
      ],
    };
  },
};
