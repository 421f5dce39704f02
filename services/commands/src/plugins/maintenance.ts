import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAINTENANCE_HEADER, MAINTENANCE_OPEN_PATHS } from '@stramien/api';
import { MAINTENANCE_ID, MAINTENANCE_TOKEN_LIFETIME_MS, systemMessages } from '@stramien/domain';
import { createMaintenanceTokens, type DocumentStore, type MaintenanceTokens } from '@stramien/infra';
import { MAINTENANCE_COLLECTION, type MaintenanceDoc } from '@stramien/projections';

export interface MaintenanceStatus {
  enabled: boolean;
  /** how many times maintenance was switched on; tokens are valid for one period */
  period: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: MaintenanceGate;
  }
}

/** What maintenance mode closes: the API, the token endpoint and the sockets; the web app and its assets stay. */
const GATED = /^\/(api|oauth|ws)(\/|$)/;
/** A browser cannot put headers on a WebSocket handshake: /ws may carry the token in this query parameter. */
export const MAINTENANCE_QUERY = 'maintenance_token';

/**
 * The maintenance switch as requests see it: the maintenance read model, cached for `cacheMs` so the check costs
 * no store round trip per request; the instance that switches it updates its cache at once, other instances within
 * `cacheMs` of their read model catching up.
 */
export const createMaintenanceGate = (deps: { documentStore: DocumentStore; secret: Uint8Array; cacheMs?: number; now?: () => number }) => {
  const docs = deps.documentStore.collection<MaintenanceDoc>(MAINTENANCE_COLLECTION);
  const cacheMs = deps.cacheMs ?? 1000;
  const now = deps.now ?? Date.now;
  let cached: { status: MaintenanceStatus; at: number } | null = null;
  let loading: Promise<MaintenanceStatus> | null = null;
  const tokens: MaintenanceTokens = createMaintenanceTokens({ secret: deps.secret, lifetimeMs: MAINTENANCE_TOKEN_LIFETIME_MS, now });
  const load = async (): Promise<MaintenanceStatus> => {
    const doc = await docs.findOne({ _id: MAINTENANCE_ID });
    const status = { enabled: doc?.enabled ?? false, period: doc?.period ?? 0 };
    cached = { status, at: now() };
    return status;
  };
  return {
    tokens,
    async status(): Promise<MaintenanceStatus> {
      if (cached && now() - cached.at < cacheMs) return cached.status;
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    /** the cached status while it is fresh, else null (then `status()` reads it) */
    peek(): MaintenanceStatus | null {
      return cached && now() - cached.at < cacheMs ? cached.status : null;
    },
    /** after this instance switched maintenance: use the new state without waiting for the cache to expire */
    set(status: MaintenanceStatus): void {
      cached = { status, at: now() };
    },
    /** true when the request carries a valid maintenance token of the current period */
    passes(request: FastifyRequest, status: MaintenanceStatus): boolean {
      const header = request.headers[MAINTENANCE_HEADER];
      const query = (request.query as Record<string, unknown> | undefined)?.[MAINTENANCE_QUERY];
      const token = typeof header === 'string' ? header : typeof query === 'string' && request.url.startsWith('/ws') ? query : null;
      return tokens.verify(token, status.period);
    },
  };
};
export type MaintenanceGate = ReturnType<typeof createMaintenanceGate>;

/**
 * While maintenance mode is on every call answers 503 `{message: 'Service Unavailable'}`, except the maintenance
 * endpoints, static files and the web app, and calls carrying a valid maintenance token (X-Maintenance-Token).
 */
export const registerMaintenanceGate = (app: FastifyInstance, gate: MaintenanceGate): void => {
  app.decorate('maintenance', gate);
  const refuse = (request: FastifyRequest, reply: FastifyReply): void => {
    // a refused WebSocket handshake: the socket belongs to no HTTP exchange any more, so end it after the answer
    if (request.headers.upgrade) reply.raw.once('finish', () => request.raw.socket.destroy());
    void reply
      .code(503)
      .header('retry-after', String(Math.round(MAINTENANCE_TOKEN_LIFETIME_MS / 1000)))
      .send({ message: systemMessages.serviceUnavailable });
  };
  // a callback hook: with the switch known to be off (the cached status), the request goes on without a promise
  app.addHook('onRequest', (request, reply, done) => {
    // the matched route's pattern, so no spelling of a path (encoded, odd case) slips past; the raw path for 404s
    const path = request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '';
    if (!GATED.test(path) || MAINTENANCE_OPEN_PATHS.includes(path)) return done();
    const known = gate.peek();
    if (known !== null && !known.enabled) return done();
    gate.status().then((status) => {
      // answering from a callback hook: send, and do not call done
      if (!status.enabled || gate.passes(request, status)) done();
      else refuse(request, reply);
    }, done);
  });
};
