import type { AuthUser } from '../trpc/context';
import { AppError } from './errors';
import { moneyBackRefusal, type Permission } from '../../shared/rules/staff';

/**
 * Every door through which staff give a customer money back calls this, inside the transaction that
 * gives it (decision 204): a refusal throws (403) and the transaction leaves nothing done.
 * `totalBackPaise` is what the order has given back in all once this is done (or the credit itself).
 */
export function assertMayGiveMoneyBack(actor: AuthUser, permission: Permission, totalBackPaise: number): void {
  const refusal = moneyBackRefusal(actor.role, permission, totalBackPaise);
  if (refusal) throw new AppError('FORBIDDEN', refusal, { details: { totalBack: totalBackPaise } });
}
