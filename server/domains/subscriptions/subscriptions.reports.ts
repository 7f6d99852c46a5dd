import type { AppDeps } from '../../deps';
import type { Executor } from '../../../db/database';
import * as repo from './subscriptions.reports.repository';

/** The subscriptions domain's sales figures for the admin dashboard and customer detail (called by admin). */
type Deps = Pick<AppDeps, 'db'>;

export function subscriptionSalesByDay(deps: Deps, fromIso: string, toIso: string) {
  return repo.subscriptionSalesByDay(deps.db, fromIso, toIso);
}

/** What a customer paid for plans, net of refunds (paise). */
export function customerSubscriptionSpend(db: Executor, userId: string): Promise<number> {
  return repo.customerSubscriptionSpend(db, userId);
}

/** Why plans were cancelled in the range (the owner's retention view). */
export function cancelReasons(deps: Deps, fromIso: string, toIso: string) {
  return repo.cancelReasons(deps.db, fromIso, toIso);
}
