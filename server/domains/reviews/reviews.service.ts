import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import * as catalogue from '../catalogue/catalogue.service';
import { readVisibleOrder } from '../orders/orders.service';
import { recordAudit } from '../audit/audit.service';
import type {
  CreateReviewInput,
  HideReviewInput,
  OrderReviewables,
  RatingSummary,
  Review,
  ShakeReviews,
  Testimonial,
} from '../../../shared/schemas/reviews';
import * as repo from './reviews.repository';
import { withTransactionRetry } from '../../lib/transaction-retry';

type Deps = Pick<AppDeps, 'db' | 'cache'>;

/** Ratings are read on every card: cached, and dropped (on every instance) when a review is written or hidden. */
export const REVIEWS_CACHE = 'reviews:';
const SHAKE_PAGE_REVIEWS = 20;

/** "Asha Rao" → "Asha R."; a single name stays; no name reads "A verified buyer". */
export function displayName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return 'A verified buyer';
  const first = parts[0]!.slice(0, 40);
  return parts.length > 1 ? `${first} ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.` : first;
}

function toReview(r: repo.ReviewRow): Review {
  return {
    id: r.id,
    shakeId: r.shake_id,
    rating: r.rating,
    body: r.body,
    author: r.author_name,
    createdAt: r.created_at,
    hidden: r.hidden,
  };
}

/** GET /api/reviews/ratings: every shake's average and count (shakes without reviews are absent). */
export function ratings(deps: Deps): Promise<RatingSummary[]> {
  return deps.cache.get(`${REVIEWS_CACHE}ratings`, async () =>
    (await repo.summaries(deps.db)).map((s) => ({ shakeId: s.shake_id, average: Number(s.average), count: Number(s.count) })),
  );
}

async function summaryOf(deps: Deps, shakeId: string): Promise<RatingSummary> {
  return (await ratings(deps)).find((s) => s.shakeId === shakeId) ?? { shakeId, average: null, count: 0 };
}

/** GET /api/shakes/{id}/reviews — the newest visible reviews and the shake's average. */
export async function forShake(deps: Deps, idOrSlug: string): Promise<ShakeReviews> {
  const shake = await catalogue.getShake(deps, idOrSlug);
  const rows = await deps.cache.get(`${REVIEWS_CACHE}shake:${shake.id}`, () =>
    repo.listForShake(deps.db, shake.id, { withHidden: false, limit: SHAKE_PAGE_REVIEWS }),
  );
  return { summary: await summaryOf(deps, shake.id), reviews: rows.map(toReview) };
}

/** GET /api/admin/reviews?shake= — the same list with hidden reviews too (to show them again); never cached. */
export async function forShakeAdmin(deps: Deps, idOrSlug: string): Promise<ShakeReviews> {
  const shake = await catalogue.getShake(deps, idOrSlug);
  const rows = await repo.listForShake(deps.db, shake.id, { withHidden: true, limit: SHAKE_PAGE_REVIEWS });
  return { summary: await summaryOf(deps, shake.id), reviews: rows.map(toReview) };
}

/** GET /api/reviews/latest — home page testimonials. */
export function latest(deps: Deps): Promise<Testimonial[]> {
  return deps.cache.get(`${REVIEWS_CACHE}latest`, async () => {
    const [rows, shakes] = await Promise.all([repo.recentWithWords(deps.db, 12), catalogue.listSignatureShakes(deps)]);
    const byId = new Map(shakes.map((s) => [s.id, s]));
    return rows
      .flatMap((r) => {
        const s = byId.get(r.shake_id);
        if (!s) return [];
        const { hidden: _hidden, ...rest } = toReview(r);
        return [{ ...rest, shakeName: s.name, shakeSlug: s.slug }];
      })
      .slice(0, 3);
  });
}

/** The customer's own delivered order: anyone else (admins included) gets the order's usual 404. */
async function ownOrder(deps: Deps, user: AuthUser, orderId: string) {
  const order = await readVisibleOrder(deps, user, orderId);
  if (order.user_id !== user.id) throw notFound('That order');
  return order;
}

/** GET /api/orders/{id}/reviews — the order's signature shakes and this customer's review of each. */
export async function forOrder(deps: Deps, user: AuthUser, orderId: string): Promise<OrderReviewables> {
  const order = await ownOrder(deps, user, orderId);
  const shakes = await catalogue.listSignatureShakes(deps);
  const byId = new Map(shakes.map((s) => [s.id, s]));
  const ids = [...new Set(order.lines.filter((l) => l.item_type === 'signature').map((l) => l.item_id))].filter((id) => byId.has(id));
  const mine = new Map((await repo.byUser(deps.db, user.id, ids)).map((r) => [r.shake_id, r]));
  return {
    orderId: order.id,
    delivered: order.status === 'delivered',
    items: ids.map((id) => {
      const s = byId.get(id)!;
      const r = mine.get(id);
      return { shakeId: id, slug: s.slug, name: s.name, image: s.image, review: r ? toReview(r) : null };
    }),
  };
}

/** POST /api/user/reviews — a verified buyer rates a shake from a delivered order, once. */
export async function create(deps: Deps, user: AuthUser, input: CreateReviewInput): Promise<Review> {
  const order = await ownOrder(deps, user, input.orderId);
  if (!order.lines.some((l) => l.item_type === 'signature' && l.item_id === input.shakeId))
    throw new AppError('BAD_REQUEST', 'That shake is not in this order.');
  if (order.status !== 'delivered')
    throw new AppError('FORBIDDEN', 'You can review a shake once the order that brought it has been delivered.');
  const row = await repo.insert(deps.db, {
    shake_id: input.shakeId,
    user_id: user.id,
    order_id: order.id,
    author_name: displayName(user.name),
    rating: input.rating,
    body: input.body,
  });
  if (!row) throw new AppError('CONFLICT', 'You have already reviewed this shake. Thank you!');
  await deps.cache.invalidate(REVIEWS_CACHE);
  return toReview(row);
}

/** POST /api/admin/reviews/{id}/hide — hide (or show again) a review; written to the audit log with it. */
export async function setHidden(deps: Deps, admin: AuthUser, input: HideReviewInput): Promise<Review> {
  const row = await withTransactionRetry(deps, async (trx) => {
    const before = await repo.lockById(trx, input.id);
    if (!before) throw notFound('That review');
    if (before.hidden === input.hidden) return before;
    const after = await repo.setHidden(trx, input.id, input.hidden);
    await recordAudit(trx, admin, {
      action: input.hidden ? 'review.hide' : 'review.show',
      entity: 'review',
      entityId: input.id,
      before: { hidden: before.hidden, rating: before.rating, shakeId: before.shake_id },
      after: { hidden: after.hidden },
    });
    return after;
  });
  await deps.cache.invalidate(REVIEWS_CACHE);
  return toReview(row);
}
