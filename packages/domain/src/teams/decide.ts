import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { format } from '../shared/messages';
import { findModule } from '../projects/moduleCatalogue';
import type { GeneralPermissions } from '../permissions/permissions';
import { teamMessages } from './messages';
import {
  evolveTeam,
  initialTeamState,
  TEAM_NAME_MAX,
  type SbsPermission,
  type TeamEvent,
  type TeamState,
  type WorkflowPermission,
} from './team';

/**
 * Commands of the team aggregate. Who may send them (`can(subject, 'project-settings')`) is checked by the
 * route before deciding; facts that need a read (is the name free in the project, is the user in the
 * project's licence, does the project have the module) are established by the handler and passed in.
 */
export type CreateTeam = Command<'CreateTeam', { teamId: string; projectId: string; licenceId: string; name: string; nameTaken: boolean }>;
export type RenameTeam = Command<'RenameTeam', { name: string; nameTaken: boolean }>;
export type DeleteTeam = Command<'DeleteTeam', Record<string, never>>;
export type AddTeamUser = Command<'AddTeamUser', { userId: string; userInLicence: boolean }>;
export type RemoveTeamUser = Command<'RemoveTeamUser', { userId: string }>;
export type AddTeamModule = Command<'AddTeamModule', { moduleId: string; projectHasModule: boolean }>;
export type RemoveTeamModule = Command<'RemoveTeamModule', { moduleId: string }>;
export type SetTeamGeneralPermissions = Command<'SetTeamGeneralPermissions', { general: Partial<GeneralPermissions> }>;
export type SetTeamSbsPermissions = Command<'SetTeamSbsPermissions', { sbs: SbsPermission[] }>;
export type SetTeamWorkflowPermissions = Command<'SetTeamWorkflowPermissions', { workflows: WorkflowPermission[] }>;

export type TeamCommand =
  | CreateTeam
  | RenameTeam
  | DeleteTeam
  | AddTeamUser
  | RemoveTeamUser
  | AddTeamModule
  | RemoveTeamModule
  | SetTeamGeneralPermissions
  | SetTeamSbsPermissions
  | SetTeamWorkflowPermissions;

const notFound = () => new DomainError(teamMessages.notFound, 404);
const mustBeLive = (state: TeamState): DomainError | null => (state.exists && !state.deleted ? null : notFound());

const nameError = (name: string, nameTaken: boolean): DomainError | null => {
  const trimmed = name.trim();
  if (trimmed === '') return new DomainError(teamMessages.nameRequired, 422, { name: [teamMessages.nameRequired] });
  if (trimmed.length > TEAM_NAME_MAX) return new DomainError(teamMessages.nameTooLong, 422, { name: [teamMessages.nameTooLong] });
  if (nameTaken) return new DomainError(teamMessages.nameTaken, 409, { name: [teamMessages.nameTaken] });
  return null;
};

export const createTeam = (command: CreateTeam, state: TeamState): TeamEvent[] | DomainError => {
  if (state.exists) return new DomainError(teamMessages.alreadyExists, 409);
  const { teamId, projectId, licenceId, name, nameTaken } = command.data;
  const invalid = nameError(name, nameTaken);
  if (invalid) return invalid;
  return [{ type: 'TeamCreated', data: { teamId, projectId, licenceId, name: name.trim() } }];
};

export const renameTeam = (command: RenameTeam, state: TeamState): TeamEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const name = command.data.name.trim();
  if (name === state.name) return [];
  // renaming 'design' to 'Design' is not a clash with itself
  const invalid = nameError(name, command.data.nameTaken && name.toLocaleLowerCase() !== state.name.toLocaleLowerCase());
  if (invalid) return invalid;
  return [{ type: 'TeamRenamed', data: { teamId: state.teamId, name } }];
};

export const deleteTeam = (_command: DeleteTeam, state: TeamState): TeamEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  return [{ type: 'TeamDeleted', data: { teamId: state.teamId, projectId: state.projectId } }];
};

export const addTeamUser = (command: AddTeamUser, state: TeamState): TeamEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const { userId, userInLicence } = command.data;
  // a user outside the project's licence is not even known here
  if (!userInLicence) return new DomainError(teamMessages.userNotFound, 404);
  if (state.userIds.includes(userId)) return [];
  return [{ type: 'TeamUserAdded', data: { teamId: state.teamId, userId } }];
};

export const removeTeamUser = (command: RemoveTeamUser, state: TeamState): TeamEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  if (!state.userIds.includes(command.data.userId)) return new DomainError(teamMessages.userNotFound, 404);
  return [{ type: 'TeamUserRemoved', data: { teamId: state.teamId, userId: command.data.userId } }];
};

export const addTeamModule = (command: AddTeamModule, state: TeamState): TeamEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const { moduleId, projectHasModule } = command.data;
  if (!findModule(moduleId)) return new DomainError(teamMessages.moduleNotFound, 404);
  if (!projectHasModule) return new DomainError(teamMessages.moduleNotInProject, 422);
  if (state.modules.includes(moduleId)) return [];
  return [{ type: 'TeamModuleAdded', data: { teamId: state.teamId, moduleId } }];
};

export const removeTeamModule = (command: RemoveTeamModule, state: TeamState): TeamEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  if (!state.modules.includes(command.data.moduleId)) return new DomainError(teamMessages.moduleNotFound, 404);
  return [{ type: 'TeamModuleRemoved', data: { teamId: state.teamId, moduleId: command.data.moduleId } }];
};

export const setGeneralPermissions = (command: SetTeamGeneralPermissions, state: TeamState): TeamEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const general: GeneralPermissions = { ...state.general };
  for (const [app, value] of Object.entries(command.data.general))
    if (value !== undefined) general[app as keyof GeneralPermissions] = value;
  if (JSON.stringify(general) === JSON.stringify(state.general)) return [];
  return [{ type: 'TeamGeneralPermissionsChanged', data: { teamId: state.teamId, general } }];
};

const hasDuplicates = (keys: string[]): boolean => new Set(keys).size !== keys.length;
const sameList = <T>(a: T[], b: T[], key: (x: T) => string): boolean =>
  JSON.stringify([...a].map(key).sort()) === JSON.stringify([...b].map(key).sort());

export const setSbsPermissions = (command: SetTeamSbsPermissions, state: TeamState): TeamEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const sbs = command.data.sbs.map((p) => ({ code: p.code.trim(), access: p.access }));
  if (hasDuplicates(sbs.map((p) => p.code)))
    return new DomainError(teamMessages.duplicateSbsCode, 422, { sbs: [teamMessages.duplicateSbsCode] });
  if (sameList(sbs, state.sbs, (p) => `${p.code}\u0000${p.access}`)) return [];
  return [{ type: 'TeamSbsPermissionsChanged', data: { teamId: state.teamId, sbs } }];
};

export const setWorkflowPermissions = (command: SetTeamWorkflowPermissions, state: TeamState): TeamEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const { workflows } = command.data;
  if (hasDuplicates(workflows.map((p) => p.workflowId)))
    return new DomainError(teamMessages.duplicateWorkflow, 422, { workflows: [teamMessages.duplicateWorkflow] });
  if (sameList(workflows, state.workflows, (p) => `${p.workflowId}\u0000${p.access}`)) return [];
  return [{ type: 'TeamWorkflowPermissionsChanged', data: { teamId: state.teamId, workflows } }];
};

export const decideTeam = (command: TeamCommand, state: TeamState): TeamEvent[] | DomainError => {
  switch (command.type) {
    case 'CreateTeam':
      return createTeam(command, state);
    case 'RenameTeam':
      return renameTeam(command, state);
    case 'DeleteTeam':
      return deleteTeam(command, state);
    case 'AddTeamUser':
      return addTeamUser(command, state);
    case 'RemoveTeamUser':
      return removeTeamUser(command, state);
    case 'AddTeamModule':
      return addTeamModule(command, state);
    case 'RemoveTeamModule':
      return removeTeamModule(command, state);
    case 'SetTeamGeneralPermissions':
      return setGeneralPermissions(command, state);
    case 'SetTeamSbsPermissions':
      return setSbsPermissions(command, state);
    case 'SetTeamWorkflowPermissions':
      return setWorkflowPermissions(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  initialState: initialTeamState,
  evolve: evolveTeam,
  decide: decideTeam,
};

/** 'Successfully created team {name}' for a team name. */
export const teamCreatedMessage = (name: string): string => format(teamMessages.created, { name });
