import type { Executor } from '../../../db/database';
import type { DetailSection } from '../../../shared/schemas/auth';
import { formatDate } from '../../../shared/rules/dates';
import * as repo from './rewards.repository';

/** The shape of an admin customer-detail section (admin's CustomerSectionProvider, matched structurally). */
interface PointsSection {
  name: string;
  section(ctx: { db: Executor; userId: string; now: Date }): Promise<DetailSection | null>;
}

/** "Reward points" on the admin customer detail: balance, earned and spent, the last change, linked to the rewards desk. */
export const customerPoints: PointsSection = {
  name: 'points',
  async section({ db, userId }) {
    const [balance, recent] = await Promise.all([repo.balanceOf(db, userId), repo.ledgerPage(db, userId, { page: 1, pageSize: 1 })]);
    const last = recent.rows[0];
    return {
      key: 'points',
      title: 'Reward points',
      rows: [
        { label: 'Balance', value: `${balance} points`, href: `/admin/user-rewards?user=${userId}` },
        {
          label: 'Last change',
          value: last
            ? `${last.amount > 0 ? '+' : ''}${last.amount} on ${formatDate(new Date(last.created_at).toISOString(), 'date')}`
            : 'None yet',
        },
        { label: 'Ledger rows', value: String(recent.totalCount) },
      ],
    };
  },
};
