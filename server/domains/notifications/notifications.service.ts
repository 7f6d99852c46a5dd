import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { recordWhatsAppStatus, type WhatsAppDeliveryStatus } from '../../lib/whatsapp';
import { recordConsents } from '../../lib/consents';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { jsonTooDeep, TOO_DEEP_MESSAGE } from '../../http/json-depth';
import {
  NOTIFICATION_KINDS,
  type NotificationChannels,
  type NotificationMatrix,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
} from '../../../shared/schemas/notifications';
import * as repo from './notifications.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>;

export const VERIFY_MOBILE_FIRST = 'Verify your mobile number first: WhatsApp messages and texts go only to a number you proved with a code.';
export const RECEIPT_ALWAYS_BY_EMAIL = 'The order confirmation is your receipt: it always comes by e-mail.';

const ALL_ON: NotificationChannels = { email: true, whatsapp: true, sms: true };

/** GET /api/user/notification-preferences: the matrix (kinds × channels), the WhatsApp opt-in and the verified number. */
export async function getPreferences(deps: Pick<Deps, 'db'>, userId: string): Promise<NotificationPreferences> {
  const [row, cells] = await Promise.all([repo.preferencesRow(deps.db, userId), repo.kindRows(deps.db, userId)]);
  if (!row || row.disabled) throw new AppError('INVALID_TOKEN', 'Your session has expired. Please sign in again.');
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, { ...ALL_ON }])) as NotificationMatrix;
  for (const c of cells) kinds[c.kind] = { email: c.email, whatsapp: c.whatsapp, sms: c.sms };
  // The receipt always goes (decision 183): the cell says so whatever was stored.
  kinds.order_confirmed.email = true;
  return {
    kinds,
    whatsapp: !!row.whatsapp_opt_in_at,
    whatsappOptInAt: row.whatsapp_opt_in_at ? new Date(row.whatsapp_opt_in_at).toISOString() : null,
    verifiedMobile: row.mobile_verified_at ? row.mobile : null,
  };
}

/**
 * PUT /api/user/notification-preferences: the opt-in and the cells sent change. Turning WhatsApp (the
 * opt-in or a kind's cell) or SMS on needs a verified number; the receipt's e-mail cannot be turned off.
 */
export async function putPreferences(deps: Deps, userId: string, patch: NotificationPreferencesPatch): Promise<NotificationPreferences> {
  const now = deps.clock.now().toISOString();
  const cells = NOTIFICATION_KINDS.flatMap((kind) => (patch.kinds?.[kind] ? [{ kind, set: patch.kinds[kind] }] : []));
  if (patch.kinds?.order_confirmed?.email === false) {
    throw new AppError('VALIDATION_FAILED', RECEIPT_ALWAYS_BY_EMAIL, { details: { fieldErrors: { kinds: [RECEIPT_ALWAYS_BY_EMAIL] } } });
  }
  const needsMobile = patch.whatsapp === true || cells.some((c) => c.set.whatsapp === true || c.set.sms === true);
  await withTransactionRetry(deps, async (trx) => {
    const row = await repo.preferencesRow(trx, userId);
    if (!row || row.disabled) throw new AppError('INVALID_TOKEN', 'Your session has expired. Please sign in again.');
    if (needsMobile && !row.mobile_verified_at) {
      const field = patch.whatsapp === true ? 'whatsapp' : 'kinds';
      throw new AppError('VALIDATION_FAILED', VERIFY_MOBILE_FIRST, { details: { fieldErrors: { [field]: [VERIFY_MOBILE_FIRST] } } });
    }
    for (const c of cells) await repo.upsertKind(trx, userId, c.kind, c.set);
    // The opt-in is the WhatsApp consent (decision 250): recorded as given or withdrawn; opting in again keeps the first time on the switch.
    if (patch.whatsapp !== undefined && patch.whatsapp !== !!row.whatsapp_opt_in_at) {
      await recordConsents(trx, userId, { whatsapp: patch.whatsapp }, { channel: 'notification-preferences', at: now });
    }
  });
  return getPreferences(deps, userId);
}

// ---------- Meta's status webhook ----------

export interface WhatsAppWebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

const STATUSES = new Set<WhatsAppDeliveryStatus>(['sent', 'delivered', 'read', 'failed']);

/** X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256 of the raw body with the app secret; compared in constant time. */
export function validSignature(secret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'utf8');
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(raw).digest('hex'), 'utf8');
  // Length first: timingSafeEqual throws on buffers of different lengths.
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

interface StatusEntry {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
}

/**
 * POST /api/notifications/whatsapp/webhook: Meta's status updates (sent, delivered, read, failed) for
 * the messages the shop sent. A wrong or missing signature is a 401 and writes nothing; each status is
 * recorded only when it moves its message forward, so a replayed delivery changes nothing.
 */
export async function handleWhatsAppWebhook(deps: Deps, raw: Buffer, headers: IncomingHttpHeaders): Promise<WhatsAppWebhookAnswer> {
  // As every JSON body of the shop: too deep is a 400 before anything else is done.
  const text = raw.toString('utf8');
  if (jsonTooDeep(text)) return { status: 400, body: { message: TOO_DEEP_MESSAGE, code: 'BAD_REQUEST' } };
  const secret = deps.config.WHATSAPP_APP_SECRET;
  if (!secret || !validSignature(secret, raw, headers['x-hub-signature-256'])) {
    return { status: 401, body: { message: 'The X-Hub-Signature-256 signature does not match this body.', code: 'UNAUTHORIZED' } };
  }
  let body: { entry?: Array<{ changes?: Array<{ value?: { statuses?: StatusEntry[] } }> }>; object?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return { status: 400, body: { message: 'The webhook body is not valid JSON.', code: 'BAD_REQUEST' } };
  }
  const statuses = (body.entry ?? []).flatMap((e) => (e.changes ?? []).flatMap((c) => c.value?.statuses ?? []));
  let recorded = 0;
  for (const s of statuses) {
    if (typeof s.id !== 'string' || !STATUSES.has(s.status as WhatsAppDeliveryStatus)) continue;
    const seconds = Number(s.timestamp);
    const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : deps.clock.now().toISOString();
    if (await recordWhatsAppStatus(deps, { messageId: s.id, status: s.status as WhatsAppDeliveryStatus, at })) recorded++;
  }
  deps.log.info({ statuses: statuses.length, recorded }, 'whatsapp status webhook');
  return { status: 200, body: { ok: true, recorded } };
}

/** GET …/webhook: Meta's subscription handshake — the challenge back when the verify token matches. */
export function verifySubscription(deps: Pick<Deps, 'config'>, query: Record<string, unknown>): { status: number; body: string } {
  const token = deps.config.WHATSAPP_VERIFY_TOKEN;
  const ok = query['hub.mode'] === 'subscribe' && !!token && query['hub.verify_token'] === token && typeof query['hub.challenge'] === 'string';
  return ok ? { status: 200, body: query['hub.challenge'] as string } : { status: 403, body: 'Verification token mismatch' };
}
