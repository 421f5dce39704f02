import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { format, messages } from '../shared/messages';
import { ROLE_NAME_MAX, ROLE_NODES_MAX, ROLE_TEAMS_MAX, WORKFLOW_NAME_MAX, WORKFLOW_ROLES_MAX } from './constants';
import { tableMessages } from '../tables/messages';
import { workflowMessages } from './messages';
import {
  evolveProjectWorkflow,
  initialProjectWorkflowState,
  isLiveProjectWorkflow,
  type ProjectWorkflowEvent,
  type ProjectWorkflowState,
  type WorkflowRole,
} from './projectWorkflow';

/**
 * Commands of a project workflow and its roles. Who may send them (project admins, spec 2 §6) is checked by the
 * route; facts that need a read are established by the handler and passed in: that the version is a published
 * version of a workflow of the project's licence, that the workflow is not in the project yet, that a team is one
 * of the project's, that a node is part of the version.
 */
export type AddProjectWorkflow = Command<
  'AddProjectWorkflow',
  {
    projectWorkflowId: string;
    projectId: string;
    workflowId: string;
    name: string;
    version: number;
    versionPublished: boolean;
    alreadyInProject: boolean;
  }
>;
/** name and version: undefined keeps them */
export type ChangeProjectWorkflow = Command<'ChangeProjectWorkflow', { name?: string; version?: number; versionPublished: boolean }>;
export type RemoveProjectWorkflow = Command<'RemoveProjectWorkflow', Record<string, never>>;
export type CreateWorkflowRole = Command<'CreateWorkflowRole', { roleId: string; name: string }>;
export type RenameWorkflowRole = Command<'RenameWorkflowRole', { roleId: string; name: string }>;
export type DeleteWorkflowRole = Command<'DeleteWorkflowRole', { roleId: string }>;
export type AddWorkflowRoleTeam = Command<'AddWorkflowRoleTeam', { roleId: string; teamId: string; teamInProject: boolean }>;
export type RemoveWorkflowRoleTeam = Command<'RemoveWorkflowRoleTeam', { roleId: string; teamId: string }>;
export type AddWorkflowRoleNode = Command<'AddWorkflowRoleNode', { roleId: string; nodeId: string; nodeInVersion: boolean }>;
export type RemoveWorkflowRoleNode = Command<'RemoveWorkflowRoleNode', { roleId: string; nodeId: string }>;

export type ProjectWorkflowCommand =
  | AddProjectWorkflow
  | ChangeProjectWorkflow
  | RemoveProjectWorkflow
  | CreateWorkflowRole
  | RenameWorkflowRole
  | DeleteWorkflowRole
  | AddWorkflowRoleTeam
  | RemoveWorkflowRoleTeam
  | AddWorkflowRoleNode
  | RemoveWorkflowRoleNode;

type Result = ProjectWorkflowEvent[] | DomainError;

const invalid = (field: string, message: string, status: 409 | 422 = 422): DomainError =>
  new DomainError(status === 409 ? message : messages.shared.invalidInput, status, { [field]: [message] });
const notFound = () => new DomainError(workflowMessages.projectWorkflowNotFound, 404);
const roleNotFound = () => new DomainError(workflowMessages.roleNotFound, 404);

const nameError = (field: string, name: string, max: number): DomainError | null => {
  if (name === '') return invalid(field, messages.validation.required);
  return name.length > max ? invalid(field, format(messages.validation.tooLong, { maximum: max })) : null;
};
const versionError = (version: number, published: boolean): DomainError | null =>
  Number.isSafeInteger(version) && version > 0 && published ? null : invalid('version', workflowMessages.versionNotPublished);

const sameName = (a: string, b: string): boolean => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export const addProjectWorkflow = (command: AddProjectWorkflow, state: ProjectWorkflowState): Result => {
  if (state.exists) return new DomainError(workflowMessages.projectWorkflowExists, 409);
  const { projectWorkflowId, projectId, workflowId, version, versionPublished, alreadyInProject } = command.data;
  const name = command.data.name.trim();
  const refused =
    nameError('name', name, WORKFLOW_NAME_MAX) ??
    versionError(version, versionPublished) ??
    (alreadyInProject ? invalid('workflow', workflowMessages.projectWorkflowExists, 409) : null);
  if (refused) return refused;
  return [{ type: 'ProjectWorkflowAdded', data: { projectWorkflowId, projectId, workflowId, name, version } }];
};

export const changeProjectWorkflow = (command: ChangeProjectWorkflow, state: ProjectWorkflowState): Result => {
  if (!isLiveProjectWorkflow(state)) return notFound();
  const name = command.data.name?.trim() ?? state.name;
  const version = command.data.version ?? state.version;
  const refused =
    nameError('name', name, WORKFLOW_NAME_MAX) ?? (version === state.version ? null : versionError(version, command.data.versionPublished));
  if (refused) return refused;
  if (name === state.name && version === state.version) return [];
  const { projectWorkflowId, projectId } = state;
  return [{ type: 'ProjectWorkflowChanged', data: { projectWorkflowId, projectId, name, version } }];
};

/** Its running sessions keep their version (each copied its graph) and can still be finished. */
export const removeProjectWorkflow = (_command: RemoveProjectWorkflow, state: ProjectWorkflowState): Result => {
  if (!isLiveProjectWorkflow(state)) return notFound();
  const { projectWorkflowId, projectId } = state;
  return [{ type: 'ProjectWorkflowRemoved', data: { projectWorkflowId, projectId } }];
};

const roleNameError = (state: ProjectWorkflowState, name: string, roleId: string): DomainError | null =>
  nameError('name', name, ROLE_NAME_MAX) ??
  (state.roles.some((r) => r.roleId !== roleId && sameName(r.name, name)) ? invalid('name', workflowMessages.roleNameTaken, 409) : null);

export const createWorkflowRole = (command: CreateWorkflowRole, state: ProjectWorkflowState): Result => {
  if (!isLiveProjectWorkflow(state)) return notFound();
  const { roleId } = command.data;
  if (state.roles.some((r) => r.roleId === roleId)) return new DomainError(messages.shared.conflict, 409);
  if (state.roles.length >= WORKFLOW_ROLES_MAX)
    return new DomainError(format(workflowMessages.tooManyRoles, { maximum: WORKFLOW_ROLES_MAX }));
  const name = command.data.name.trim();
  const refused = roleNameError(state, name, roleId);
  if (refused) return refused;
  const { projectWorkflowId, projectId } = state;
  return [{ type: 'WorkflowRoleCreated', data: { projectWorkflowId, projectId, roleId, name } }];
};

/** The role a command names, or 404. */
const roleOf = (state: ProjectWorkflowState, roleId: string): WorkflowRole | DomainError => {
  if (!isLiveProjectWorkflow(state)) return notFound();
  return state.roles.find((r) => r.roleId === roleId) ?? roleNotFound();
};

export const renameWorkflowRole = (command: RenameWorkflowRole, state: ProjectWorkflowState): Result => {
  const role = roleOf(state, command.data.roleId);
  if (role instanceof DomainError) return role;
  const name = command.data.name.trim();
  if (name === role.name) return [];
  const refused = roleNameError(state, name, role.roleId);
  if (refused) return refused;
  const { projectWorkflowId, projectId } = state;
  return [{ type: 'WorkflowRoleRenamed', data: { projectWorkflowId, projectId, roleId: role.roleId, name } }];
};

export const deleteWorkflowRole = (command: DeleteWorkflowRole, state: ProjectWorkflowState): Result => {
  const role = roleOf(state, command.data.roleId);
  if (role instanceof DomainError) return role;
  const { projectWorkflowId, projectId } = state;
  return [{ type: 'WorkflowRoleDeleted', data: { projectWorkflowId, projectId, roleId: role.roleId } }];
};

export const addWorkflowRoleTeam = (command: AddWorkflowRoleTeam, state: ProjectWorkflowState): Result => {
  const role = roleOf(state, command.data.roleId);
  if (role instanceof DomainError) return role;
  const { teamId, teamInProject } = command.data;
  if (!teamInProject) return invalid('group', tableMessages.teamNotInProject);
  if (role.teamIds.includes(teamId)) return invalid('group', workflowMessages.roleTeamExists, 409);
  if (role.teamIds.length >= ROLE_TEAMS_MAX) return invalid('group', format(messages.validation.tooManyItems, { maximum: ROLE_TEAMS_MAX }));
  const { projectWorkflowId, projectId } = state;
  return [{ type: 'WorkflowRoleTeamAdded', data: { projectWorkflowId, projectId, roleId: role.roleId, teamId } }];
};

export const removeWorkflowRoleTeam = (command: RemoveWorkflowRoleTeam, state: ProjectWorkflowState): Result => {
  const role = roleOf(state, command.data.roleId);
  if (role instanceof DomainError) return role;
  const { teamId } = command.data;
  if (!role.teamIds.includes(teamId)) return new DomainError(workflowMessages.roleTeamNotFound, 404);
  const { projectWorkflowId, projectId } = state;
  return [{ type: 'WorkflowRoleTeamRemoved', data: { projectWorkflowId, projectId, roleId: role.roleId, teamId } }];
};

export const addWorkflowRoleNode = (command: AddWorkflowRoleNode, state: ProjectWorkflowState): Result => {
  const role = roleOf(state, command.data.roleId);
  if (role instanceof DomainError) return role;
  const { nodeId, nodeInVersion } = command.data;
  if (!nodeInVersion) return invalid('node', workflowMessages.nodeNotInVersion);
  if (role.nodeIds.includes(nodeId)) return invalid('node', workflowMessages.roleNodeExists, 409);
  if (role.nodeIds.length >= ROLE_NODES_MAX) return invalid('node', format(messages.validation.tooManyItems, { maximum: ROLE_NODES_MAX }));
  const { projectWorkflowId, projectId } = state;
  return [{ type: 'WorkflowRoleNodeAdded', data: { projectWorkflowId, projectId, roleId: role.roleId, nodeId } }];
};

export const removeWorkflowRoleNode = (command: RemoveWorkflowRoleNode, state: ProjectWorkflowState): Result => {
  const role = roleOf(state, command.data.roleId);
  if (role instanceof DomainError) return role;
  const { nodeId } = command.data;
  if (!role.nodeIds.includes(nodeId)) return new DomainError(workflowMessages.roleNodeNotFound, 404);
  const { projectWorkflowId, projectId } = state;
  return [{ type: 'WorkflowRoleNodeRemoved', data: { projectWorkflowId, projectId, roleId: role.roleId, nodeId } }];
};

export const decideProjectWorkflow = (command: ProjectWorkflowCommand, state: ProjectWorkflowState): Result => {
  switch (command.type) {
    case 'AddProjectWorkflow':
      return addProjectWorkflow(command, state);
    case 'ChangeProjectWorkflow':
      return changeProjectWorkflow(command, state);
    case 'RemoveProjectWorkflow':
      return removeProjectWorkflow(command, state);
    case 'CreateWorkflowRole':
      return createWorkflowRole(command, state);
    case 'RenameWorkflowRole':
      return renameWorkflowRole(command, state);
    case 'DeleteWorkflowRole':
      return deleteWorkflowRole(command, state);
    case 'AddWorkflowRoleTeam':
      return addWorkflowRoleTeam(command, state);
    case 'RemoveWorkflowRoleTeam':
      return removeWorkflowRoleTeam(command, state);
    case 'AddWorkflowRoleNode':
      return addWorkflowRoleNode(command, state);
    case 'RemoveWorkflowRoleNode':
      return removeWorkflowRoleNode(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const projectWorkflowDecider: Decider<ProjectWorkflowCommand, ProjectWorkflowEvent, ProjectWorkflowState> = {
  initialState: initialProjectWorkflowState,
  evolve: evolveProjectWorkflow,
  decide: decideProjectWorkflow,
};
