import crypto from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { encodeImage } from '../../lib/images';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { DELIVERY_PHOTO } from '../../../shared/schemas/stops';
import type { Order } from '../../../shared/schemas/orders';
import * as drepo from './orders.stops.repository';
import * as orders from './orders.repository';

/**
 * Proof of delivery (PRODUCT.md §22, decision 296): the rider's photo at the door, through the shop's
 * one image pipeline (bytes sniffed, re-encoded as WebP, at most 1280 px), kept with the order. It is
 * the customer's: shown through a link signed for the order and the photo (an hour or two), which the
 * order page and the owner's desk receive with the order — an <img> needs no bearer token.
 */

type Deps = AppDeps;

function signKey(deps: Deps): Buffer {
  return crypto.createHmac('sha256', Buffer.from(deps.tokenKeys.secret)).update('hydro-shakes delivery photo v1').digest();
}
const sign = (deps: Deps, orderId: string, hash: string, exp: number) =>
  crypto.createHmac('sha256', signKey(deps)).update(`${orderId}:${hash}:${exp}`).digest('base64url').slice(0, 32);

/** The photo's link: valid to the end of the next hour (a steady URL within the hour, so the browser caches it). */
function photoUrl(deps: Deps, orderId: string, hash: string): string {
  const hour = 3600;
  const exp = (Math.floor(deps.clock.now().getTime() / 1000 / hour) + 2) * hour;
  return `/api/orders/${orderId}/delivery-photo.webp?exp=${exp}&sig=${sign(deps, orderId, hash, exp)}`;
}

/** POST /api/rider/orders/{id}/photo: the assigned rider's stop, out for delivery or delivered by them. */
export async function uploadPhoto(deps: Deps, rider: AuthUser, orderId: string, body: Buffer): Promise<{ photo: NonNullable<Order['deliveryPhoto']> }> {
  const check = async (db: Parameters<typeof drepo.lockDelivery>[0], lock: boolean) => {
    let st: { number: string; status: string; rider_id: string | null; delivered_by: string | null } | undefined;
    if (lock) {
      const row = await orders.lockOrder(db, orderId);
      const d = row && (await drepo.lockDelivery(db, orderId));
      st = row && d ? { number: row.number, status: row.status, rider_id: d.rider_id, delivered_by: d.delivered_by } : undefined;
    } else st = await drepo.stopState(db, orderId);
    if (!st || st.rider_id !== rider.id) throw notFound('That stop');
    const mine = st.status === 'out_for_delivery' || (st.status === 'delivered' && st.delivered_by === rider.id);
    if (!mine) throw new AppError('INVALID_STATE', `Order ${st.number} is not out for delivery with you: a photo is taken at the door.`);
  };
  // Cheap checks before the picture is decoded; again under the order's lock before it is kept.
  await check(deps.db, false);
  const out = await encodeImage(body, { ...DELIVERY_PHOTO, height: DELIVERY_PHOTO.width, fit: 'inside', quality: 72 });
  const hash = crypto.createHash('sha256').update(out.data).digest('hex').slice(0, 40);
  const now = deps.clock.now().toISOString();
  await withTransactionRetry(deps, async (trx) => {
    await check(trx, true);
    await drepo.savePhoto(trx, { orderId, hash, bytes: out.data, width: out.info.width, height: out.info.height, by: rider.id, now });
  });
  return { photo: { url: photoUrl(deps, orderId, hash), width: out.info.width, height: out.info.height, takenAt: now } };
}

/** The order's photo for its page (the owner's or staff's answer), or null. */
export async function photoOf(deps: Deps, orderId: string): Promise<Order['deliveryPhoto']> {
  const m = await drepo.photoMeta(deps.db, orderId);
  if (!m) return null;
  return { url: photoUrl(deps, orderId, m.hash), width: m.width, height: m.height, takenAt: new Date(m.taken_at).toISOString() };
}

/** GET /api/orders/{id}/delivery-photo.webp?exp=&sig=: the bytes for a link this server signed that has not expired; else 404. */
export async function photoFile(deps: Deps, orderId: string, exp: string, sig: string): Promise<Buffer | null> {
  const e = Number(exp);
  if (!Number.isInteger(e) || e * 1000 < deps.clock.now().getTime() || !/^[\w-]{32}$/.test(sig)) return null;
  const row = await drepo.photoBytes(deps.db, orderId);
  if (!row) return null;
  const want = Buffer.from(sign(deps, orderId, row.hash, e));
  const got = Buffer.from(sig);
  return want.length === got.length && crypto.timingSafeEqual(want, got) ? Buffer.from(row.bytes) : null;
}
