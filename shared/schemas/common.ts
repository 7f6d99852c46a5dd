import { z } from 'zod';

/** Integer paise; every amount in the shop is one of these. */
export const Paise = z.number().int().min(0).max(100_000_000);
export const Uuid = z.uuid({ message: 'Must be a valid id' });
/** Calendar date in Asia/Kolkata, YYYY-MM-DD. */
export const IsoDate = z.iso.date({ message: 'Use a date like 2026-01-31' });
export const IsoDateTime = z.string();

export const PageInput = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100').default(10),
});

export const OkSchema = z.object({ ok: z.literal(true) });

/** A payment gateway's id (Razorpay's order_… or pay_…, or the test gateway's). */
const gatewayId = (label: string) => z.string().min(1, `${label} is required`).max(64, `${label} is at most 64 characters`);

/** What Razorpay Checkout hands the browser on success, for a charge we made by its gateway order (a subscription period, a wallet top-up). */
export const CheckoutSuccessInput = z.object({
  razorpay_order_id: gatewayId('razorpay_order_id'),
  razorpay_payment_id: gatewayId('razorpay_payment_id'),
  razorpay_signature: z.string().min(1, 'razorpay_signature is required').max(256, 'razorpay_signature is at most 256 characters'),
});
export type CheckoutSuccess = z.infer<typeof CheckoutSuccessInput>;

/** Test payment mode: the customer's choice of success or failure for the payment of a gateway order. */
export const TestCompleteGatewayOrderInput = z.object({
  gatewayOrderId: gatewayId('gatewayOrderId'),
  outcome: z.enum(['success', 'failure'], { message: "outcome is 'success' or 'failure'" }),
});
export type TestCompleteGatewayOrder = z.infer<typeof TestCompleteGatewayOrderInput>;

/**
 * Text the database can store. PostgreSQL refuses a NUL byte in `text` and `\u0000` or an unpaired
 * UTF-16 surrogate in `jsonb`, so such a string used to end as a 500. This is the one rule: every
 * procedure's raw input (body, query and path alike, server/trpc/procedures.ts), the headers the shop
 * reads and the file routes' parameters are checked with it before anything else reads them.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'Contains a NUL character or broken Unicode (an unpaired surrogate); remove it';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** The path of the first string (or object key) in `value` the database cannot store, or null. */
export function unstorableTextAt(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  const at = unstorableBelow(value, depth);
  return at && [...path, ...at.reverse()];
}

/**
 * The path below `value` to its first unstorable text, last step first, or null. The path is built
 * only when there is one: every request's headers and input pass here, and a path per key was an
 * array per header on every request (decision 318).
 */
function unstorableBelow(value: unknown, depth: number): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : [];
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = unstorableBelow(value[i], depth + 1);
      if (at) return at.concat(i);
    }
    return null;
  }
  // Buffers and Dates carry no client text (a parsed query string may be an object without Object's prototype).
  if (ArrayBuffer.isView(value) || value instanceof Date) return null;
  for (const k of Object.keys(value)) {
    if (!isStorableText(k)) return [k];
    const at = unstorableBelow((value as Record<string, unknown>)[k], depth + 1);
    if (at) return at.concat(k);
  }
  return null;
}
