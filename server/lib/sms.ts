import type { Db, Executor } from '../../db/database';
import type { Config } from '../config';
import type { MailDeps } from './mail';
import { Msg91Gateway } from './sms-msg91';
import * as repo from './sms.repository';
import { claimDue } from './outbox.repository';
import { failedAttempt, loggedFields, outboxRunner, sentFields, type DeliveryRound } from './outbox-runner';

/**
 * Text messages (sign-in codes; order updates when WhatsApp is not possible). Like e-mail, an SMS is
 * written to the outbox with the business change and sent after commit; without MSG91 keys it is
 * printed to the log and kept in the outbox, so a code is reachable on a fresh machine (decision 171).
 */
export interface SmsMessage {
  /** +91XXXXXXXXXX */
  to: string;
  /** The shop's name for the kind of message: 'otp', … Each has a DLT-registered template at MSG91. */
  template: SmsTemplate;
  /** The template's variables, by the names the MSG91 template uses. */
  variables: Record<string, string>;
  /** The same message as plain text: the log, the outbox, and what the DLT template says. */
  text: string;
  /** The inbox message this SMS delivers (a WhatsApp message's fallback); none for sign-in codes. */
  messageId?: number | null;
}

/** 'order_update': an order message WhatsApp could not deliver (decision 173); variable `message`. */
export type SmsTemplate = 'otp' | 'order_update';

export class SmsError extends Error {
  constructor(
    message: string,
    /** The message itself is refused (bad number, unknown template): retrying will not help. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** What every SMS provider does for the shop; MSG91 is the one we have (sms-msg91.ts). */
export interface SmsGateway {
  send(msg: SmsMessage): Promise<{ messageId: string | null }>;
}

const gateways = new WeakMap<Config, SmsGateway | null>();
/** MSG91 when MSG91_AUTH_KEY is set, else none (the outbox and the log). */
export function smsGateway(config: Config): SmsGateway | null {
  if (!gateways.has(config)) gateways.set(config, config.MSG91_AUTH_KEY ? new Msg91Gateway(config) : null);
  return gateways.get(config) ?? null;
}

export async function enqueueSms(db: Executor, msg: SmsMessage): Promise<number> {
  return repo.insertSms(db, msg);
}

export const SMS_MAX_ATTEMPTS = 5;
const CLAIM_SECONDS = 120;

/** One delivery round: claim due messages (SKIP LOCKED), send them outside any transaction, record the outcome. */
export async function deliverPendingSms(deps: MailDeps & { db: Db }, limit = 20): Promise<DeliveryRound> {
  const now = deps.clock.now();
  const due = await claimDue(deps.db, 'sms_outbox', {
    now: now.toISOString(),
    claimUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString(),
    limit,
  });
  const gateway = smsGateway(deps.config);
  const round: DeliveryRound = { sent: 0, logged: 0, retry: 0, failed: 0 };
  for (const m of due.sort((a, b) => a.id - b.id)) {
    if (!gateway) {
      deps.log.info(
        { smsId: m.id, to: m.to_mobile, template: m.template, text: m.text },
        'sms not sent (MSG91_AUTH_KEY is not set); kept in the outbox',
      );
      await repo.markSms(deps.db, m.id, loggedFields(deps.clock.now()));
      round.logged++;
      continue;
    }
    try {
      const { messageId } = await gateway.send({
        to: m.to_mobile,
        template: m.template as SmsTemplate,
        variables: m.variables,
        text: m.text,
      });
      // Once the provider has it, the outbox keeps no sign-in code in clear.
      await repo.markSms(deps.db, m.id, {
        ...sentFields(deps.clock.now(), messageId),
        ...(m.template === 'otp' ? { variables: {}, text: '(sign-in code sent)' } : {}),
      });
      round.sent++;
    } catch (e) {
      const err = e instanceof SmsError ? e : new SmsError(String(e), false);
      // A sign-in code is useful for 5 minutes: retry quickly (15 s, 30 s, 60 s, …).
      const { giveUp, fields } = failedAttempt(deps.clock.now(), m.attempts, err, { maxAttempts: SMS_MAX_ATTEMPTS, baseMs: 15_000 });
      await repo.markSms(deps.db, m.id, fields);
      deps.log.warn(
        { smsId: m.id, template: m.template, attempts: m.attempts, err: err.message },
        giveUp ? 'sms failed for good' : 'sms failed; will retry',
      );
      if (giveUp) round.failed++;
      else round.retry++;
    }
  }
  return round;
}

const outbox = outboxRunner('sms', (deps: MailDeps) => deliverPendingSms(deps));

/** Deliver now, after the caller's commit (not awaited by request handlers); rounds never overlap (server/lib/outbox-runner.ts). */
export const kickSms = outbox.kick;
