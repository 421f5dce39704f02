import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { notificationRoutes } from '@stramien/api';
import { bearerToken, UnauthenticatedError, type Authenticator } from '@stramien/infra';
import { DomainError, messages } from '@stramien/domain';
import type { SocketHub } from './socket/socketHub';
import type { ChannelAuth } from './socket/channelAuth';

export const ORIGIN_REFUSED = 'Origin not allowed';

/** `scheme://host[:port]` of a URL, or null when it is not one */
const originOf = (url: string): string | null => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
};

/** How the client reached this server: the scheme (`http`/`https`, X-Forwarded-Proto when the proxy is trusted) and Host. */
export interface ReachedAs {
  protocol: string;
  host: string;
}

/**
 * A browser always sends Origin on a WebSocket handshake: it must be this server as the client reached it (scheme,
 * host and port: a page on http:// does not pass for an app served on https://) or one of the configured origins.
 * Without Origin the client is not a browser, so no other site is driving it.
 */
export const originAllowed = (origin: string | undefined, reached: ReachedAs, allowed: ReadonlySet<string>): boolean => {
  if (origin === undefined) return true;
  const parsed = originOf(origin);
  if (parsed === null) return false;
  return allowed.has(parsed) || parsed === originOf(`${reached.protocol.toLowerCase()}://${reached.host}`);
};

/**
 * The notifier's HTTP surface: the WebSocket at /ws (authorised by the JWT in `?token=` or the
 * Authorization header) and POST /api/broadcasting/auth for private channels.
 */
export const registerNotifierRoutes = async (
  app: FastifyInstance,
  deps: {
    hub: SocketHub;
    channelAuth: ChannelAuth;
    authenticate: Authenticator;
    /** origins allowed besides the request's own host, e.g. the configured public URL behind a proxy */
    allowedOrigins?: readonly string[];
  },
) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const allowed = new Set((deps.allowedOrigins ?? []).map(originOf).filter((o): o is string => o !== null));
  // refuse a cross-site WebSocket handshake (CSWSH) before the upgrade; clients without Origin (no browser) pass
  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!originAllowed(request.headers.origin, { protocol: request.protocol, host: request.host }, allowed)) {
      return reply.code(403).send({ message: ORIGIN_REFUSED });
    }
  };
  app.get('/ws', { websocket: true, schema: { hide: true }, preValidation: checkOrigin }, async (socket, request) => {
    const query = request.query as { token?: unknown };
    const token = typeof query.token === 'string' ? query.token : bearerToken(request.headers.authorization);
    try {
      const user = await deps.authenticate(token);
      deps.hub.attach(socket, user.userId, user.sessionId);
    } catch {
      socket.close(4401, messages.shared.unauthenticated);
    }
  });
  const route = notificationRoutes.broadcastingAuth;
  app.route({
    method: route.method,
    url: route.path,
    schema: { summary: route.summary, tags: [route.tag], security: [{ bearer: [] }], body: route.body, response: { 200: route.response } },
    handler: async (request) => {
      const user = await deps.authenticate(bearerToken(request.headers.authorization)).catch((e: unknown) => {
        throw e instanceof UnauthenticatedError ? e : new UnauthenticatedError('Invalid token');
      });
      const body = request.body as { socket_id: string; channel_name: string };
      const auth = deps.channelAuth.authorise(user.userId, body.socket_id, body.channel_name);
      if (!auth) throw new DomainError(messages.shared.forbidden, 403);
      return { auth };
    },
  });
};
