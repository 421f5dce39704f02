import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { resolveWebhookHost, type HostLookup } from './hostResolver';

/** Private, loopback, link-local and other non-public ranges a webhook is never sent to, unless the installation allows them. */
const NON_PUBLIC: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

export class TargetRefusedError extends Error {
  override readonly name = 'TargetRefusedError';
  readonly code = 'TARGET_REFUSED';
}

/** `::ffff:127.0.0.1` is 127.0.0.1 */
const normalise = (address: string): { address: string; type: 'ipv4' | 'ipv6' } => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, type: 'ipv4' };
  return { address, type: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
};

/**
 * Where webhooks may go: public addresses over https; the networks the installation names in
 * STRAMIEN_WEBHOOKS_ALLOWED_NETWORKS (CIDRs, e.g. an internal ERP at 10.1.2.0/24, or 127.0.0.1/32 for a local
 * receiver in tests) also over plain http. Checked on the resolved addresses of every connection (each redirect is one).
 */
export const createTargetPolicy = (allowedNetworks: readonly string[] = []) => {
  const blocked = new BlockList();
  for (const [net, prefix, type] of NON_PUBLIC) blocked.addSubnet(net, prefix, type);
  const allowed = new BlockList();
  for (const cidr of allowedNetworks) {
    const [net, prefix] = cidr.trim().split('/');
    if (!net || isIP(net) === 0) throw new Error(`Not a network: ${cidr}`);
    const type = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    allowed.addSubnet(net, prefix === undefined ? (type === 'ipv6' ? 128 : 32) : Number(prefix), type);
  }
  const inAllowed = (address: string) => {
    const n = normalise(address);
    return allowed.check(n.address, n.type);
  };
  return {
    /** the refusal for a connection to `address` with `protocol`, or null */
    refusal(address: string, protocol: string): string | null {
      if (inAllowed(address)) return null;
      const n = normalise(address);
      if (blocked.check(n.address, n.type)) return 'non-public address';
      if (protocol !== 'https:') return 'not https';
      return null;
    },
    /** whether plain http and private targets are allowed for a literal host (the route's create-time check) */
    allows: inAllowed,
    isPublic(address: string): boolean {
      const n = normalise(address);
      return !blocked.check(n.address, n.type);
    },
  };
};
export type TargetPolicy = ReturnType<typeof createTargetPolicy>;

export interface SendResult {
  status: number;
  durationMs: number;
  /** the first 1,000 characters of the answer's body */
  excerpt: string;
  /** Retry-After in ms, when the answer gives one */
  retryAfterMs: number | null;
}

export interface SendOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: TargetPolicy;
  maxRedirects?: number;
  /** name resolution; default resolveWebhookHost, off the thread pool (tests name a host that resolves to loopback) */
  lookup?: HostLookup;
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

const EXCERPT_MAX = 1_000;

const retryAfter = (value: string | string[] | undefined): number | null => {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d{1,7}$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
};

/** one POST, connecting only to addresses the policy allows */
const postOnce = (
  url: URL,
  options: SendOptions,
  signal: AbortSignal,
): Promise<{ status: number; excerpt: string; headers: http.IncomingHttpHeaders }> =>
  new Promise((resolve, reject) => {
    const protocol = url.protocol;
    if (protocol !== 'https:' && protocol !== 'http:') return reject(new TargetRefusedError('not http(s)'));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const refused = options.policy.refusal(host, protocol);
      if (refused) return reject(new TargetRefusedError(refused));
    }
    const resolve0 = options.lookup ?? resolveWebhookHost;
    const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
      resolve0(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        const refused = addresses.map((a) => options.policy.refusal(a.address, protocol)).find((r) => r !== null);
        if (refused || addresses.length === 0) return callback(new TargetRefusedError(refused ?? 'no address'), '', 0);
        if ((lookupOptions as { all?: boolean }).all)
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      });
    };
    const req = (protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body) },
        agent: agents[protocol],
        lookup: guardedLookup,
        signal,
      },
      (res) => {
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (excerpt.length < EXCERPT_MAX) excerpt += chunk.slice(0, EXCERPT_MAX - excerpt.length);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, excerpt, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });

/**
 * POSTs a webhook: at most `timeoutMs` in all, following up to `maxRedirects` (307/308 keep the POST; 301/302/303 are
 * followed with the same POST too, as a receiver that moved expects), each hop's addresses checked by the policy.
 * Throws TargetRefusedError for a refused target, and the network error (or an AbortError on timeout) otherwise.
 */
export const sendWebhook = async (target: string, options: SendOptions): Promise<SendResult> => {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    const answer = await postOnce(url, options, signal);
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && location && hop < (options.maxRedirects ?? 3)) {
      url = new URL(location, url);
      continue;
    }
    return {
      status: answer.status,
      durationMs: Math.round(performance.now() - started),
      excerpt: answer.excerpt,
      retryAfterMs: retryAfter(answer.headers['retry-after']),
    };
  }
};
