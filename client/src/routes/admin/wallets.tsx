import { trpc } from '../../lib/trpc';
import { LedgerDeskPage, type LedgerDesk } from '../../features/ledger/ledger-admin';
import { WALLET_UNIT } from '../../features/wallet/wallet-tab';
import {
  AdminWalletAdjustInput,
  type AdminWalletAdjustInputT,
  type AdminWalletsPage,
  type WalletEntry,
} from '../../../../shared/schemas/wallet';
import { formatRupees, parseRupees } from '../../../../shared/rules/money';
import './admin-orders.css';
import '../../features/rewards/rewards.css';
import '../../features/wallet/wallet.css';

/** A signed rupee amount ("-50" takes away) in paise; NaN when it is not one (the schema says why). */
function signedPaise(text: string): number {
  const negative = text.trim().startsWith('-');
  const paise = parseRupees(text.trim().replace(/^[-+]/, ''));
  return paise === null ? Number.NaN : negative ? -paise : paise;
}

const desk: LedgerDesk<WalletEntry, AdminWalletsPage['customers'][number], AdminWalletAdjustInputT> = {
  unit: WALLET_UNIT,
  path: '/wallets',
  title: 'Wallets',
  eyebrow: 'Money',
  intro: (
    <>
      Customers&rsquo; prepaid wallets: balances, every change, and manual adjustments with a reason. Top-ups are money held for customers,
      not revenue.
    </>
  ),
  dataPage: 'admin/wallets',
  credited: { heading: 'Topped up', of: (c) => c.toppedUp },
  useList: (input) => trpc.wallet.adminList.useQuery(input, { placeholderData: (prev) => prev }),
  useLedger: (input) => trpc.wallet.adminLedger.useQuery(input, { placeholderData: (prev) => prev }),
  useAdjust: (on) => trpc.wallet.adminAdjust.useMutation(on),
  useAdjusted: () => {
    const utils = trpc.useUtils();
    return (userId, r) => {
      utils.wallet.adminLedger.setData({ userId, page: 1, pageSize: 10 }, r);
      void utils.wallet.adminList.invalidate();
    };
  },
  field: { name: 'amount', label: 'Amount (₹)', inputMode: 'decimal', placeholder: 'e.g. 100 or -50', testId: 'adjust-amount' },
  parse: ({ userId, amount, reason }) => AdminWalletAdjustInput.safeParse({ userId, amount: signedPaise(amount), reason }),
  balance: (d) => <span data-testid="admin-wallet-balance">{d ? formatRupees(d.balance) : '—'}</span>,
  inWords: formatRupees,
  words: {
    searchTestId: 'wallets-search',
    listError: 'Wallets could not be loaded.',
    withActivity: ' with a wallet',
    regionLabel: 'Wallet balances',
    customerTestId: 'wallet-customer',
    noneYet: 'No customer has a wallet yet.',
    listPagerLabel: 'Wallet pages',
    hint: 'Choose a customer to see their wallet history and adjust their balance.',
    detailTestId: 'wallet-customer-detail',
    ledgerError: 'This customer’s wallet could not be loaded.',
    ledgerLabel: 'Wallet history',
    ledgerTestId: 'admin-wallet-ledger',
    noActivity: 'No wallet activity yet.',
  },
};

/** /admin/wallets: customers' wallets (search), one customer's ledger, a manual adjustment with a reason (audited, never below zero). */
export default function WalletsPage() {
  return <LedgerDeskPage desk={desk} />;
}
