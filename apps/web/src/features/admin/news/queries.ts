import { newsRoutes } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api';

export const adminNewsKeys = { all: ['admin', 'news'] as const };

/** GET /api/news — every news item with all its languages (system admins). */
export const newsItemsQuery = () =>
  queryOptions({
    queryKey: adminNewsKeys.all,
    queryFn: async ({ signal }) => (await api.call(newsRoutes.list, { signal })).data,
  });
