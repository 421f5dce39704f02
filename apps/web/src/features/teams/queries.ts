import { tableRoutes, teamRoutes, type Body } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export const teamKeys = {
  all: ['teams'] as const,
  project: (projectId: string) => ['teams', projectId] as const,
  list: (projectId: string) => ['teams', projectId, 'list'] as const,
  permissions: (projectId: string, teamId: string) => ['teams', projectId, 'permissions', teamId] as const,
};

/** GET /api/teams?project[id]=&withUsers=1 — the project's teams with their users. */
export const teamsQuery = (projectId: string) =>
  queryOptions({
    queryKey: teamKeys.list(projectId),
    queryFn: async ({ signal }) => (await api.call(teamRoutes.list, { query: { 'project[id]': projectId, withUsers: '1' }, signal })).data,
  });

/** GET /api/team/:id/permissions — general, modules, SBS, workflows and tables of one team. */
export const teamPermissionsQuery = (projectId: string, teamId: string) =>
  queryOptions({
    queryKey: teamKeys.permissions(projectId, teamId),
    queryFn: async ({ signal }) => (await api.call(teamRoutes.permissions, { params: { id: teamId }, signal })).data,
  });

/** The team calls of spec 2 §7, bound to one project. */
export const teamCalls = (projectId: string) => {
  const project = { id: projectId };
  return {
    create: (name: string) => api.call(teamRoutes.create, { body: { project, name } }),
    rename: (id: string, name: string) => api.call(teamRoutes.update, { params: { id }, body: { project, name } }),
    remove: (id: string) => api.call(teamRoutes.delete, { params: { id }, body: { project } }),
    addUser: (id: string, userId: string) => api.call(teamRoutes.addUser, { params: { id }, body: { project, user: { id: userId } } }),
    removeUser: (id: string, userId: string) =>
      api.call(teamRoutes.removeUser, { params: { id, userId }, query: { 'project[id]': projectId } }),
    addModule: (id: string, moduleId: string) => api.call(teamRoutes.addModule, { params: { id, moduleId } }),
    removeModule: (id: string, moduleId: string) => api.call(teamRoutes.removeModule, { params: { id, moduleId } }),
    setGeneral: (id: string, body: Body<typeof teamRoutes.setGeneralPermissions>) =>
      api.call(teamRoutes.setGeneralPermissions, { params: { id }, body }),
    setSbs: (id: string, sbs: Body<typeof teamRoutes.setSbsPermissions>['sbs']) =>
      api.call(teamRoutes.setSbsPermissions, { params: { id }, body: { sbs } }),
    setWorkflows: (id: string, workflows: Body<typeof teamRoutes.setWorkflowPermissions>['workflows']) =>
      api.call(teamRoutes.setWorkflowPermissions, { params: { id }, body: { workflows } }),
    /** a team's rights on a table are held by the table (docs/tables.md "Permissions") */
    updateTablePermission: (id: string, body: Body<typeof tableRoutes.updatePermission>) =>
      api.call(tableRoutes.updatePermission, { params: { id }, body }),
    deleteTablePermission: (id: string) => api.call(tableRoutes.deletePermission, { params: { id } }),
  };
};
export type TeamCalls = ReturnType<typeof teamCalls>;
