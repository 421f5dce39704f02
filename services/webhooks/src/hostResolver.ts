import { Resolver } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';

/**
 * How the dispatcher finds a webhook host's addresses without the libuv thread pool.
 *
 * `dns.lookup` (getaddrinfo) runs on Node's four pool threads, which file access, crypto and every other lookup of the
 * process share. A burst of lookups of a host whose name server is slow (a resolver answers a burst for `.invalid`
 * after its 5 s timeout) held all four, and the API process stalled with them: `fetch('http://localhost…')` timed out
 * connecting and reads of the blob store waited (docs/webhooks.md, "Name resolution"). This resolver asks the name
 * servers itself (c-ares, on the event loop), shares one question per host between concurrent deliveries and keeps an
 * answer (or a failure) for a short while, so a failing endpoint costs one question per `ttlMs`, not one per delivery.
 * `localhost` names answer loopback (RFC 6761), which the target policy refuses unless the installation allows it.
 */
export type HostLookup = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface HostResolverOptions {
  /** per question to a name server; default 2,500 ms */
  timeoutMs?: number;
  /** how long an answer (or a failure) is kept; default 30 s */
  ttlMs?: number;
  now?: () => number;
  /** the name servers to ask (`host:port`); default the system's */
  servers?: string[];
}

const LOCALHOST = /^(localhost|.+\.localhost)\.?$/i;

const notFound = (hostname: string, cause?: unknown): NodeJS.ErrnoException =>
  Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname, cause });

export const createHostResolver = (options: HostResolverOptions = {}): HostLookup => {
  const ttlMs = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2_500, tries: 2 });
  if (options.servers) resolver.setServers(options.servers);
  const known = new Map<string, { until: number; answer: Promise<LookupAddress[]> }>();

  const ask = async (hostname: string): Promise<LookupAddress[]> => {
    if (LOCALHOST.test(hostname))
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ];
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const addresses: LookupAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (addresses.length === 0) throw notFound(hostname, v4.status === 'rejected' ? v4.reason : undefined);
    return addresses;
  };

  return (hostname, _options, callback) => {
    const key = hostname.toLowerCase();
    const at = now();
    let entry = known.get(key);
    if (!entry || entry.until <= at) {
      for (const [k, e] of known) if (e.until <= at) known.delete(k);
      entry = { until: at + ttlMs, answer: ask(key) };
      known.set(key, entry);
    }
    entry.answer.then(
      (addresses) => callback(null, addresses),
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
};

/** the dispatcher's resolver, one per process */
export const resolveWebhookHost: HostLookup = createHostResolver();
