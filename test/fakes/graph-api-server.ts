import crypto from 'node:crypto';
import { startJsonServer } from './json-server';

/**
 * A local stand-in for the WhatsApp Business Cloud API (Meta's Graph API,
 * `POST /v20.0/{phone-number-id}/messages`), enough to drive the real adapter
 * (server/lib/whatsapp-graph.ts): it checks the Bearer token, the phone number id and the template
 * message's shape, keeps every message it accepted and answers like Meta —
 * `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…" }] }`, or
 * `{ error: { message, type, code, fbtrace_id } }`. `failNext` makes the next requests fail.
 */
export interface GraphReceived {
  authorization: string | undefined;
  phoneNumberId: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
  messageId: string;
}

export interface FakeGraphApi {
  url: string;
  received: GraphReceived[];
  /** The next `n` requests answer `status` (500 by default) and are not kept. */
  failNext(n: number, status?: number): void;
  /** Every message accepted for a number (+91… or 91…). */
  to(mobile: string): GraphReceived[];
  close(): Promise<void>;
}

export async function startFakeGraphApi(opts: { token: string; phoneNumberId: string }): Promise<FakeGraphApi> {
  const received: GraphReceived[] = [];
  const server = await startJsonServer((req, answer, failure) => {
    const error = (status: number, message: string, code: number) =>
      answer(status, { error: { message, type: 'OAuthException', code, fbtrace_id: crypto.randomBytes(8).toString('hex') } });
    const m = /^\/v20\.0\/([^/]+)\/messages$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) return error(404, 'Unknown path components', 2500);
    const failStatus = failure();
    if (failStatus) return error(failStatus, 'Service temporarily unavailable', 2);
    const authorization = req.headers['authorization'];
    if (authorization !== `Bearer ${opts.token}`) return error(401, 'Error validating access token', 190);
    if (decodeURIComponent(m[1]!) !== opts.phoneNumberId) return error(400, 'Unsupported post request: no such phone number id', 100);
    let body: {
      messaging_product?: unknown;
      to?: unknown;
      type?: unknown;
      template?: {
        name?: unknown;
        language?: { code?: unknown };
        components?: Array<{ type?: unknown; parameters?: Array<{ type?: unknown; text?: unknown }> }>;
      };
    };
    try {
      body = JSON.parse(req.raw) as typeof body;
    } catch {
      return error(400, 'Invalid JSON', 100);
    }
    const bodyComponent = body.template?.components?.find((c) => c.type === 'body');
    const parameters = bodyComponent?.parameters ?? [];
    if (
      body.messaging_product !== 'whatsapp' ||
      body.type !== 'template' ||
      typeof body.to !== 'string' ||
      !/^91[6-9]\d{9}$/.test(body.to) ||
      typeof body.template?.name !== 'string' ||
      typeof body.template.language?.code !== 'string' ||
      parameters.some((p) => p.type !== 'text' || typeof p.text !== 'string' || p.text === '')
    )
      return error(400, '(#100) Invalid parameter', 100);
    const messageId = `wamid.${crypto.randomBytes(16).toString('hex')}`;
    received.push({
      authorization,
      phoneNumberId: m[1]!,
      to: body.to,
      template: body.template.name,
      language: body.template.language.code,
      parameters: parameters.map((p) => String(p.text)),
      messageId,
    });
    answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: messageId }] });
  });
  return {
    url: server.url,
    received,
    failNext: server.failNext,
    to(mobile) {
      const m = mobile.replace(/^\+/, '');
      return received.filter((r) => r.to === m);
    },
    close: server.close,
  };
}

/** Meta's status webhook body for one message, and its X-Hub-Signature-256 with the app secret. */
export function statusWebhook(
  appSecret: string,
  statuses: Array<{ id: string; status: string; recipient_id: string; timestamp?: string }>,
) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba-1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '918000000000', phone_number_id: 'phone-1' },
              statuses: statuses.map((s) => ({ timestamp: String(Math.floor(Date.now() / 1000)), ...s })),
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${crypto.createHmac('sha256', appSecret).update(body).digest('hex')}`;
  return { body, signature };
}
