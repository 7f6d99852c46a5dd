import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, parseWebhookUrl, refusalOf, UrlRefused } from './webhooks.url-guard';
import { signatureOf, verifySignature } from './webhooks.sender';
import { backoffMs, BACKOFF_BASE_MS, MAX_ATTEMPTS } from './webhooks.service';

const strict = { allowLoopback: false };
const dev = { allowLoopback: true };

describe('webhook address rules', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['127.8.9.10', /loopback/],
    ['::1', /loopback/],
    ['10.0.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /link-local/],
    ['100.64.0.1', /private/],
    ['0.0.0.0', /private|reserved/],
    ['::', /reserved/],
    ['224.0.0.251', /multicast/],
    ['255.255.255.255', /reserved/],
    ['fd12:3456::1', /private/],
    ['fe80::1', /link-local/],
    ['ff02::1', /multicast/],
    ['::ffff:10.0.0.1', /private/],
    ['::ffff:a9fe:a9fe', /link-local/],
  ])('%s is refused', (address, why) => {
    expect(refusalOf(address, strict)).toMatch(why);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is allowed', (address) => {
    expect(refusalOf(address, strict)).toBeNull();
  });

  it('the loopback setting lets loopback through and nothing else', () => {
    expect(refusalOf('127.0.0.1', dev)).toBeNull();
    expect(refusalOf('::1', dev)).toBeNull();
    expect(refusalOf('10.0.0.1', dev)).toMatch(/private/);
    expect(refusalOf('169.254.169.254', dev)).toMatch(/link-local/);
  });

  it('https only in production; no credentials in the URL', () => {
    expect(() => parseWebhookUrl('http://example.com/h', { httpsOnly: true, allowLoopback: false })).toThrow(/https/);
    expect(parseWebhookUrl('https://example.com/h', { httpsOnly: true, allowLoopback: false }).host).toBe('example.com');
    expect(() => parseWebhookUrl('ftp://example.com/h', { httpsOnly: false, allowLoopback: false })).toThrow(UrlRefused);
    expect(() => parseWebhookUrl('https://a:b@example.com/h', { httpsOnly: true, allowLoopback: false })).toThrow(/credentials/);
  });

  it('a name is refused when any address it resolves to is internal, and connects to the checked one', async () => {
    const policy = { httpsOnly: true, allowLoopback: false };
    await expect(
      checkWebhookUrl('https://hooks.example.test/x', policy, async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ]),
    ).rejects.toThrow(/169\.254\.169\.254/);
    const ok = await checkWebhookUrl('https://hooks.example.test/x', policy, async () => [{ address: '93.184.215.14', family: 4 }]);
    expect(ok).toMatchObject({ address: '93.184.215.14', family: 4 });
    await expect(checkWebhookUrl('https://nowhere.invalid/', policy, async () => Promise.reject(new Error('ENOTFOUND')))).rejects.toThrow(
      /could not be found/,
    );
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"e1","type":"order.paid"}';
  const now = new Date('2026-11-25T10:00:00Z');
  const ts = Math.floor(now.getTime() / 1000);
  // Computed independently of signatureOf: the documented recipe.
  const expected = crypto.createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');

  it('is HMAC-SHA256 of "timestamp.body" in hex', () => {
    expect(signatureOf(secret, ts, body)).toBe(expected);
  });

  it('verifies the right secret, body and a fresh timestamp only', () => {
    const headers = { 'hydro-webhook-timestamp': String(ts), 'hydro-webhook-signature': `v1=${expected}` };
    expect(verifySignature(secret, headers, body, { now })).toBe(true);
    expect(verifySignature('whsec_other', headers, body, { now })).toBe(false);
    expect(verifySignature(secret, headers, `${body} `, { now })).toBe(false);
    expect(verifySignature(secret, headers, body, { now: new Date(now.getTime() + 301_000) })).toBe(false);
    expect(verifySignature(secret, { ...headers, 'hydro-webhook-signature': `v1=${'0'.repeat(64)} v1=${expected}` }, body, { now })).toBe(
      true,
    );
  });
});

describe('retry schedule', () => {
  it('doubles from 30 s, capped at 6 h, with at most 10 % jitter; twelve attempts span about 14.5 hours', () => {
    expect(backoffMs(1, () => 0)).toBe(BACKOFF_BASE_MS);
    expect(backoffMs(2, () => 0)).toBe(2 * BACKOFF_BASE_MS);
    expect(backoffMs(20, () => 0)).toBe(6 * 3600_000);
    expect(backoffMs(1, () => 1)).toBe(BACKOFF_BASE_MS * 1.1);
    let total = 0;
    for (let n = 1; n < MAX_ATTEMPTS; n++) total += backoffMs(n, () => 0);
    expect(total / 3600_000).toBeCloseTo(14.525, 3);
  });
});
