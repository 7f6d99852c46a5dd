import type { Config } from '../config';
import { WhatsAppError, type WhatsAppGateway, type WhatsAppMessage, type WhatsAppTemplate } from './whatsapp';

type GraphConfig = Pick<
  Config,
  | 'WHATSAPP_TOKEN'
  | 'WHATSAPP_PHONE_NUMBER_ID'
  | 'WHATSAPP_API_URL'
  | 'WHATSAPP_TEMPLATE_LANGUAGE'
  | 'WHATSAPP_TEMPLATE_ORDER_CONFIRMED'
  | 'WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY'
  | 'WHATSAPP_TEMPLATE_DELIVERED'
  | 'WHATSAPP_TEMPLATE_PAYMENT_FAILED'
  | 'WHATSAPP_TEMPLATE_DELIVERY_NOT_COVERED'
  | 'WHATSAPP_TEMPLATE_COULD_NOT_DELIVER'
  | 'WHATSAPP_TEMPLATE_DELIVERY_MOVED'
  | 'WHATSAPP_TEMPLATE_DELIVERY_NOT_PLACED'
  | 'WHATSAPP_TEMPLATE_REFUND_ISSUED'
  | 'WHATSAPP_TEMPLATE_RENEWAL_REMINDER'
>;

/**
 * The WhatsApp Business Cloud API (Meta's Graph API):
 * `POST {WHATSAPP_API_URL}/v20.0/{phone-number-id}/messages` with `Authorization: Bearer <token>` and
 * a template message — `{ messaging_product: "whatsapp", to: "91XXXXXXXXXX", type: "template",
 * template: { name, language: { code }, components: [{ type: "body", parameters: [{ type: "text", text }] }] } }`.
 * A business may only start a conversation with a pre-approved template, so each kind of message is a
 * template name from the configuration and its body parameters ({{1}}, {{2}}, …) in order.
 * Meta answers `{ messages: [{ id: "wamid…" }] }`; that id is what the status webhook reports on.
 * The base URL is configurable so tests point this adapter at test/fakes/graph-api-server.ts.
 */
export class GraphWhatsAppGateway implements WhatsAppGateway {
  constructor(
    private readonly config: GraphConfig,
    private readonly timeoutMs = 10_000,
  ) {}

  templateName(template: WhatsAppTemplate): string | undefined {
    return {
      order_confirmed: this.config.WHATSAPP_TEMPLATE_ORDER_CONFIRMED,
      out_for_delivery: this.config.WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY,
      delivered: this.config.WHATSAPP_TEMPLATE_DELIVERED,
      payment_failed: this.config.WHATSAPP_TEMPLATE_PAYMENT_FAILED,
      delivery_not_covered: this.config.WHATSAPP_TEMPLATE_DELIVERY_NOT_COVERED,
      could_not_deliver: this.config.WHATSAPP_TEMPLATE_COULD_NOT_DELIVER,
      delivery_moved: this.config.WHATSAPP_TEMPLATE_DELIVERY_MOVED,
      delivery_not_placed: this.config.WHATSAPP_TEMPLATE_DELIVERY_NOT_PLACED,
      refund_issued: this.config.WHATSAPP_TEMPLATE_REFUND_ISSUED,
      renewal_reminder: this.config.WHATSAPP_TEMPLATE_RENEWAL_REMINDER,
    }[template];
  }

  async send(msg: WhatsAppMessage): Promise<{ messageId: string | null }> {
    const { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneId } = this.config;
    if (!token || !phoneId) throw new WhatsAppError('WHATSAPP_TOKEN or WHATSAPP_PHONE_NUMBER_ID is not set', true);
    const name = this.templateName(msg.template);
    if (!name) throw new WhatsAppError(`No WhatsApp template name is configured for "${msg.template}" messages`, true);
    let res: Response;
    try {
      res = await fetch(new URL(`/v20.0/${encodeURIComponent(phoneId)}/messages`, this.config.WHATSAPP_API_URL), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          // Country code, no "+": 919876543210.
          to: msg.to.replace(/^\+/, ''),
          type: 'template',
          template: {
            name,
            language: { code: this.config.WHATSAPP_TEMPLATE_LANGUAGE },
            components: [{ type: 'body', parameters: msg.parameters.map((text) => ({ type: 'text', text })) }],
          },
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new WhatsAppError(`The WhatsApp Cloud API could not be reached: ${(e as Error).message}`, false);
    }
    const raw = await res.text();
    let body: { messages?: Array<{ id?: unknown }> } = {};
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      // not JSON: judged by the status alone
    }
    if (!res.ok) {
      // 401 (an expired token), 429 (throttled) and 5xx may pass; other 4xx refuse this message.
      const permanent = res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 401;
      throw new WhatsAppError(`The WhatsApp Cloud API answered ${res.status}: ${raw.slice(0, 200)}`, permanent);
    }
    const id = body.messages?.[0]?.id;
    return { messageId: typeof id === 'string' ? id : null };
  }
}
