import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, UrlRefused, type Resolver, type UrlPolicy } from './webhooks.url-guard';

/**
 * Signing and sending one webhook request. The scheme (docs/webhooks.md):
 *   Hydro-Webhook-Id:        the event id (the same on every attempt and on "send again": de-duplicate on it)
 *   Hydro-Webhook-Event:     the event type, e.g. order.paid
 *   Hydro-Webhook-Timestamp: Unix seconds when this attempt was signed
 *   Hydro-Webhook-Signature: v1=<hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the endpoint's secret>
 */
export const HEADER_ID = 'hydro-webhook-id';
export const HEADER_EVENT = 'hydro-webhook-event';
export const HEADER_TIMESTAMP = 'hydro-webhook-timestamp';
export const HEADER_SIGNATURE = 'hydro-webhook-signature';

export function signatureOf(secret: string, timestamp: number | string, rawBody: string | Buffer): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** How the receiving side checks a request (used by the tests' receiver, and the shape integrators copy). */
export function verifySignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string | Buffer,
  opts: { now?: Date; toleranceSeconds?: number } = {},
): boolean {
  const ts = String(headers[HEADER_TIMESTAMP] ?? '');
  const sig = String(headers[HEADER_SIGNATURE] ?? '');
  if (!/^\d+$/.test(ts)) return false;
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(ts)) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signatureOf(secret, ts, rawBody), 'hex');
  return sig.split(/[ ,]+/).some((part) => {
    const m = /^v1=([0-9a-f]{64})$/.exec(part);
    if (!m) return false;
    const given = Buffer.from(m[1]!, 'hex');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

export function newSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}

export interface SendLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

export type SendResult =
  | { ok: true; status: number }
  | {
      ok: false;
      status: number | null;
      error: string;
      /** the URL itself is refused: retrying will not help until it changes */ refused?: boolean;
    };

export interface OutgoingWebhook {
  url: string;
  secret: string;
  eventId: string;
  eventType: string;
  body: string;
  now: Date;
}

/**
 * POSTs the body to the endpoint: checks the URL (and every address its host resolves to) first,
 * then connects to the checked address, follows no redirect, stops after `timeoutMs` and reads
 * at most `maxResponseBytes` of the answer. Never throws.
 */
export async function sendWebhook(w: OutgoingWebhook, policy: UrlPolicy, limits: SendLimits, resolve?: Resolver): Promise<SendResult> {
  let target;
  try {
    target = await checkWebhookUrl(w.url, policy, resolve);
  } catch (e) {
    if (e instanceof UrlRefused) return { ok: false, status: null, error: e.message, refused: true };
    return { ok: false, status: null, error: 'The URL could not be checked' };
  }
  const ts = Math.floor(w.now.getTime() / 1000);
  const body = Buffer.from(w.body);
  // The connection goes to the address just checked, whatever a second look-up would say.
  const lookup: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all)
      (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolveResult) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolveResult(r);
    };
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'HydroShakes-Webhooks/1',
          [HEADER_ID]: w.eventId,
          [HEADER_EVENT]: w.eventType,
          [HEADER_TIMESTAMP]: String(ts),
          [HEADER_SIGNATURE]: `v1=${signatureOf(w.secret, ts, body)}`,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let size = 0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > limits.maxResponseBytes) {
            req.destroy();
            done(
              status >= 200 && status < 300
                ? { ok: true, status }
                : { ok: false, status, error: `HTTP ${status}; answer larger than ${limits.maxResponseBytes} bytes` },
            );
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => {
          if (status >= 200 && status < 300) return done({ ok: true, status });
          if (status >= 300 && status < 400)
            return done({
              ok: false,
              status,
              error: `HTTP ${status}: redirect to ${String(res.headers.location ?? '?').slice(0, 200)} not followed`,
            });
          const excerpt = Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 200);
          done({ ok: false, status, error: `HTTP ${status}${excerpt ? `: ${excerpt}` : ''}` });
        });
        res.on('error', (e) => done({ ok: false, status, error: `Answer broken off: ${e.message}` }));
      },
    );
    const timer = setTimeout(() => {
      done({ ok: false, status: null, error: `No answer within ${Math.round(limits.timeoutMs / 100) / 10} s` });
      req.destroy();
    }, limits.timeoutMs);
    req.on('error', (e) =>
      done({ ok: false, status: null, error: `Could not connect: ${(e as NodeJS.ErrnoException).code ?? e.message}` }),
    );
    req.end(body);
  });
}
