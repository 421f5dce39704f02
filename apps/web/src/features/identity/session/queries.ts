import { ApiError } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api';

export const identityKeys = {
  all: ['identity'] as const,
  currentUser: () => ['identity', 'currentUser'] as const,
};

/** GET /api/user — the signed-in user with licences and roles (the contract loads with the first call: no zod on the sign-in page). */
export const fetchCurrentUser = async (signal?: AbortSignal) => {
  const { identityRoutes } = await import('./identityContracts');
  return api.call(identityRoutes.currentUser, { signal });
};

export const currentUserQuery = () =>
  queryOptions({
    queryKey: identityKeys.currentUser(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * Did the server refuse the session itself (401: unknown, expired or revoked token; 403: the account may not sign in)?
 * Only then is the stored token dropped. A request that never got an answer (cut off by a navigation, the network
 * down, the server restarting) says nothing about the session: dropping the token then would sign the user out of
 * every tab — and a page being left would even remove the token the next page has just stored.
 */
export const isSessionRefused = (error: unknown): boolean => error instanceof ApiError && (error.status === 401 || error.status === 403);
