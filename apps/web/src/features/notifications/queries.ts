import { queryOptions } from '@tanstack/react-query';
import { downloadRoutes, type Download } from '@stramien/api';
import { api } from '../../shared/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  downloads: () => ['notifications', 'downloads'] as const,
};

/** a job still at work: the list polls while one is (its progress shows) */
export const isBusy = (download: Download): boolean => download.state === 'requested' || download.state === 'running';

/** GET /api/downloads — the user's files, polled every second while a job is at work. */
export const downloadsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.downloads(),
    queryFn: async () => (await api.call(downloadRoutes.list, { query: { limit: 100 } })).data,
    refetchInterval: (query) => (query.state.data?.some(isBusy) ? 1_000 : false),
  });
