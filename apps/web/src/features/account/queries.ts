import { accountRoutes } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { accountCalls, type AccountCalls } from './calls';

export const accountKeys = {
  all: ['account'] as const,
  devMail: () => ['account', 'dev-mail'] as const,
  invitation: (token: string) => ['account', 'invitation', token] as const,
};

/** GET /api/dev/mail — the embedded mail adapter's outbox (system admins). */
export const devMailQuery = () =>
  queryOptions({
    queryKey: accountKeys.devMail(),
    queryFn: ({ signal }) => api.call(accountRoutes.devMail, { query: { limit: 200 }, signal }),
    staleTime: 0,
    retry: false,
  });

/** POST /api/user/invite/details — who an invitation is for; read once. */
export const invitationQuery = (token: string, calls: AccountCalls = accountCalls) =>
  queryOptions({
    queryKey: accountKeys.invitation(token),
    queryFn: () => calls.invitation(token),
    retry: false,
    staleTime: Infinity,
  });
