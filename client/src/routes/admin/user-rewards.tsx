import { trpc } from '../../lib/trpc';
import { LedgerDeskPage, type LedgerDesk } from '../../features/ledger/ledger-admin';
import { POINTS_UNIT } from '../../features/rewards/rewards-tab';
import { AdminAdjustInput, type AdminAdjustInputT, type AdminRewardBalance, type RewardEntry } from '../../../../shared/schemas/rewards';
import './admin-orders.css';
import '../../features/rewards/rewards.css';

const desk: LedgerDesk<RewardEntry, AdminRewardBalance, AdminAdjustInputT> = {
  unit: POINTS_UNIT,
  path: '/user-rewards',
  title: 'User rewards',
  eyebrow: 'Loyalty',
  intro: <>Customers&rsquo; reward points: balances, every change, and manual adjustments with a reason.</>,
  dataPage: 'admin/user-rewards',
  credited: { heading: 'Earned', of: (c) => c.earned },
  useList: (input) => trpc.rewards.adminList.useQuery(input, { placeholderData: (prev) => prev }),
  useLedger: (input) => trpc.rewards.adminLedger.useQuery(input, { placeholderData: (prev) => prev }),
  useAdjust: (on) => trpc.rewards.adminAdjust.useMutation(on),
  useAdjusted: () => {
    const utils = trpc.useUtils();
    return (userId, r) => {
      utils.rewards.adminLedger.setData({ userId, page: 1, pageSize: 10 }, r);
      void utils.rewards.adminList.invalidate();
    };
  },
  field: { name: 'points', label: 'Points', inputMode: 'numeric', placeholder: 'e.g. 50 or -20', testId: 'adjust-points' },
  parse: ({ userId, amount, reason }) =>
    AdminAdjustInput.safeParse({ userId, points: amount.trim() === '' ? Number.NaN : Number(amount), reason }),
  balance: (d) => (
    <>
      <span data-testid="admin-rewards-balance">{d?.balance ?? '—'}</span> <span className="text-muted">points</span>
    </>
  ),
  inWords: (balance) => `${balance} points`,
  words: {
    searchTestId: 'rewards-search',
    listError: 'Balances could not be loaded.',
    withActivity: ' with points activity',
    regionLabel: 'Points balances',
    customerTestId: 'rewards-customer',
    noneYet: 'No customer has points yet.',
    listPagerLabel: 'Points balance pages',
    hint: 'Choose a customer to see their points history and adjust their balance.',
    detailTestId: 'rewards-customer-detail',
    ledgerError: 'This customer’s points could not be loaded.',
    ledgerLabel: 'Points history',
    ledgerTestId: 'admin-rewards-ledger',
    noActivity: 'No points activity yet.',
  },
};

/** /admin/user-rewards: customers' points (search), one customer's ledger, a manual adjustment with a reason (audited, never below zero). */
export default function UserRewardsPage() {
  return <LedgerDeskPage desk={desk} />;
}
