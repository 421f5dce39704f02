import { identityRoutes } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api';

export const identityKeys = {
  all: ['identity'] as const,
  currentUser: () => ['identity', 'currentUser'] as const,
};

/** GET /api/user — the signed-in user with licences and roles. */
export const fetchCurrentUser = (signal?: AbortSignal) => api.call(identityRoutes.currentUser, { signal });

export const currentUserQuery = () =>
  queryOptions({
    queryKey: identityKeys.currentUser(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
