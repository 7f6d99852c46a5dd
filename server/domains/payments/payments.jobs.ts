import type { Job } from '../../lib/jobs';
import { expireUnpaidOrders } from '../orders/orders.service';
import { processPendingRefunds, reconcileCharges } from './payments.service';

/**
 * Background work of orders and payments; every job is safe on several instances (SKIP LOCKED / leases /
 * conditional updates). `payments.reconcile` is the one reconciler of every kind of charge (decision 280).
 */
export const paymentJobs: Job[] = [
  { name: 'orders.expire-unpaid', cron: '* * * * *', everySeconds: 30, run: (deps) => expireUnpaidOrders(deps) },
  { name: 'payments.reconcile', cron: '* * * * *', run: (deps) => reconcileCharges(deps) },
  { name: 'payments.refunds', cron: '* * * * *', run: (deps) => processPendingRefunds(deps) },
];
