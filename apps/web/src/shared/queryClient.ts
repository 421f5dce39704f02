import { ApiError } from '@stramien/api';
import { QueryClient } from '@tanstack/react-query';

/** Retry only what may heal on its own: network failures and 5xx other than 503 (maintenance). */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (error instanceof ApiError && (error.status < 500 || error.status === 503)) return false;
  return failureCount < 2;
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 } } });

/** The app's query cache; cleared whenever the signed-in user changes. */
export const queryClient = createQueryClient();
