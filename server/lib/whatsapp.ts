import crypto from 'node:crypto';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Config } from '../config';
import type { MailDeps } from './mail';
import { enqueueSms, kickSms } from './sms';
import { withTransactionRetry } from './transaction-retry';
import { GraphWhatsAppGateway } from './whatsapp-graph';
import * as repo from './whatsapp.repository';
import { claimDue } from './outbox.repository';
import { failedAttempt, loggedFields, outboxRunner, sentFields, type DeliveryRound } from './outbox-runner';

/**
 * WhatsApp order messages (PRODUCT.md §18, decision 173). Like texts, a message is written to the
 * outbox in the transaction that changes the order and sent after commit; without keys it is printed
 * to the log and kept in the outbox. Only a customer who opted in and whose number is verified gets
 * one (the insert itself checks). When WhatsApp finally fails and the customer allows texts, the same
 * message goes out as an SMS.
 */
export type WhatsAppTemplate =
  | 'order_confirmed'
  | 'out_for_delivery'
  | 'delivered'
  | 'payment_failed'
  | 'could_not_deliver'
  | 'delivery_moved'
  | 'delivery_not_covered'
  | 'delivery_not_placed'
  | 'refund_issued'
  | 'renewal_reminder';
export type WhatsAppDeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface WhatsAppMessage {
  /** +91XXXXXXXXXX */
  to: string;
  template: WhatsAppTemplate;
  /** The template's body parameters in order: {{1}}, {{2}}, … */
  parameters: string[];
  /** The same message as plain text: the log, the outbox, and the SMS fallback. */
  text: string;
}

export class WhatsAppError extends Error {
  constructor(
    message: string,
    /** The message itself is refused (no such template, not a WhatsApp number): retrying will not help. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** What a WhatsApp provider does for the shop; the Cloud API is the one we have (whatsapp-graph.ts). */
export interface WhatsAppGateway {
  send(msg: WhatsAppMessage): Promise<{ messageId: string | null }>;
}

const gateways = new WeakMap<Config, WhatsAppGateway | null>();
/** The Cloud API when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set, else none (the outbox and the log). */
export function whatsAppGateway(config: Config): WhatsAppGateway | null {
  if (!gateways.has(config)) {
    gateways.set(config, config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID ? new GraphWhatsAppGateway(config) : null);
  }
  return gateways.get(config) ?? null;
}

/**
 * The placement's WhatsApp writes (the checkout box's opt-in, a confirmed order's confirmation) as CTEs
 * of the order-writing statement (decision 173); `shape` names their text for the statement's cache.
 */
export function placementWhatsApp(p: {
  userId: string;
  optIn: boolean;
  send: boolean;
  now: string;
  message: (number: string) => { parameters: string[]; text: string; title: string; body: string };
}): { shape: string; ctes: (when: RawBuilder<unknown>) => RawBuilder<unknown>; params: readonly unknown[] } {
  // A stand-in the statement replaces with the number it assigns (letters only: no name or address can hold it).
  const token = `ordernumber${crypto.randomUUID().replaceAll('-', '')}`;
  const { parameters, text, title, body } = p.message(token);
  const args = { userId: p.userId, optIn: p.optIn, send: p.send, now: p.now, parameters, text, title, body, token };
  return { shape: 'wa', ctes: (when) => repo.placementWhatsAppCtes(args, when), params: repo.placementWhatsAppParams(args) };
}

export const WHATSAPP_MAX_ATTEMPTS = 5;
const CLAIM_SECONDS = 120;

/** One delivery round: claim due messages (SKIP LOCKED), send them outside any transaction, record the outcome. */
export async function deliverPendingWhatsApp(deps: MailDeps & { db: Db }, limit = 20): Promise<DeliveryRound> {
  const now = deps.clock.now();
  const due = await claimDue(deps.db, 'whatsapp_outbox', {
    now: now.toISOString(),
    claimUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString(),
    limit,
  });
  const gateway = whatsAppGateway(deps.config);
  const round: DeliveryRound = { sent: 0, logged: 0, retry: 0, failed: 0 };
  let fellBack = false;
  for (const m of due.sort((a, b) => a.id - b.id)) {
    if (!gateway) {
      deps.log.info(
        { whatsappId: m.id, to: m.to_mobile, template: m.template, text: m.text },
        'whatsapp message not sent (WHATSAPP_TOKEN is not set); kept in the outbox',
      );
      await repo.markMessage(deps.db, m.id, loggedFields(deps.clock.now()));
      round.logged++;
      continue;
    }
    try {
      const { messageId } = await gateway.send({
        to: m.to_mobile,
        template: m.template as WhatsAppTemplate,
        parameters: m.variables,
        text: m.text,
      });
      await repo.markMessage(deps.db, m.id, sentFields(deps.clock.now(), messageId));
      round.sent++;
    } catch (e) {
      const err = e instanceof WhatsAppError ? e : new WhatsAppError(String(e), false);
      // Order news is useful for an hour or so: 30 s, 1 min, 2 min, 4 min, then the SMS.
      const { giveUp, fields } = failedAttempt(deps.clock.now(), m.attempts, err, { maxAttempts: WHATSAPP_MAX_ATTEMPTS, baseMs: 30_000 });
      await withTransactionRetry(deps, async (trx) => {
        await repo.markMessage(trx, m.id, fields);
        // The fallback is written with the failure, so a crash between the two cannot lose or double it.
        if (giveUp && m.sms_fallback) {
          await enqueueSms(trx, { to: m.to_mobile, template: 'order_update', variables: { message: m.text }, text: m.text, messageId: m.message_id });
          fellBack = true;
        }
      });
      deps.log.warn(
        { whatsappId: m.id, template: m.template, attempts: m.attempts, err: err.message, smsFallback: giveUp && m.sms_fallback },
        giveUp ? 'whatsapp message failed for good' : 'whatsapp message failed; will retry',
      );
      if (giveUp) round.failed++;
      else round.retry++;
    }
  }
  if (fellBack) void kickSms(deps);
  return round;
}

const outbox = outboxRunner('whatsapp', (deps: MailDeps) => deliverPendingWhatsApp(deps));

/** Deliver now, after the caller's commit (not awaited by request handlers); rounds never overlap (server/lib/outbox-runner.ts). */
export const kickWhatsApp = outbox.kick;

/**
 * Meta's status for one message (the status webhook), in its own transaction: recorded only when it
 * moves the message forward, so a replay changes nothing. "failed" after Meta accepted the message
 * (not on WhatsApp, undeliverable) is a final failure too: the SMS fallback is written with it.
 * Returns whether anything changed.
 */
export async function recordWhatsAppStatus(
  deps: MailDeps & { db: Db },
  p: { messageId: string; status: WhatsAppDeliveryStatus; at: string },
): Promise<boolean> {
  const out = await withTransactionRetry(deps, async (trx) => {
    const row = await repo.recordDeliveryStatus(trx, p);
    if (!row) return { changed: false, fellBack: false };
    const fellBack = p.status === 'failed' && row.sms_fallback;
    if (fellBack) {
      await enqueueSms(trx, { to: row.to_mobile, template: 'order_update', variables: { message: row.text }, text: row.text, messageId: row.message_id });
    }
    return { changed: true, fellBack };
  });
  if (out.fellBack) void kickSms(deps);
  return out.changed;
}
