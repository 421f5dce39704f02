import { sbsRoutes } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export const sbsKeys = {
  all: ['sbs'] as const,
  project: (projectId: string) => ['sbs', projectId] as const,
  versions: (projectId: string) => ['sbs', projectId, 'versions'] as const,
  permissions: (projectId: string) => ['sbs', projectId, 'permissions'] as const,
  tree: (projectId: string, version: string, at: string) => ['sbs', projectId, 'tree', version, at] as const,
  children: (projectId: string, nodeId: string, at: string) => ['sbs', projectId, 'children', nodeId, at] as const,
  search: (projectId: string, version: string, value: string, mode: 'tree' | 'flat') =>
    ['sbs', projectId, 'search', version, mode, value] as const,
  list: (projectId: string, version: string, code: string) => ['sbs', projectId, 'list', version, code] as const,
  node: (projectId: string, nodeId: string) => ['sbs', projectId, 'node', nodeId] as const,
  history: (projectId: string, nodeId: string) => ['sbs', projectId, 'history', nodeId] as const,
};

/** `timestamp` of a call: the moment the user picked, or none for now */
const asOf = (at: string) => (at ? { timestamp: new Date(at).toISOString() } : {});

/** GET /sbs-versions — the default version first. */
export const sbsVersionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: sbsKeys.versions(projectId),
    queryFn: async ({ signal }) => (await api.call(sbsRoutes.versions, { params: { id: projectId }, signal })).data,
  });

/** GET /sbs-permissions — what the signed-in user may do. */
export const sbsPermissionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: sbsKeys.permissions(projectId),
    queryFn: async ({ signal }) => (await api.call(sbsRoutes.permissions, { params: { id: projectId }, signal })).data,
  });

/** GET /sbs-tree — the roots of a version, now or as of `at` (a datetime-local value, '' for now). */
export const sbsTreeQuery = (projectId: string, version: string, at = '') =>
  queryOptions({
    queryKey: sbsKeys.tree(projectId, version, at),
    queryFn: async ({ signal }) =>
      (await api.call(sbsRoutes.tree, { params: { id: projectId }, query: { version, ...asOf(at) }, signal })).data,
  });

/** GET /sbs/:id/children — loaded when a node opens. */
export const sbsChildrenQuery = (projectId: string, nodeId: string, at = '') =>
  queryOptions({
    queryKey: sbsKeys.children(projectId, nodeId, at),
    queryFn: async ({ signal }) =>
      (await api.call(sbsRoutes.children, { params: { id: projectId, sbsId: nodeId }, query: asOf(at), signal })).data,
  });

/** GET /sbs-tree/search (tree) or /sbs-search (flat). */
export const sbsSearchQuery = (projectId: string, version: string, value: string, mode: 'tree' | 'flat') =>
  queryOptions({
    queryKey: sbsKeys.search(projectId, version, value, mode),
    queryFn: async ({ signal }) =>
      (
        await api.call(mode === 'tree' ? sbsRoutes.treeSearch : sbsRoutes.search, {
          params: { id: projectId },
          query: { version, value },
          signal,
        })
      ).data,
  });

/** GET /sbs — a version's records whose code contains `code`, at most 500, for the management list. */
export const sbsListQuery = (projectId: string, version: string, code: string) =>
  queryOptions({
    queryKey: sbsKeys.list(projectId, version, code),
    queryFn: async ({ signal }) =>
      (
        await api.call(sbsRoutes.list, {
          params: { id: projectId },
          query: { 'filter[version]': version, 'filter[limit]': 500, ...(code ? { 'filter[code]': code } : {}) },
          signal,
        })
      ).data,
  });

/** GET /sbs/:id/history — who changed what when. */
export const sbsHistoryQuery = (projectId: string, nodeId: string) =>
  queryOptions({
    queryKey: sbsKeys.history(projectId, nodeId),
    queryFn: async ({ signal }) => (await api.call(sbsRoutes.history, { params: { id: projectId, sbsId: nodeId }, signal })).data,
  });

/** The SBS changes of spec 2 §7, bound to one project. */
export const sbsCalls = (projectId: string) => {
  const params = { id: projectId };
  return {
    create: (version: string, body: { code: string; label: string; parent_code: string }) =>
      api.call(sbsRoutes.create, { params, body: { version, ...body } }),
    update: (sbsId: string, body: { code: string; label: string; parent_code: string }) =>
      api.call(sbsRoutes.update, { params: { ...params, sbsId }, body }),
    remove: (sbsId: string) => api.call(sbsRoutes.delete, { params: { ...params, sbsId } }),
    removeMany: (ids: string[]) => api.call(sbsRoutes.deleteMany, { params, body: { ids } }),
    clear: (version: string) => api.call(sbsRoutes.clear, { params, query: { version } }),
    import: (version: string, file: string) => api.call(sbsRoutes.import, { params, body: { version, file } }),
    createVersion: (name: string) => api.call(sbsRoutes.createVersion, { params, body: { name } }),
    removeVersion: (versionId: string) => api.call(sbsRoutes.deleteVersion, { params: { ...params, versionId } }),
  };
};
export type SbsCalls = ReturnType<typeof sbsCalls>;
