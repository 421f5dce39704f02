import { securityRoutes } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export const systemKeys = {
  all: ['system'] as const,
  maintenance: () => ['system', 'maintenance'] as const,
};

/** GET /api/maintenance — whether maintenance mode is on (open during maintenance). */
export const fetchMaintenanceStatus = (signal?: AbortSignal) => api.call(securityRoutes.maintenanceStatus, { signal });

export const maintenanceStatusQuery = () =>
  queryOptions({
    queryKey: systemKeys.maintenance(),
    queryFn: ({ signal }) => fetchMaintenanceStatus(signal),
    staleTime: 0,
    retry: false,
  });

/** POST /api/maintenance/token — the maintenance secret for a maintenance token. */
export const requestMaintenanceToken = (secret: string) => api.call(securityRoutes.maintenanceToken, { body: { secret } });
