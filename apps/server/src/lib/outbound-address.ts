import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

// Server-side request forgery guard of the connections a tenant configures (outgoing webhooks, an organization's own
// SMTP server): they may only reach public addresses, unless the operator allows private networks
// (WEBHOOKS_ALLOW_PRIVATE_NETWORKS, SMTP_ALLOW_PRIVATE_HOSTS). The host is resolved and every address checked, and the
// connection then goes to the very address checked (no second lookup a rebinding DNS server could answer differently).

type Range = [prefix: bigint, bits: number];

const v4 = (a: string): bigint => a.split('.').reduce((n, p) => (n << 8n) | BigInt(Number(p)), 0n);

/** Expands an IPv6 address (with an optional dotted IPv4 tail) to its 128-bit value. */
function v6(a: string): bigint | null {
  let s = a.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const n = v4(dotted[1]!);
    s = s.slice(0, -dotted[1]!.length) + `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<string>(Math.max(0, fill)).fill('0'), ...tail];
  if (groups.length !== 8) return null;
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6_BLOCKED: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
];
const V4_RANGES: Range[] = V4_BLOCKED.map(([a, bits]) => [v4(a), bits]);
const V6_RANGES: Range[] = V6_BLOCKED.map(([a, bits]) => [v6(a)!, bits]);
const inRange = (n: bigint, [prefix, bits]: Range, width: number) => n >> BigInt(width - bits) === prefix >> BigInt(width - bits);

/** Whether the address is private, loopback, link-local, unique-local, multicast, unspecified or reserved. */
export function isPrivateAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '');
  const kind = isIP(a.split('%')[0]!);
  if (kind === 4) return V4_RANGES.some((r) => inRange(v4(a), r, 32));
  if (kind !== 6) return true;
  const n = v6(a);
  if (n === null) return true;
  const high96 = n >> 32n;
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (high96 === 0xffffn || high96 === 0n || n >> 32n === v6('64:ff9b::')! >> 32n) {
    const inner = n & 0xffffffffn;
    const dotted = [24n, 16n, 8n, 0n].map((s) => String((inner >> s) & 0xffn)).join('.');
    return isPrivateAddress(dotted) || n === 0n || n === 1n;
  }
  return V6_RANGES.some((r) => inRange(n, r, 128));
}

export class UnsafeUrlError extends Error {}

export interface ResolvedTarget {
  url: URL;
  /** The address the request connects to (checked). */
  address: string;
  family: 4 | 6;
}

const LOOKUP_TIMEOUT_MS = 5000;

/**
 * Resolves the endpoint's host and checks it: https only and public addresses only, unless private networks are
 * allowed (then http too). Throws UnsafeUrlError with a reason a person can act on.
 */
export async function resolveTarget(raw: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('is not an address');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new UnsafeUrlError('must start with https://');
  if (url.username || url.password) throw new UnsafeUrlError('must not carry a user name or password');
  return { url, ...(await resolveHost(url.hostname, allowPrivate, 'outgoing webhooks')) };
}

/**
 * Resolves a host name (or takes an address as it is) and checks every address it has: public only, unless private
 * networks are allowed. Answers the address to connect to; throws UnsafeUrlError saying why.
 */
export async function resolveHost(hostname: string, allowPrivate: boolean, who: string): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        lookup(host, { all: true, verbatim: true }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), LOOKUP_TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw new UnsafeUrlError(`has a host name (${host}) that does not resolve`);
    } finally {
      clearTimeout(timer);
    }
    if (addresses.length === 0) throw new UnsafeUrlError(`has a host name (${host}) that does not resolve`);
  }
  if (!allowPrivate) {
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused)
      throw new UnsafeUrlError(`points to a private, loopback or link-local address (${refused.address}), which ${who} may not reach`);
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
