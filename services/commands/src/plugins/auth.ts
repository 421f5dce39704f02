import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiTokenMessages, DomainError, type Actor } from '@stramien/domain';
import { bearerToken, UnauthenticatedError, type AuthenticatedUser, type Authenticator } from '@stramien/infra';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

export const LICENCE_HEADER = 'x-licence-id';

/** Routes an API token may never call: managing API tokens, the password and two-factor authentication. */
const CREDENTIAL_ROUTES = /^\/api\/(tokens?(\/|$)|user\/password\/|2fa\/)/;

/**
 * What an API token may call: a token without the 'write' scope only GET routes (403 otherwise), and no token
 * the routes that manage credentials (403).
 */
export const refuseApiTokenUse = (user: AuthenticatedUser, method: string, route: string): DomainError | null => {
  if (user.via !== 'api-token') return null;
  if (CREDENTIAL_ROUTES.test(route)) return new DomainError(apiTokenMessages.credentialsRefused, 403);
  // signing out ends a session; a token would answer 'Signed out' and keep working, so it must be revoked instead
  if (route === '/api/logout') return new DomainError(apiTokenMessages.signOutRefused, 403);
  if (method !== 'GET' && method !== 'HEAD' && !user.scopes?.includes('write')) return new DomainError(apiTokenMessages.readOnly, 403);
  return null;
};

/** Decorates requests with `user`; `requireUser` throws 401 when the bearer token does not authenticate. */
export const registerAuth = (app: FastifyInstance, authenticate: Authenticator): void => {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const user = await authenticate(bearerToken(request.headers.authorization));
    const refused = refuseApiTokenUse(user, request.method, request.routeOptions.url ?? request.url.split('?')[0]!);
    if (refused) throw refused;
    request.user = user;
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
  return { userId: user.userId, licenceId, isSystemAdmin: user.isSystemAdmin, licences: user.licences };
};
