import crypto from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { CustomerDelivery } from '../../../shared/schemas/stops';
import * as drepo from './orders.stops.repository';

/**
 * The delivery code (PRODUCT.md §17, decision 138): 4 digits derived with a server key (from the
 * token signing secret) from a random nonce kept with the stop, so the database holds no code — only
 * the nonce and the code's keyed hash, which is what a rider's entry is compared with. The customer's
 * own order page derives it again; no staff answer carries it.
 */

type Deps = Pick<AppDeps, 'db' | 'tokenKeys'>;

function codeKey(deps: Deps): Buffer {
  return crypto.createHmac('sha256', Buffer.from(deps.tokenKeys.secret)).update('hydro-shakes delivery code v1').digest();
}
export function codeFor(deps: Deps, orderId: string, nonce: string): string {
  const h = crypto.createHmac('sha256', codeKey(deps)).update(`${orderId}:${nonce}`).digest();
  return String(h.readUInt32BE(0) % 10_000).padStart(4, '0');
}
export function codeHash(deps: Deps, orderId: string, code: string): string {
  return crypto.createHmac('sha256', codeKey(deps)).update(`check:${orderId}:${code}`).digest('hex');
}
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The rider, the code and the window of the customer's own order on its way; null otherwise. */
export async function forCustomer(
  deps: Deps,
  order: { id: string; status: string; slot: { date: string; startTime: string; endTime: string } },
): Promise<CustomerDelivery | null> {
  if (order.status !== 'out_for_delivery') return null;
  const d = await drepo.customerDelivery(deps.db, order.id);
  if (!d?.code_nonce) return null;
  const mobile = d.rider_mobile?.replace(/[^\d+]/g, '');
  return {
    riderFirstName: d.rider_name ? firstName(d.rider_name) : null,
    riderCallUrl: mobile ? `tel:${mobile}` : null,
    code: codeFor(deps, order.id, d.code_nonce),
    window: { date: order.slot.date, startTime: order.slot.startTime, endTime: order.slot.endTime },
  };
}
