import type { Executor } from '../../../db/database';
import type { Clock } from '../clock';
import { GatewayError, type GatewayPayment, type PaymentGateway } from './gateway';
import { claimUnsettled, type ReconcileWindow, type UnsettledTable } from './reconcile.repository';

export type { ReconcileWindow } from './reconcile.repository';

interface ReconcileDeps {
  db: Executor;
  clock: Clock;
  payments: PaymentGateway;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
}

/**
 * Which unsettled payments a reconciler asks the gateway about (decision 153): between `minAgeMinutes`
 * (2: the browser has given up) and 2 hours old (still payable), each leased for 3 minutes to one
 * instance, 25 at a time.
 */
export function reconcileWindow(deps: Pick<ReconcileDeps, 'clock'>, opts: { minAgeMinutes?: number; limit?: number } = {}): Omit<ReconcileWindow, 'gateway'> {
  const now = deps.clock.now();
  return {
    now: now.toISOString(),
    minAgeBefore: new Date(now.getTime() - (opts.minAgeMinutes ?? 2) * 60_000).toISOString(),
    recentSince: new Date(now.getTime() - 2 * 3_600_000).toISOString(),
    leaseUntil: new Date(now.getTime() + 3 * 60_000).toISOString(),
    limit: opts.limit ?? 25,
  };
}

const isSuccess = (gp: GatewayPayment) => gp.status === 'authorized' || gp.status === 'captured';

/**
 * A reconciler for gateway orders kept in their own table (subscription payments, wallet top-ups):
 * claims the unsettled ones, asks the gateway for each order's payments and settles them — successes
 * first, so a failed attempt listed beside the successful one never marks the payment failed — through
 * the same idempotent settlement verify and webhooks use. Returns how many settlements `counts` counted.
 * A gateway that cannot be reached is a warning: the lease runs out and the next tick asks again.
 */
export async function reconcileGatewayOrders<O>(
  deps: ReconcileDeps,
  table: UnsettledTable,
  settle: (gp: GatewayPayment) => Promise<O>,
  counts: (outcome: O) => boolean,
  opts: { minAgeMinutes?: number; limit?: number } = {},
): Promise<number> {
  if (deps.payments.mode === 'test') return 0; // test payments settle in the request that makes them
  const ids = await claimUnsettled(deps.db, table, { gateway: deps.payments.mode, ...reconcileWindow(deps, opts) });
  let counted = 0;
  for (const gatewayOrderId of ids) {
    try {
      const list = await deps.payments.fetchOrderPayments(gatewayOrderId);
      list.sort((x, y) => Number(isSuccess(y)) - Number(isSuccess(x)));
      for (const gp of list) if (counts(await settle(gp))) counted++;
    } catch (err) {
      deps.log[err instanceof GatewayError ? 'warn' : 'error']({ err, gatewayOrderId, table }, 'could not reconcile a payment with the gateway; it will try again');
    }
  }
  return counted;
}
