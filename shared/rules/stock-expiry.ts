import { formatDay } from './dates';
import { formatQuantity } from './stock';

/**
 * The plan's line for stock that passes its best-before before it is used (decision 265):
 * "1.2 kg baby spinach passes its best-before on Tue, 8 Dec" ("passed" when that day is before today).
 * One sentence for the plan's screen and its PDF.
 */
export function expiryLine(name: string, unit: string, e: { bestBefore: string; qty: number }, today: string): string {
  const verb = e.bestBefore < today ? 'passed' : 'passes';
  return `${formatQuantity(e.qty, unit)} ${name.toLowerCase()} ${verb} its best-before on ${formatDay(e.bestBefore, 'weekdayDate')}`;
}
