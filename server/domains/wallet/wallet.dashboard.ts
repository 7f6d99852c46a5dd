import type { Executor } from '../../../db/database';
import type { DashboardMetric } from '../../../shared/schemas/auth';
import { IST_OFFSET_MINUTES } from '../../../shared/rules/slots';
import { topUpTotals } from './wallet.repository';

/** The shape of an admin dashboard provider (admin's DashboardProvider, matched structurally). */
interface WalletProvider {
  name: string;
  metrics(ctx: { db: Executor; now: Date }): Promise<DashboardMetric[]>;
}

function istMidnight(now: Date): Date {
  const ist = new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - IST_OFFSET_MINUTES * 60_000);
}

/**
 * Money received into wallets, apart from revenue (decision 165): a top-up is money the shop holds
 * for the customer, earned only when an order spends it (and then counted as that order's revenue).
 */
export const walletTopUps: WalletProvider = {
  name: 'wallet',
  async metrics({ db, now }) {
    const windows = [
      { key: 'today', label: 'today', since: istMidnight(now) },
      { key: '7d', label: '7 days', since: new Date(istMidnight(now).getTime() - 6 * 86_400_000) },
      { key: '30d', label: '30 days', since: new Date(istMidnight(now).getTime() - 29 * 86_400_000) },
    ];
    const out: DashboardMetric[] = [];
    for (const w of windows) {
      const t = await topUpTotals(db, w.since.toISOString(), new Date(now.getTime() + 1).toISOString());
      out.push({ key: `wallet.topups.${w.key}`, label: `Wallet top-ups received (not revenue), ${w.label}`, value: t.paise, format: 'paise' });
    }
    return out;
  },
};
