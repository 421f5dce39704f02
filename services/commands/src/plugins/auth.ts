import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '@stramien/domain';
import { bearerToken, UnauthenticatedError, type AuthenticatedUser, type Authenticator } from '@stramien/infra';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

export const LICENCE_HEADER = 'x-licence-id';

/** Decorates requests with `user`; `requireUser` throws 401 when the bearer token does not authenticate. */
export const registerAuth = (app: FastifyInstance, authenticate: Authenticator): void => {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await authenticate(bearerToken(request.headers.authorization));
  });
};

export const requireUser = (request: FastifyRequest): AuthenticatedUser => {
  if (!request.user) throw new UnauthenticatedError('Not signed in');
  return request.user;
};

/**
 * The actor of a request: the user, in the licence named by the X-Licence-Id header when they belong
 * to it, else in their first licence.
 */
export const actorOf = (request: FastifyRequest): Actor => {
  const user = requireUser(request);
  const asked = request.headers[LICENCE_HEADER];
  const licenceIds = Object.keys(user.licences);
  const licenceId = typeof asked === 'string' && (user.licences[asked] !== undefined || user.isSystemAdmin) ? asked : (licenceIds[0] ?? '');
  return { userId: user.userId, licenceId, isSystemAdmin: user.isSystemAdmin };
};
