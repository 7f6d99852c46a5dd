import crypto from 'node:crypto';

/**
 * Razorpay's two signatures. The SDK's own helpers compare with `===`, which
 * leaks timing; these compare in constant time after a length check (a
 * different length is already a mismatch, and timingSafeEqual would throw).
 */
export function hmacHex(secret: string, data: string | Buffer): string {
  return crypto.createHmac('sha256', secret).update(data).digest('hex');
}

export function safeEqual(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  if (a.length !== b.length) return false;
  return crypto.timingSafeEqual(a, b);
}

/** Checkout's handler signature: HMAC-SHA256(`order_id|payment_id`, key_secret), hex. */
export function paymentSignature(gatewayOrderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${gatewayOrderId}|${paymentId}`);
}

export function isValidPaymentSignature(p: { gatewayOrderId: string; paymentId: string; signature: unknown; keySecret: string }): boolean {
  return safeEqual(paymentSignature(p.gatewayOrderId, p.paymentId, p.keySecret), p.signature);
}

/** Webhook signature: HMAC-SHA256 of the exact raw body with the webhook secret, hex (X-Razorpay-Signature). */
export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

export function isValidWebhookSignature(rawBody: Buffer, signature: unknown, webhookSecret: string): boolean {
  return safeEqual(webhookSignature(rawBody, webhookSecret), signature);
}
