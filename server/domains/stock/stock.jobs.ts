import type { Job } from '../../lib/jobs';
import { sendLowStockAlerts } from './stock.service';

/** The low-stock e-mail: checked every minute, sent once per ingredient and day (the claim is in SQL). */
export const stockJobs: Job[] = [{ name: 'stock-low-alerts', intervalMs: 60_000, run: sendLowStockAlerts }];
