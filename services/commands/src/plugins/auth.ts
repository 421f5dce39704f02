import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiTokenUse, type RouteContract } from '@stramien/api';
import { apiTokenMessages, DomainError, format, type Actor } from '@stramien/domain';
import { bearerToken, UnauthenticatedError, type AuthenticatedUser, type Authenticator } from '@stramien/infra';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /**
     * `authenticate` when the authenticator can answer from its cache without waiting: true when it did (the request's
     * user set), false when `authenticate` must be awaited; throws as `authenticate` rejects.
     */
    authenticateCached(request: FastifyRequest, route: RouteContract): boolean;
  }
}

export const LICENCE_HEADER = 'x-licence-id';

/**
 * What an API token may call, from the route's contract (`apiTokens`, packages/api/src/shared/contract.ts): 'never'
 * routes refuse every token (credentials, signing out), 'write' routes a token without the write scope, a named scope's
 * routes a token without that scope (403).
 */
export const refuseApiTokenUse = (
  user: AuthenticatedUser,
  route: Pick<RouteContract, 'method' | 'apiTokens' | 'apiTokenRefusal'>,
): DomainError | null => {
  if (user.via !== 'api-token') return null;
  const use = apiTokenUse(route);
  if (use === 'never') return new DomainError(route.apiTokenRefusal ?? apiTokenMessages.credentialsRefused, 403);
  if (use === 'write' && !user.scopes?.includes('write')) return new DomainError(apiTokenMessages.readOnly, 403);
  if (use !== 'read' && use !== 'write' && !user.scopes?.includes(use))
    return new DomainError(format(apiTokenMessages.scopeMissing, { scope: use }), 403);
  return null;
};

/**
 * Decorates requests with `user` and the app with `authenticate(request, route)`: 401 when the bearer token does not
 * authenticate, 403 when an API token may not call the route. `requireUser` throws 401 without a user.
 */
export const registerAuth = (
  app: FastifyInstance,
  authenticate: ((token: string | null) => Promise<AuthenticatedUser>) & Partial<Pick<Authenticator, 'cached'>>,
): void => {
  app.decorateRequest('user', null);
  const accept = (request: FastifyRequest, route: RouteContract, user: AuthenticatedUser): void => {
    const refused = refuseApiTokenUse(user, route);
    if (refused) throw refused;
    request.user = user;
  };
  app.decorate('authenticate', async (request: FastifyRequest, route: RouteContract) => {
    accept(request, route, await authenticate(bearerToken(request.headers.authorization)));
  });
  app.decorate('authenticateCached', (request: FastifyRequest, route: RouteContract): boolean => {
    const user = authenticate.cached?.(bearerToken(request.headers.authorization));
    if (user === undefined) return false;
    accept(request, route, user);
    return true;
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
