import type { Clock } from '../../lib/clock';
import type { TestApp } from '../../../test/helpers/app';

/**
 * A clock tests can move forward (the server reads time only through deps.clock). The server's
 * deliberate waits (clock.sleep) move it too, at once, and are listed in `waits` in order.
 */
export function movableClock(start = Date.now()): Clock & { advance(ms: number): void; set(ms: number): void; sleep(ms: number): Promise<void>; waits: number[] } {
  let t = start;
  const waits: number[] = [];
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
    sleep: async (ms) => {
      waits.push(ms);
      t += ms;
    },
    waits,
  };
}

let ipCounter = 0;
/** A fresh client address per test, so per-address limits of one test do not leak into another. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let seq = 0;
export function newSignup(over: Record<string, unknown> = {}) {
  seq++;
  const tag = `${process.pid.toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `asha.${tag}@example.in`,
    password: 'Green-Glow-2026!',
    username: `asha_${tag}`.slice(0, 30),
    name: 'Asha Rao',
    mobile: '98765 43210',
    ...over,
  };
}

export async function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}, ip = '127.0.0.1') {
  return t.request({
    method: 'POST',
    url,
    payload: payload as never,
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress: ip,
  });
}

export async function signupUser(t: TestApp, over: Record<string, unknown> = {}, ip = freshIp()) {
  const body = newSignup(over);
  const res = await post(t, '/api/auth/signup', body, {}, ip);
  if (res.statusCode !== 200) throw new Error(`signup failed ${res.statusCode} ${res.body}`);
  return {
    input: body,
    answer: res.json() as {
      user: { id: string; email: string; role: string };
      access_token: string;
      refresh_token: string;
      expires_at: number;
    },
  };
}

/** The latest outbox mail to an address. */
export async function lastMailTo(t: TestApp, email: string) {
  return t.deps.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function tokenFromMail(text: string): string {
  const m = /token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no token in mail: ${text}`);
  return decodeURIComponent(m[1]);
}
