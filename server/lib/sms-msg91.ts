import type { Config } from '../config';
import { SmsError, type SmsGateway, type SmsMessage, type SmsTemplate } from './sms';

type Msg91Config = Pick<Config, 'MSG91_AUTH_KEY' | 'MSG91_API_URL' | 'MSG91_OTP_TEMPLATE_ID' | 'MSG91_ORDER_UPDATE_TEMPLATE_ID'>;

/**
 * MSG91's Flow API (POST /api/v5/flow, header `authkey`): one template per kind of message, each
 * mapped at MSG91 to its DLT-registered template (India requires every commercial SMS to match one),
 * so the configuration carries MSG91 template ids, never free text. The shop makes and checks its own
 * codes (hashed, 3 tries): MSG91 only carries them, through an OTP template with the variable `otp`.
 * MSG91 can answer 200 with `{ "type": "error" }`; that is a failure too. The base URL is
 * configurable so tests point this adapter at a local fake server (test/fakes/msg91-server.ts).
 */
export class Msg91Gateway implements SmsGateway {
  constructor(
    private readonly config: Msg91Config,
    private readonly timeoutMs = 10_000,
  ) {}

  private templateId(template: SmsTemplate): string | undefined {
    return { otp: this.config.MSG91_OTP_TEMPLATE_ID, order_update: this.config.MSG91_ORDER_UPDATE_TEMPLATE_ID }[template];
  }

  async send(msg: SmsMessage): Promise<{ messageId: string | null }> {
    if (!this.config.MSG91_AUTH_KEY) throw new SmsError('MSG91_AUTH_KEY is not set', true);
    const templateId = this.templateId(msg.template);
    if (!templateId) throw new SmsError(`No MSG91 template id is configured for "${msg.template}" messages`, true);
    // MSG91 wants the number with its country code and no "+": 919876543210.
    const mobiles = msg.to.replace(/^\+/, '');
    let res: Response;
    try {
      res = await fetch(new URL('/api/v5/flow', this.config.MSG91_API_URL), {
        method: 'POST',
        headers: { authkey: this.config.MSG91_AUTH_KEY, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ template_id: templateId, short_url: '0', recipients: [{ mobiles, ...msg.variables }] }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new SmsError(`MSG91 could not be reached: ${(e as Error).message}`, false);
    }
    const raw = await res.text();
    let body: { type?: unknown; message?: unknown } = {};
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      // not JSON: judged by the status alone
    }
    if (!res.ok || body.type === 'error') {
      // 401 (a rotated key) and 429/5xx may pass; other 4xx and an error answer refuse this message.
      const permanent = res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 401);
      throw new SmsError(`MSG91 answered ${res.status}: ${raw.slice(0, 200)}`, permanent);
    }
    return { messageId: typeof body.message === 'string' ? body.message : null };
  }
}
