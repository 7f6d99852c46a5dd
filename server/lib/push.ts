import type { RequestDetails } from 'web-push';
import type { Db } from '../../db/database';
import type { MailDeps } from './mail';
import { resolveVapidKeys, type VapidKeys } from './secrets';
import * as repo from './push.repository';
import { claimDue } from './outbox.repository';
import { failedAttempt, outboxRunner, sentFields, type DeliveryRound } from './outbox-runner';

/**
 * Web push (PRODUCT.md §22, decision 270): a message told to a person with subscribed browsers has one
 * push_outbox delivery per subscription, written with the message and sent after commit like the other
 * channels. The `web-push` library signs (VAPID, RFC 8292) and encrypts (aes128gcm, RFC 8291) the
 * request; the request itself goes through fetch with a time limit. A push service answering 404 or 410
 * says the subscription is gone for good: it is removed and the delivery fails.
 */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export class PushError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** 404/410: the subscription no longer exists at the push service. */
    readonly gone = false,
  ) {
    super(message);
  }
}

/** One push message to one subscription; the push service's message id (its Location) when it gives one. */
export async function sendPush(target: PushTarget, payload: unknown, vapid: VapidKeys, timeoutMs = 10_000): Promise<{ messageId: string | null }> {
  // Loaded with the first push sent: the idle server does not carry web-push and its crypto helpers.
  const { default: webpush } = await import('web-push');
  let req: RequestDetails;
  try {
    req = webpush.generateRequestDetails(target, JSON.stringify(payload), {
      vapidDetails: vapid,
      // A day: an order update older than that is news to nobody.
      TTL: 86_400,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
  } catch (e) {
    // Keys the browser gave that cannot be encrypted for: that subscription can never work.
    throw new PushError(`The subscription cannot be encrypted for: ${(e as Error).message}`, true, true);
  }
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k.toLowerCase() !== 'content-length')) as Record<string, string>;
  let res: Response;
  try {
    res = await fetch(req.endpoint, { method: req.method, headers, body: new Uint8Array(req.body as Buffer), signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    throw new PushError(`The push service could not be reached: ${(e as Error).message}`, false);
  }
  if (res.ok) {
    await res.arrayBuffer().catch(() => undefined);
    return { messageId: res.headers.get('location') };
  }
  const text = (await res.text().catch(() => '')).slice(0, 200);
  if (res.status === 404 || res.status === 410) throw new PushError(`The subscription has expired (${res.status})`, true, true);
  // 429 and 5xx pass; any other refusal is about this message and will not change.
  const permanent = res.status !== 429 && res.status < 500;
  throw new PushError(`The push service answered ${res.status}${text ? `: ${text}` : ''}`, permanent);
}

export const PUSH_MAX_ATTEMPTS = 5;
const CLAIM_SECONDS = 120;

/** One delivery round: claim due deliveries (SKIP LOCKED), send them outside any transaction, record the outcome. */
export async function deliverPendingPush(deps: MailDeps & { db: Db }, limit = 20): Promise<DeliveryRound> {
  const now = deps.clock.now();
  const due = await claimDue(deps.db, 'push_outbox', {
    now: now.toISOString(),
    claimUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString(),
    limit,
  });
  const round: DeliveryRound = { sent: 0, logged: 0, retry: 0, failed: 0 };
  if (due.length === 0) return round;
  const vapid = await resolveVapidKeys(deps.db, deps.config);
  const subs = new Map(
    (await repo.subscriptionsByIds(deps.db, [...new Set(due.flatMap((d) => (d.subscription_id === null ? [] : [d.subscription_id])))])).map((s) => [s.id, s]),
  );
  for (const m of due.sort((a, b) => a.id - b.id)) {
    const sub = m.subscription_id === null ? undefined : subs.get(m.subscription_id);
    if (!sub) {
      await repo.markPush(deps.db, m.id, { status: 'failed', last_error: 'The device turned notifications off', next_attempt_at: null });
      round.failed++;
      continue;
    }
    try {
      const { messageId } = await sendPush({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, m.payload, vapid);
      await repo.markPush(deps.db, m.id, sentFields(deps.clock.now(), messageId));
      round.sent++;
    } catch (e) {
      const err = e instanceof PushError ? e : new PushError(String(e), false);
      const { giveUp, fields } = failedAttempt(deps.clock.now(), m.attempts, err, { maxAttempts: PUSH_MAX_ATTEMPTS, baseMs: 30_000 });
      await repo.markPush(deps.db, m.id, fields);
      if (err.gone) await repo.removeSubscription(deps.db, sub.id);
      deps.log.warn({ pushId: m.id, attempts: m.attempts, err: err.message }, giveUp ? 'push failed for good' : 'push failed; will retry');
      if (giveUp) round.failed++;
      else round.retry++;
    }
  }
  return round;
}

const outbox = outboxRunner('push', (deps: MailDeps) => deliverPendingPush(deps));

/** Deliver now, after the caller's commit (not awaited by request handlers); rounds never overlap (server/lib/outbox-runner.ts). */
export const kickPush = outbox.kick;
