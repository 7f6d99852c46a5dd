import dns from 'node:dns';
import net from 'node:net';

/**
 * Where the shop may send a webhook (QUALITY.md, "What admins and integrators feed in"): never
 * to the shop's own network. A URL whose host resolves to a loopback, private, link-local
 * (169.254/16, cloud metadata), multicast, unspecified or otherwise reserved address is refused
 * — when the admin registers it and again at every delivery, because DNS can change; the
 * delivery then connects to the very address that was checked (no second look-up an attacker
 * could answer differently). Loopback is allowed only with WEBHOOKS_ALLOW_LOOPBACK (local
 * development and tests); `https` is required in production.
 */
export interface UrlPolicy {
  httpsOnly: boolean;
  allowLoopback: boolean;
}

export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export class UrlRefused extends Error {}

const blocked = new net.BlockList();
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
for (const [net4, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net6, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:a.b.c.d), if any. */
function embeddedV4(address: string): string | null {
  const m = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1]!;
  const h = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (h) {
    const hi = parseInt(h[1]!, 16);
    const lo = parseInt(h[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** Why an address is refused, or null when the shop may connect to it. */
export function refusalOf(address: string, policy: Pick<UrlPolicy, 'allowLoopback'>): string | null {
  const v4 = net.isIPv4(address) ? address : embeddedV4(address);
  const [addr, type] = v4 ? ([v4, 'ipv4'] as const) : ([address, 'ipv6'] as const);
  if (!net.isIP(addr)) return `${address} is not an IP address`;
  if (policy.allowLoopback && LOOPBACK.check(addr, type)) return null;
  if (LOOPBACK.check(addr, type)) return `${address} is a loopback address`;
  if (blocked.check(addr, type)) return `${address} is a private, link-local, multicast or reserved address`;
  return null;
}

/** The URL's own rules, before any look-up. */
export function parseWebhookUrl(raw: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused('Enter a full URL, like https://example.com/hooks/hydro');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UrlRefused('The URL must start with https://');
  if (policy.httpsOnly && url.protocol !== 'https:') throw new UrlRefused('The URL must use https');
  if (url.username || url.password) throw new UrlRefused('Put credentials in the secret, not in the URL');
  if (!url.hostname) throw new UrlRefused('The URL has no host');
  return url;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the URL's host and checks every address it answers (one bad address refuses the
 * whole name: a resolver could hand out either). Returns the address to connect to.
 */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy, resolve: Resolver = systemResolver): Promise<CheckedTarget> {
  const url = parseWebhookUrl(raw, policy);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new UrlRefused(`The host ${host} could not be found`);
    }
  }
  if (!addresses.length) throw new UrlRefused(`The host ${host} could not be found`);
  for (const a of addresses) {
    const why = refusalOf(a.address, policy);
    if (why) throw new UrlRefused(`The shop does not send webhooks to its own network: ${why}`);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
