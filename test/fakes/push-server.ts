import crypto from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';
import { startJsonServer } from './json-server';

/**
 * A local stand-in for a browser's push service (RFC 8030, the role FCM or Mozilla's autopush play),
 * enough to drive the real sender (server/lib/push.ts): it hands out subscriptions as a browser would
 * (an endpoint on this server, a P-256 key pair and an auth secret it keeps), checks each message's
 * VAPID Authorization (`vapid t=<JWT>, k=<public key>`: the ES256 signature against k, the audience
 * is this origin, not expired, a mailto:/https: subject), its TTL and `Content-Encoding: aes128gcm`,
 * then decrypts the body with the subscription's keys (RFC 8291) as the browser would, and keeps what
 * it read. `expire(endpoint)` makes a subscription answer 410 Gone, as a push service does once the
 * browser unsubscribed; `failNext` fails the next requests with a status.
 */
export interface PushReceived {
  endpoint: string;
  /** The decrypted payload, parsed (the shop sends JSON). */
  payload: { title: string; body: string; url: string; tag: string };
  ttl: number;
  urgency: string | undefined;
  /** The VAPID key that signed it (URL-safe base64) and its JWT's subject. */
  vapidKey: string;
  subject: string;
}

export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface FakePushService {
  url: string;
  received: PushReceived[];
  /** Refused requests: why (a bad signature, a missing header…). */
  refused: string[];
  /** A new subscription, as PushManager.subscribe() gives it to the page. */
  subscribe(): BrowserSubscription;
  /** From now on the endpoint answers 410 Gone. */
  expire(endpoint: string): void;
  /** How many requests reached an expired endpoint. */
  goneHits: number;
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, len: number) => Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, len));

/** RFC 8291 / RFC 8188: one aes128gcm record, decrypted with the subscriber's private key and auth secret. */
function decrypt(body: Buffer, ecdh: crypto.ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const cipher = body.subarray(21 + idlen);
  const ecdhSecret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const d = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([d.update(cipher.subarray(0, cipher.length - 16)), d.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

async function checkVapid(header: string | undefined, origin: string): Promise<{ key: string; subject: string }> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`Authorization is not "vapid t=…, k=…": ${header ?? '(none)'}`);
  const raw = Buffer.from(m[2]!, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 public key');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, 'ES256');
  const { payload } = await jwtVerify(m[1]!, key, { audience: origin, algorithms: ['ES256'] });
  if (!payload.exp) throw new Error('the VAPID JWT has no expiry');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('the VAPID subject is not mailto: or https:');
  return { key: m[2]!, subject: payload.sub };
}

export async function startFakePushService(): Promise<FakePushService> {
  const subs = new Map<string, { ecdh: crypto.ECDH; auth: Buffer; gone: boolean }>();
  const received: PushReceived[] = [];
  const refused: string[] = [];
  let goneHits = 0;
  let origin = '';
  const server = await startJsonServer((req, answer, failure) => {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const sub = id ? subs.get(id) : undefined;
    if (req.method !== 'POST' || !id || !sub) return answer(404, { reason: 'No such subscription' });
    if (sub.gone) {
      goneHits++;
      return answer(410, { reason: 'Subscription expired' });
    }
    const failStatus = failure();
    if (failStatus) return answer(failStatus, { reason: 'Service unavailable' });
    void (async () => {
      try {
        const vapid = await checkVapid(req.headers.authorization, origin);
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL header');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding is ${req.headers['content-encoding']}`);
        const payload = JSON.parse(decrypt(req.bytes, sub.ecdh, sub.auth).toString('utf8')) as PushReceived['payload'];
        received.push({ endpoint: `${origin}/push/${id}`, payload, ttl, urgency: req.headers.urgency as string | undefined, vapidKey: vapid.key, subject: vapid.subject });
        answer(201, {}, { location: `${origin}/message/${crypto.randomUUID()}` });
      } catch (e) {
        refused.push((e as Error).message);
        answer(400, { reason: (e as Error).message });
      }
    })();
  });
  origin = server.url;
  return {
    url: server.url,
    received,
    refused,
    subscribe() {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      subs.set(id, { ecdh, auth, gone: false });
      return { endpoint: `${server.url}/push/${id}`, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    expire(endpoint) {
      const s = subs.get(endpoint.split('/').pop()!);
      if (s) s.gone = true;
    },
    get goneHits() {
      return goneHits;
    },
    failNext: server.failNext,
    close: server.close,
  };
}
