import { projectWorkflowRoutes as routes, type ProjectWorkflowView, type WorkflowRoleView } from '@stramien/api';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';

export const projectWorkflowKeys = {
  all: ['projectWorkflows'] as const,
  project: (projectId: string) => ['projectWorkflows', projectId] as const,
  list: (projectId: string) => ['projectWorkflows', projectId, 'list'] as const,
  inLicense: (projectId: string) => ['projectWorkflows', projectId, 'inLicense'] as const,
  detail: (projectId: string, workflowId: string) => ['projectWorkflows', projectId, 'detail', workflowId] as const,
  roleTeams: (projectId: string, workflowId: string) => ['projectWorkflows', projectId, 'roleTeams', workflowId] as const,
  roleNodes: (projectId: string, workflowId: string) => ['projectWorkflows', projectId, 'roleNodes', workflowId] as const,
};

/** The log position of the user's last project workflow command: reads send it, so they show the change (X-Min-Position). */
let lastPosition = 0;
const rememberPosition = (position: number): void => {
  lastPosition = Math.max(lastPosition, position);
};
const minPosition = () => (lastPosition > 0 ? { minPosition: lastPosition } : {});

/** GET /api/project/:id/workflows — the project's workflows the user may see, with their roles and the user's rights. */
export const projectWorkflowsQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectWorkflowKeys.list(projectId),
    queryFn: async ({ signal }) => (await api.call(routes.list, { params: { id: projectId }, signal, ...minPosition() })).data,
  });

/** GET /api/project/:id/workflows/inLicense — the licence's published workflows a project admin may add. */
export const licenceWorkflowsQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectWorkflowKeys.inLicense(projectId),
    queryFn: async ({ signal }) => (await api.call(routes.inLicense, { params: { id: projectId }, signal, ...minPosition() })).data,
  });

/** GET /api/project/:id/workflow/:workflowId — one project workflow with its roles. */
export const projectWorkflowQuery = (projectId: string, workflowId: string) =>
  queryOptions({
    queryKey: projectWorkflowKeys.detail(projectId, workflowId),
    queryFn: async ({ signal }) => (await api.call(routes.get, { params: { id: projectId, workflowId }, signal, ...minPosition() })).data,
    retry: false,
  });

/** GET …/roles/teams — the project's teams, each with the roles of this workflow it holds. */
export const roleTeamsQuery = (projectId: string, workflowId: string) =>
  queryOptions({
    queryKey: projectWorkflowKeys.roleTeams(projectId, workflowId),
    queryFn: async ({ signal }) =>
      (await api.call(routes.roleTeams, { params: { id: projectId, workflowId }, signal, ...minPosition() })).data,
  });

/** GET …/roles/nodes — the nodes of the version the workflow runs, each with the roles that take its jobs. */
export const roleNodesQuery = (projectId: string, workflowId: string) =>
  queryOptions({
    queryKey: projectWorkflowKeys.roleNodes(projectId, workflowId),
    queryFn: async ({ signal }) =>
      (await api.call(routes.roleNodes, { params: { id: projectId, workflowId }, signal, ...minPosition() })).data,
  });

/** The project workflow calls of spec 2 §7, bound to one project; each remembers its answer's position. */
export const workflowCalls = (projectId: string) => {
  const at = (workflowId: string) => ({ id: projectId, workflowId });
  const role = (workflowId: string, roleId: string) => ({ ...at(workflowId), roleId });
  const remembered = async <T extends { position: number }>(call: Promise<T>): Promise<T> => {
    const answer = await call;
    rememberPosition(answer.position);
    return answer;
  };
  return {
    add: (body: { workflow: string; version?: number; name?: string }) =>
      remembered(api.call(routes.add, { params: { id: projectId }, body })),
    update: (workflowId: string, body: { name?: string; version?: number }) =>
      remembered(api.call(routes.update, { params: at(workflowId), body })),
    remove: (workflowId: string) => remembered(api.call(routes.remove, { params: at(workflowId) })),
    createRole: (workflowId: string, name: string) => remembered(api.call(routes.createRole, { params: at(workflowId), body: { name } })),
    renameRole: (workflowId: string, roleId: string, name: string) =>
      remembered(api.call(routes.updateRole, { params: role(workflowId, roleId), body: { name } })),
    deleteRole: (workflowId: string, roleId: string) => remembered(api.call(routes.deleteRole, { params: role(workflowId, roleId) })),
    addTeam: (workflowId: string, roleId: string, teamId: string) =>
      remembered(api.call(routes.addRoleTeam, { params: role(workflowId, roleId), body: { group: teamId } })),
    removeTeam: (workflowId: string, roleId: string, teamId: string) =>
      remembered(api.call(routes.removeRoleTeam, { params: { ...role(workflowId, roleId), teamId } })),
    addNode: (workflowId: string, roleId: string, nodeId: string) =>
      remembered(api.call(routes.addRoleNode, { params: role(workflowId, roleId), body: { node: nodeId } })),
    removeNode: (workflowId: string, roleId: string, nodeId: string) =>
      remembered(api.call(routes.removeRoleNode, { params: { ...role(workflowId, roleId), nodeId } })),
  };
};
export type WorkflowCalls = ReturnType<typeof workflowCalls>;

/** Puts a project workflow as a command answered it into the cache, and refreshes what lists it. */
export const storeWorkflow = (queryClient: QueryClient, workflow: ProjectWorkflowView): void => {
  queryClient.setQueryData(projectWorkflowKeys.detail(workflow.project_id, workflow.id), workflow);
  void queryClient.invalidateQueries({ queryKey: projectWorkflowKeys.list(workflow.project_id) });
  void queryClient.invalidateQueries({ queryKey: projectWorkflowKeys.roleNodes(workflow.project_id, workflow.id) });
};

/**
 * Puts a role as a command answered it into its workflow's cached view (`null`: the role is gone), and refreshes the
 * teams' and nodes' role lists.
 */
export const storeRole = (
  queryClient: QueryClient,
  projectId: string,
  workflowId: string,
  roleId: string,
  role: WorkflowRoleView | null,
) => {
  queryClient.setQueryData<ProjectWorkflowView>(projectWorkflowKeys.detail(projectId, workflowId), (workflow) => {
    if (!workflow) return workflow;
    const others = workflow.roles.filter((r) => r.id !== roleId);
    const exists = workflow.roles.some((r) => r.id === roleId);
    const roles = role === null ? others : exists ? workflow.roles.map((r) => (r.id === roleId ? role : r)) : [...workflow.roles, role];
    return { ...workflow, roles };
  });
  void queryClient.invalidateQueries({ queryKey: projectWorkflowKeys.roleTeams(projectId, workflowId) });
  void queryClient.invalidateQueries({ queryKey: projectWorkflowKeys.roleNodes(projectId, workflowId) });
  void queryClient.invalidateQueries({ queryKey: projectWorkflowKeys.list(projectId) });
};
