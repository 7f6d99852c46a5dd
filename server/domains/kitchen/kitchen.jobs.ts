import type { Job } from '../../lib/jobs';
import { sendStockAlerts } from './kitchen.service';

/**
 * The low-stock e-mails (decision 160, extended by 182): checked every minute — under par, and
 * tomorrow's forecast needing more than is free — each sent once per ingredient and day (the claim is
 * in SQL). Registered here, not in the stock domain, because the forecast comes through the kitchen.
 */
export const kitchenJobs: Job[] = [{ name: 'stock-low-alerts', cron: '* * * * *', run: sendStockAlerts }];
