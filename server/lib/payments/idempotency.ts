import { AppError } from '../errors';
import { IDEMPOTENCY_KEY_RE } from '../../../shared/rules/order-rules';

/**
 * The key from the Idempotency-Key header, or from the body for tRPC callers; both given must
 * agree. The one reading of a charge's key: orders and subscription purchases alike (it lives
 * below the domains because payments depends on both of them).
 */
export function resolveIdempotencyKey(
  header: string | string[] | undefined,
  body: string | undefined,
  per: 'order' | 'purchase',
): string;
/** A rider's action (decision 297): the key is optional (a tap answered at once needs none), checked the same way. */
export function resolveIdempotencyKey(header: string | string[] | undefined, body: string | undefined, per: 'rider action'): string | undefined;
export function resolveIdempotencyKey(
  header: string | string[] | undefined,
  body: string | undefined,
  per: 'order' | 'purchase' | 'rider action',
): string | undefined {
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader !== undefined && !IDEMPOTENCY_KEY_RE.test(fromHeader)) {
    throw new AppError('BAD_REQUEST', 'The Idempotency-Key header must be 8–100 letters, digits or - _ . : (a UUID is ideal).');
  }
  if (fromHeader !== undefined && body !== undefined && fromHeader !== body) {
    throw new AppError('BAD_REQUEST', 'The Idempotency-Key header and idempotencyKey in the body differ. Send one key.');
  }
  const key = fromHeader ?? body;
  if (!key && per === 'rider action') return undefined;
  if (!key) {
    throw new AppError(
      'BAD_REQUEST',
      per === 'order'
        ? 'Send an Idempotency-Key header (a new UUID per order) so a retry never places the order twice.'
        : 'Send an Idempotency-Key header (a new UUID per purchase) so a retry never charges twice.',
    );
  }
  return key;
}
