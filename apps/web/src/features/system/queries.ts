import { maintenanceRoutes, systemRoutes } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export const systemKeys = {
  all: ['system'] as const,
  maintenance: () => ['system', 'maintenance'] as const,
  build: () => ['system', 'build'] as const,
};

/** GET /api/build — release number, release date and commit version. */
export const buildInfoQuery = () =>
  queryOptions({
    queryKey: systemKeys.build(),
    queryFn: ({ signal }) => api.call(systemRoutes.build, { signal }),
    staleTime: Infinity,
  });

/** GET /api/maintenance — whether maintenance mode is on (open during maintenance). */
export const fetchMaintenanceStatus = (signal?: AbortSignal) => api.call(maintenanceRoutes.maintenanceStatus, { signal });

export const maintenanceStatusQuery = () =>
  queryOptions({
    queryKey: systemKeys.maintenance(),
    queryFn: ({ signal }) => fetchMaintenanceStatus(signal),
    staleTime: 0,
    retry: false,
  });

/** POST /api/maintenance/token — the maintenance secret for a maintenance token. */
export const requestMaintenanceToken = (secret: string) => api.call(maintenanceRoutes.maintenanceToken, { body: { secret } });
