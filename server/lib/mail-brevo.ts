import type { Config } from '../config';
import type { MailMessage } from './mail';

/**
 * Brevo's transactional e-mail HTTP API (POST /v3/smtp/email). The base URL is
 * configurable so tests point the real adapter at a local fake server.
 */
export class BrevoError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** 4xx other than 429: the message itself is refused; retrying will not help. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export async function sendWithBrevo(
  config: Pick<Config, 'BREVO_API_KEY' | 'BREVO_API_URL' | 'MAIL_FROM'>,
  msg: MailMessage,
  timeoutMs = 10_000,
): Promise<{ messageId: string | null }> {
  if (!config.BREVO_API_KEY) throw new BrevoError('BREVO_API_KEY is not set', null, true);
  const url = new URL('/v3/smtp/email', config.BREVO_API_URL).toString();
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'api-key': config.BREVO_API_KEY, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        sender: { email: config.MAIL_FROM, name: 'Hydro Shakes' },
        to: [{ email: msg.to, ...(msg.toName ? { name: msg.toName } : {}) }],
        subject: msg.subject,
        htmlContent: msg.html,
        textContent: msg.text,
        tags: [msg.template],
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    throw new BrevoError(`Brevo could not be reached: ${(e as Error).message}`, null, false);
  }
  const body = await res.text();
  if (!res.ok) {
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 401;
    throw new BrevoError(`Brevo answered ${res.status}: ${body.slice(0, 200)}`, res.status, permanent);
  }
  try {
    const parsed = JSON.parse(body) as { messageId?: unknown };
    return { messageId: typeof parsed.messageId === 'string' ? parsed.messageId : null };
  } catch {
    return { messageId: null };
  }
}
