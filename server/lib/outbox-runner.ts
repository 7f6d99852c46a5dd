import type { FastifyBaseLogger } from 'fastify';

/** What one delivery round of an outbox did (mail, SMS, WhatsApp: the same four outcomes). */
export interface DeliveryRound {
  sent: number;
  logged: number;
  retry: number;
  failed: number;
}

/** A message printed to the log because no provider is configured: kept, not sent (found in the outbox). */
export const loggedFields = (at: Date) => ({ status: 'logged' as const, sent_at: at.toISOString(), next_attempt_at: null });

/** A message the provider accepted, with the provider's id. */
export const sentFields = (at: Date, messageId: string | null) => ({
  status: 'sent' as const,
  sent_at: at.toISOString(),
  provider_message_id: messageId,
  next_attempt_at: null,
  last_error: null,
});

/**
 * After a failed attempt (`attempts` counts it): failed for good when the provider refused for good or
 * it was the last attempt, else due again after base, 2 × base, 4 × base, … — the one backoff of every outbox.
 */
export function failedAttempt(
  at: Date,
  attempts: number,
  err: { permanent: boolean; message: string },
  p: { maxAttempts: number; baseMs: number },
) {
  const giveUp = err.permanent || attempts >= p.maxAttempts;
  const retryAt = new Date(at.getTime() + p.baseMs * 2 ** Math.max(0, attempts - 1)).toISOString();
  const status: 'failed' | 'pending' = giveUp ? 'failed' : 'pending';
  return {
    giveUp,
    fields: { status, last_error: err.message.slice(0, 500), next_attempt_at: giveUp ? null : retryAt },
  };
}

interface Runner {
  running: Promise<void> | null;
  again: boolean;
}

/**
 * The one way an outbox is worked (mail, SMS, WhatsApp): `kick` delivers now, after the caller's
 * commit (request handlers do not await it); rounds for one app never overlap — a kick during a
 * round schedules one more, and a full round (`batch` messages) may have left more behind. The
 * background rounds (retries, anything a crash left behind) are jobs of the job engine
 * (server/lib/outbox.jobs.ts), which call `kick` too.
 */
export function outboxRunner<D extends { log: FastifyBaseLogger }>(
  name: string,
  deliverRound: (deps: D) => Promise<DeliveryRound>,
  batch = 20,
) {
  const runners = new WeakMap<object, Runner>();

  function kick(deps: D): Promise<void> {
    let r = runners.get(deps);
    if (!r) runners.set(deps, (r = { running: null, again: false }));
    const runner = r;
    if (runner.running) {
      runner.again = true;
      return runner.running;
    }
    runner.running = (async () => {
      try {
        do {
          runner.again = false;
          const round = await deliverRound(deps);
          if (round.sent + round.logged + round.retry + round.failed >= batch) runner.again = true;
        } while (runner.again);
      } catch (e) {
        deps.log.warn({ err: e }, `${name} outbox round failed`);
      } finally {
        runner.running = null;
      }
    })();
    return runner.running;
  }

  return { kick };
}
