import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database';
import type { Config } from '../config';
import type { Clock } from './clock';
import { BrevoError, sendWithBrevo } from './mail-brevo';
import * as repo from './mail.repository';
import { claimDue } from './outbox.repository';
import { failedAttempt, loggedFields, outboxRunner, sentFields, type DeliveryRound } from './outbox-runner';

export interface MailMessage {
  /** null: the account has no e-mail address (started from a mobile number); nothing is sent. */
  to: string | null;
  toName?: string | null;
  subject: string;
  html: string;
  text: string;
  /** A short name of the kind of mail (password-reset, order-confirmed, …). */
  template: string;
}

/**
 * Mail is never sent inside a transaction: it is written to the outbox with the
 * business change (pass the transaction) and delivered after commit by the
 * outbox worker (Brevo when configured, else logged).
 */
export async function enqueueMail(db: Executor, msg: MailMessage): Promise<number | null> {
  // An account started from a mobile number has no e-mail until the customer adds one (decision 170).
  if (!msg.to) return null;
  return repo.insertMail(db, msg);
}

/**
 * A stand-in for a value the database assigns in the statement that also writes the
 * mail (an order's number). Random per call, so nothing a customer typed — a name, an
 * address line — can contain it; letters and digits only, so escaping leaves it intact.
 */
export function mailPlaceholder(): string {
  // randomUUID draws from a pre-filled buffer: cheaper than randomBytes on the order hot path.
  return `mailvalue${crypto.randomUUID().replaceAll('-', '')}`;
}

export interface MailDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  clock: Clock;
}

export const MAX_ATTEMPTS = 5;
/** A claimed message is invisible to other workers for this long (a crashed worker's claim expires). */
const CLAIM_SECONDS = 120;

/**
 * One delivery round: claim due messages (SKIP LOCKED, so several instances
 * never send the same one), send them outside any transaction, record the outcome.
 * Without BREVO_API_KEY a message is printed to the log and marked 'logged', so
 * a reset link is reachable on a fresh machine.
 */
export async function deliverPending(deps: MailDeps, limit = 20): Promise<DeliveryRound> {
  const now = deps.clock.now();
  const claimUntil = new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString();
  const due = await claimDue(deps.db, 'mail_outbox', { now: now.toISOString(), claimUntil, limit });

  const round: DeliveryRound = { sent: 0, logged: 0, retry: 0, failed: 0 };
  for (const m of due.sort((a, b) => a.id - b.id)) {
    const msg: MailMessage = { to: m.to_email, toName: m.to_name, subject: m.subject, html: m.html, text: m.text, template: m.template };
    if (!deps.config.BREVO_API_KEY) {
      // The links on their own field: on a fresh machine this is how a reset link is found.
      const links = m.text.match(/https?:\/\/\S+/g) ?? [];
      deps.log.info(
        { mailId: m.id, to: m.to_email, subject: m.subject, template: m.template, links, text: m.text },
        'mail not sent (BREVO_API_KEY is not set); kept in the outbox',
      );
      await repo.markMail(deps.db, m.id, loggedFields(deps.clock.now()));
      round.logged++;
      continue;
    }
    try {
      const { messageId } = await sendWithBrevo(deps.config, msg);
      await repo.markMail(deps.db, m.id, sentFields(deps.clock.now(), messageId));
      round.sent++;
    } catch (e) {
      const err = e instanceof BrevoError ? e : new BrevoError(String(e), null, false);
      // 1 min, 2 min, 4 min, 8 min between attempts.
      const { giveUp, fields } = failedAttempt(deps.clock.now(), m.attempts, err, { maxAttempts: MAX_ATTEMPTS, baseMs: 60_000 });
      await repo.markMail(deps.db, m.id, fields);
      deps.log.warn(
        { mailId: m.id, template: m.template, attempts: m.attempts, err: err.message },
        giveUp ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
      );
      if (giveUp) round.failed++;
      else round.retry++;
    }
  }
  return round;
}

const outbox = outboxRunner('mail', (deps: MailDeps) => deliverPending(deps));

/** Deliver now, after the caller's commit (not awaited by request handlers); rounds never overlap (server/lib/outbox-runner.ts). */
export const kickMail = outbox.kick;
