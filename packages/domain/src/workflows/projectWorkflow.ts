import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';

/**
 * A workflow in a project, stream `projectWorkflow-<id>` (spec 2 "Workflow (project)"; docs/workflows.md "Streams"):
 * the builder workflow it runs, the published version new sessions start on, and its roles. A role is given to
 * teams (whose members may take its jobs) and to nodes (whose jobs it takes).
 */
const ids = { projectWorkflowId: z.string(), projectId: z.string() };
const roleIds = { ...ids, roleId: z.string() };

export const projectWorkflowEventSchemas = {
  ProjectWorkflowAdded: z.object({ ...ids, workflowId: z.string(), name: z.string(), version: z.number().int().positive() }),
  /** the name and version after the change */
  ProjectWorkflowChanged: z.object({ ...ids, name: z.string(), version: z.number().int().positive() }),
  ProjectWorkflowRemoved: z.object(ids),
  WorkflowRoleCreated: z.object({ ...roleIds, name: z.string() }),
  WorkflowRoleRenamed: z.object({ ...roleIds, name: z.string() }),
  /** its teams and nodes go with it */
  WorkflowRoleDeleted: z.object(roleIds),
  WorkflowRoleTeamAdded: z.object({ ...roleIds, teamId: z.string() }),
  WorkflowRoleTeamRemoved: z.object({ ...roleIds, teamId: z.string() }),
  WorkflowRoleNodeAdded: z.object({ ...roleIds, nodeId: z.string() }),
  WorkflowRoleNodeRemoved: z.object({ ...roleIds, nodeId: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof projectWorkflowEventSchemas;
export type ProjectWorkflowEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type ProjectWorkflowEventType = ProjectWorkflowEvent['type'];
export const projectWorkflowEventTypes = Object.keys(projectWorkflowEventSchemas) as ProjectWorkflowEventType[];
export const projectWorkflowSchemas: EventSchemas<ProjectWorkflowEvent> = projectWorkflowEventSchemas;

export interface WorkflowRole {
  roleId: string;
  name: string;
  teamIds: string[];
  nodeIds: string[];
}

export interface ProjectWorkflowState {
  exists: boolean;
  removed: boolean;
  projectWorkflowId: string;
  projectId: string;
  workflowId: string;
  name: string;
  version: number;
  roles: WorkflowRole[];
}

export const initialProjectWorkflowState = (): ProjectWorkflowState => ({
  exists: false,
  removed: false,
  projectWorkflowId: '',
  projectId: '',
  workflowId: '',
  name: '',
  version: 0,
  roles: [],
});

const withRole = (state: ProjectWorkflowState, roleId: string, change: (role: WorkflowRole) => WorkflowRole): ProjectWorkflowState => ({
  ...state,
  roles: state.roles.map((role) => (role.roleId === roleId ? change(role) : role)),
});
const adding = (list: string[], id: string): string[] => (list.includes(id) ? list : [...list, id]);

export const evolveProjectWorkflow = (state: ProjectWorkflowState, event: ProjectWorkflowEvent): ProjectWorkflowState => {
  switch (event.type) {
    case 'ProjectWorkflowAdded': {
      const { projectWorkflowId, projectId, workflowId, name, version } = event.data;
      return { ...initialProjectWorkflowState(), exists: true, projectWorkflowId, projectId, workflowId, name, version };
    }
    case 'ProjectWorkflowChanged':
      return { ...state, name: event.data.name, version: event.data.version };
    case 'ProjectWorkflowRemoved':
      return { ...state, removed: true };
    case 'WorkflowRoleCreated': {
      const { roleId, name } = event.data;
      return { ...state, roles: [...state.roles.filter((r) => r.roleId !== roleId), { roleId, name, teamIds: [], nodeIds: [] }] };
    }
    case 'WorkflowRoleRenamed':
      return withRole(state, event.data.roleId, (role) => ({ ...role, name: event.data.name }));
    case 'WorkflowRoleDeleted':
      return { ...state, roles: state.roles.filter((r) => r.roleId !== event.data.roleId) };
    case 'WorkflowRoleTeamAdded':
      return withRole(state, event.data.roleId, (role) => ({ ...role, teamIds: adding(role.teamIds, event.data.teamId) }));
    case 'WorkflowRoleTeamRemoved':
      return withRole(state, event.data.roleId, (role) => ({ ...role, teamIds: role.teamIds.filter((id) => id !== event.data.teamId) }));
    case 'WorkflowRoleNodeAdded':
      return withRole(state, event.data.roleId, (role) => ({ ...role, nodeIds: adding(role.nodeIds, event.data.nodeId) }));
    case 'WorkflowRoleNodeRemoved':
      return withRole(state, event.data.roleId, (role) => ({ ...role, nodeIds: role.nodeIds.filter((id) => id !== event.data.nodeId) }));
  }
};

/** Is the project workflow there (added and not removed)? */
export const isLiveProjectWorkflow = (state: ProjectWorkflowState): boolean => state.exists && !state.removed;

/** The roles that take a node's jobs; the teams holding one of them may take the node's jobs (`GET …/job/{id}/users`). */
export const rolesOfNode = (state: Pick<ProjectWorkflowState, 'roles'>, nodeId: string): WorkflowRole[] =>
  state.roles.filter((role) => role.nodeIds.includes(nodeId));

/** The teams whose members may take a node's jobs. */
export const teamsOfNode = (state: Pick<ProjectWorkflowState, 'roles'>, nodeId: string): string[] => [
  ...new Set(rolesOfNode(state, nodeId).flatMap((role) => role.teamIds)),
];
