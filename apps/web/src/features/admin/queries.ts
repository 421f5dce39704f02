import { collectionRoutes, companyRoutes, labelRoutes, licenceModuleRoutes } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export type DirectoryKind = 'companies' | 'collections';

export const adminKeys = {
  all: ['admin'] as const,
  labels: (licenceId: string) => ['admin', 'labels', licenceId] as const,
  modules: (licenceId: string) => ['admin', 'modules', licenceId] as const,
  directory: (kind: DirectoryKind, licenceId: string) => ['admin', kind, licenceId] as const,
};

/** GET /api/labels?filter[license]= — every label of the licence. */
export const labelsQuery = (licenceId: string) =>
  queryOptions({
    queryKey: adminKeys.labels(licenceId),
    queryFn: async ({ signal }) => (await api.call(labelRoutes.list, { query: { 'filter[license]': licenceId }, signal })).data,
  });

/** GET /api/modules/license/:id — the module catalogue with what the licence holds. */
export const licenceModulesQuery = (licenceId: string) =>
  queryOptions({
    queryKey: adminKeys.modules(licenceId),
    queryFn: async ({ signal }) => (await api.call(licenceModuleRoutes.list, { params: { id: licenceId }, signal })).data,
  });

export const directoryRoutes = { companies: companyRoutes, collections: collectionRoutes } as const;

/** GET /api/license/:id/companies or /collections. */
export const directoryQuery = (kind: DirectoryKind, licenceId: string) =>
  queryOptions({
    queryKey: adminKeys.directory(kind, licenceId),
    queryFn: async ({ signal }) => (await api.call(directoryRoutes[kind].list, { params: { id: licenceId }, signal })).data,
  });
