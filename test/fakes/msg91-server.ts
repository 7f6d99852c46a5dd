import crypto from 'node:crypto';
import { startJsonServer } from './json-server';

/**
 * A local stand-in for MSG91's Flow API (POST /api/v5/flow), enough to drive the real adapter
 * (server/lib/sms-msg91.ts): it checks the `authkey` header and the body's shape, keeps every
 * message it accepted, and answers like MSG91 — `{ "type": "success", "message": <request id> }`,
 * or `{ "type": "error", … }` (MSG91 says "error" with 200 too). `failNext` makes the next
 * requests fail with a status, to exercise retries.
 */
export interface Msg91Received {
  authkey: string | undefined;
  template_id: string;
  recipients: Array<{ mobiles: string } & Record<string, string>>;
  requestId: string;
}

export interface FakeMsg91 {
  url: string;
  received: Msg91Received[];
  /** The next `n` requests answer `status` (500 by default) and are not kept. */
  failNext(n: number, status?: number): void;
  /** The variable `name` of the latest message to a number (+91… or 91…). */
  lastVariable(mobile: string, name: string): string | undefined;
  close(): Promise<void>;
}

export async function startFakeMsg91(opts: { authKey: string }): Promise<FakeMsg91> {
  const received: Msg91Received[] = [];
  const server = await startJsonServer((req, answer, failure) => {
    if (req.method !== 'POST' || req.url?.replace(/\/$/, '') !== '/api/v5/flow')
      return answer(404, { type: 'error', message: 'Not found' });
    const failStatus = failure();
    if (failStatus) return answer(failStatus, { type: 'error', message: 'Service unavailable' });
    const authkey = req.headers['authkey'] as string | undefined;
    // MSG91 answers a bad key with 200 and type "error".
    if (authkey !== opts.authKey) return answer(200, { type: 'error', message: 'Authentication failure', code: '418' });
    let body: { template_id?: unknown; recipients?: unknown };
    try {
      body = JSON.parse(req.raw) as typeof body;
    } catch {
      return answer(400, { type: 'error', message: 'Invalid JSON' });
    }
    const recipients = body.recipients as Msg91Received['recipients'];
    if (
      typeof body.template_id !== 'string' ||
      !Array.isArray(recipients) ||
      recipients.some((r) => !/^91[6-9]\d{9}$/.test(String(r?.mobiles)))
    )
      return answer(200, { type: 'error', message: 'Invalid template_id or mobiles' });
    const requestId = crypto.randomBytes(12).toString('hex');
    received.push({ authkey, template_id: body.template_id, recipients, requestId });
    answer(200, { type: 'success', message: requestId });
  });
  return {
    url: server.url,
    received,
    failNext: server.failNext,
    lastVariable(mobile, name) {
      const m = mobile.replace(/^\+/, '');
      for (let i = received.length - 1; i >= 0; i--) {
        const r = received[i]!.recipients.find((x) => x.mobiles === m);
        if (r) return r[name];
      }
      return undefined;
    },
    close: server.close,
  };
}
