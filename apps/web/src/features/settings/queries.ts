import { queryOptions } from '@tanstack/react-query';
import type { ApiTokenCalls } from './ApiTokensSection';

export const settingsKeys = {
  all: ['settings'] as const,
  apiTokens: () => ['settings', 'api-tokens'] as const,
};

/** GET /api/user/api-tokens — the user's personal API tokens. */
export const apiTokensQuery = (calls: ApiTokenCalls) =>
  queryOptions({
    queryKey: settingsKeys.apiTokens(),
    queryFn: () => calls.list(),
  });
