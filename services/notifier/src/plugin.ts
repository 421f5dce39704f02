import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { notificationRoutes } from '@stramien/api';
import { bearerToken, UnauthenticatedError, type Authenticator } from '@stramien/infra';
import { DomainError, messages } from '@stramien/domain';
import type { SocketHub } from './socket/socketHub';
import type { ChannelAuth } from './socket/channelAuth';

/**
 * The notifier's HTTP surface: the WebSocket at /ws (authorised by the JWT in `?token=` or the
 * Authorization header) and POST /api/broadcasting/auth for private channels.
 */
export const registerNotifierRoutes = async (
  app: FastifyInstance,
  deps: { hub: SocketHub; channelAuth: ChannelAuth; authenticate: Authenticator },
) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/ws', { websocket: true, schema: { hide: true } }, async (socket, request) => {
    const query = request.query as { token?: unknown };
    const token = typeof query.token === 'string' ? query.token : bearerToken(request.headers.authorization);
    try {
      const user = await deps.authenticate(token);
      deps.hub.attach(socket, user.userId);
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
