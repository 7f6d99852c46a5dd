import type { AppDeps } from '../../deps';

/**
 * Active subscribers for the dashboard. The subscriptions domain is being built in parallel and will
 * provide `countActiveSubscribers(deps)` in its service; until it is merged there are no
 * subscriptions in this database, so the true count is 0. When it lands, replace the body with a
 * call to that function (one line) — nothing else on the dashboard changes.
 */
export async function countActiveSubscribers(_deps: Pick<AppDeps, 'db'>): Promise<number> {
  return 0;
}
