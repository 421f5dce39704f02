import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { format } from '../shared/messages';
import { isHexColour, normaliseHexColour } from '../licences/colour';
import { findModule } from './moduleCatalogue';
import { projectMessages as m } from './messages';
import { evolveProject, initialProjectState, projectAdminCount, type ProjectEvent, type ProjectState } from './project';

/** A role as POST /project names it, with the users that get it. */
export interface NewProjectRole {
  roleId: string;
  name: string;
  isProjectAdmin: boolean;
  userIds: string[];
}

/**
 * Facts the handler establishes before deciding (like SignIn's credentialsValid): which of the named users are
 * outside the project's licence, and which modules the licence may add.
 * Ids come from the handler too, so decide stays deterministic.
 */
export type CreateProject = Command<
  'CreateProject',
  {
    projectId: string;
    licenceId: string;
    name: string;
    number: string;
    description: string;
    slug: string;
    modules: { moduleId: string; pool: number }[];
    roles: NewProjectRole[];
    /** id of the 'Project admin' role added when no role is flagged is_projectadmin */
    defaultAdminRoleId: string;
    usersOutsideLicence: string[];
    /** the module ids the licence's projects may add (see availableModules) */
    availableModules: string[];
  }
>;
export type UpdateProject = Command<'UpdateProject', { name?: string; number?: string; description?: string }>;
export type ArchiveProject = Command<'ArchiveProject', Record<string, never>>;
export type RestoreProject = Command<'RestoreProject', Record<string, never>>;
export type ChangeProjectImage = Command<'ChangeProjectImage', { imageId: string; contentType: string; size: number }>;
export type AddProjectRole = Command<'AddProjectRole', { roleId: string; name: string; isProjectAdmin: boolean }>;
export type UpdateProjectRole = Command<'UpdateProjectRole', { roleId: string; name?: string; isProjectAdmin?: boolean }>;
export type RemoveProjectRole = Command<'RemoveProjectRole', { roleId: string }>;
export type AddProjectMember = Command<'AddProjectMember', { userId: string; roleId: string; inLicence: boolean }>;
export type ChangeProjectMemberRole = Command<'ChangeProjectMemberRole', { userId: string; roleId: string }>;
export type RemoveProjectMember = Command<'RemoveProjectMember', { userId: string }>;
/** The acting (non-member) admin joins the project with its first project-admin role. */
export type ConnectToProject = Command<'ConnectToProject', Record<string, never>>;
export type AddProjectToFavorites = Command<'AddProjectToFavorites', Record<string, never>>;
export type RemoveProjectFromFavorites = Command<'RemoveProjectFromFavorites', Record<string, never>>;
export type AddProjectLink = Command<'AddProjectLink', { linkId: string; name: string; link: string; color: string | null }>;
export type UpdateProjectLink = Command<'UpdateProjectLink', { linkId: string; name?: string; link?: string; color?: string | null }>;
export type RemoveProjectLink = Command<'RemoveProjectLink', { linkId: string }>;
export type AddProjectModule = Command<'AddProjectModule', { moduleId: string; pool: number; availableModules: string[] }>;
export type RemoveProjectModule = Command<'RemoveProjectModule', { moduleId: string }>;

export type ProjectCommand =
  | CreateProject
  | UpdateProject
  | ArchiveProject
  | RestoreProject
  | ChangeProjectImage
  | AddProjectRole
  | UpdateProjectRole
  | RemoveProjectRole
  | AddProjectMember
  | ChangeProjectMemberRole
  | RemoveProjectMember
  | ConnectToProject
  | AddProjectToFavorites
  | RemoveProjectFromFavorites
  | AddProjectLink
  | UpdateProjectLink
  | RemoveProjectLink
  | AddProjectModule
  | RemoveProjectModule;

type Decision = ProjectEvent[] | DomainError;

export const DEFAULT_ADMIN_ROLE_NAME = 'Project admin';

const field = (name: string, message: string, status: 422 | 404 | 409 = 422) => new DomainError(message, status, { [name]: [message] });

const mustExist = (state: ProjectState): DomainError | null => (state.exists ? null : new DomainError(m.notFound, 404));
const mustBeActive = (state: ProjectState): DomainError | null =>
  mustExist(state) ?? (state.archived ? new DomainError(m.archived, 409) : null);

const requiredText = (name: string, value: string): string | DomainError => {
  const text = value.trim();
  return text ? text : field(name, m.required);
};

const isWebAddress = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What the admin count would be if `members`/`roles` were as given. */
const adminCountAfter = (state: ProjectState, change: Partial<Pick<ProjectState, 'members' | 'roles'>>): number =>
  projectAdminCount({ members: change.members ?? state.members, roles: change.roles ?? state.roles });

export const createProject = (command: CreateProject, state: ProjectState): Decision => {
  if (state.exists) return new DomainError(m.exists, 409);
  const d = command.data;
  const name = requiredText('name', d.name);
  if (name instanceof DomainError) return name;
  const number = requiredText('number', d.number);
  if (number instanceof DomainError) return number;

  const modules: { moduleId: string; pool: number }[] = [];
  for (const wanted of d.modules) {
    const module = findModule(wanted.moduleId);
    if (!module) return field('modules', m.moduleNotFound);
    if (!d.availableModules.includes(module.id)) return field('modules', m.moduleNotLicensed);
    if (!modules.some((x) => x.moduleId === wanted.moduleId)) modules.push(wanted);
  }

  if (d.usersOutsideLicence.length > 0) return field('roles', m.userNotInLicence);
  const roles = d.roles.map((r) => ({ ...r, name: r.name.trim() }));
  for (const [i, role] of roles.entries()) {
    if (!role.name) return field('roles', m.required);
    if (roles.some((other, j) => j < i && sameName(other.name, role.name))) return field('roles', m.roleNameTaken);
  }
  const holders = roles.flatMap((r) => r.userIds);
  if (new Set(holders).size !== holders.length) return field('roles', m.oneRolePerUser);
  if (!roles.some((r) => r.isProjectAdmin)) {
    roles.unshift({ roleId: d.defaultAdminRoleId, name: DEFAULT_ADMIN_ROLE_NAME, isProjectAdmin: true, userIds: [] });
  }

  // the creator becomes a member with a project-admin role: the admin role they are named in, else the first one
  const creator = command.metadata.actor.userId;
  const creatorRole = roles.find((r) => r.isProjectAdmin && r.userIds.includes(creator)) ?? roles.find((r) => r.isProjectAdmin)!;
  const members = [
    { userId: creator, roleId: creatorRole.roleId },
    ...roles.flatMap((r) => r.userIds.filter((u) => u !== creator).map((userId) => ({ userId, roleId: r.roleId }))),
  ];

  const projectId = d.projectId;
  return [
    {
      type: 'ProjectCreated',
      data: { projectId, licenceId: d.licenceId, name, number, description: d.description.trim(), slug: d.slug },
    },
    ...roles.map((r): ProjectEvent => ({
      type: 'ProjectRoleAdded',
      data: { projectId, roleId: r.roleId, name: r.name, isProjectAdmin: r.isProjectAdmin },
    })),
    ...members.map((x): ProjectEvent => ({ type: 'ProjectMemberAdded', data: { projectId, ...x } })),
    ...modules.map((x): ProjectEvent => ({ type: 'ProjectModuleAdded', data: { projectId, ...x } })),
  ];
};

export const updateProject = (command: UpdateProject, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const name = command.data.name === undefined ? state.name : requiredText('name', command.data.name);
  if (name instanceof DomainError) return name;
  const number = command.data.number === undefined ? state.number : requiredText('number', command.data.number);
  if (number instanceof DomainError) return number;
  const description = command.data.description === undefined ? state.description : command.data.description.trim();
  if (name === state.name && number === state.number && description === state.description) return [];
  return [{ type: 'ProjectUpdated', data: { projectId: state.projectId, name, number, description } }];
};

export const archiveProject = (_command: ArchiveProject, state: ProjectState): Decision => {
  const missing = mustExist(state);
  if (missing) return missing;
  return state.archived ? [] : [{ type: 'ProjectArchived', data: { projectId: state.projectId } }];
};

export const restoreProject = (_command: RestoreProject, state: ProjectState): Decision => {
  const missing = mustExist(state);
  if (missing) return missing;
  return state.archived ? [{ type: 'ProjectRestored', data: { projectId: state.projectId } }] : [];
};

export const changeImage = (command: ChangeProjectImage, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  return [{ type: 'ProjectImageChanged', data: { projectId: state.projectId, ...command.data } }];
};

export const addRole = (command: AddProjectRole, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const name = requiredText('name', command.data.name);
  if (name instanceof DomainError) return name;
  if (state.roles[command.data.roleId]) return new DomainError(m.roleNameTaken, 409);
  if (Object.values(state.roles).some((r) => sameName(r.name, name))) return field('name', m.roleNameTaken);
  return [
    {
      type: 'ProjectRoleAdded',
      data: { projectId: state.projectId, roleId: command.data.roleId, name, isProjectAdmin: command.data.isProjectAdmin },
    },
  ];
};

export const updateRole = (command: UpdateProjectRole, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const { roleId } = command.data;
  const role = state.roles[roleId];
  if (!role) return new DomainError(m.roleNotFound, 404);
  const name = command.data.name === undefined ? role.name : requiredText('name', command.data.name);
  if (name instanceof DomainError) return name;
  if (Object.entries(state.roles).some(([id, r]) => id !== roleId && sameName(r.name, name))) return field('name', m.roleNameTaken);
  const isProjectAdmin = command.data.isProjectAdmin ?? role.isProjectAdmin;
  if (name === role.name && isProjectAdmin === role.isProjectAdmin) return [];
  if (
    role.isProjectAdmin &&
    !isProjectAdmin &&
    adminCountAfter(state, { roles: { ...state.roles, [roleId]: { name, isProjectAdmin } } }) === 0
  )
    return field('is_projectadmin', m.lastProjectAdmin);
  return [{ type: 'ProjectRoleUpdated', data: { projectId: state.projectId, roleId, name, isProjectAdmin } }];
};

export const removeRole = (command: RemoveProjectRole, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  if (!state.roles[command.data.roleId]) return new DomainError(m.roleNotFound, 404);
  if (Object.values(state.members).includes(command.data.roleId)) return new DomainError(m.roleHasMembers, 409);
  return [{ type: 'ProjectRoleRemoved', data: { projectId: state.projectId, roleId: command.data.roleId } }];
};

export const addMember = (command: AddProjectMember, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const { userId, roleId, inLicence } = command.data;
  if (!inLicence) return field('user', m.userNotInLicence);
  if (state.members[userId] !== undefined) return field('user', m.alreadyMember, 409);
  if (!state.roles[roleId]) return field('role', m.roleNotFound);
  return [{ type: 'ProjectMemberAdded', data: { projectId: state.projectId, userId, roleId } }];
};

export const changeMemberRole = (command: ChangeProjectMemberRole, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const { userId, roleId } = command.data;
  if (state.members[userId] === undefined) return new DomainError(m.notMember, 404);
  if (!state.roles[roleId]) return field('role', m.roleNotFound);
  if (state.members[userId] === roleId) return [];
  if (adminCountAfter(state, { members: { ...state.members, [userId]: roleId } }) === 0) return field('role', m.lastProjectAdmin);
  return [{ type: 'ProjectMemberRoleChanged', data: { projectId: state.projectId, userId, roleId } }];
};

export const removeMember = (command: RemoveProjectMember, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const { userId } = command.data;
  if (state.members[userId] === undefined) return new DomainError(m.notMember, 404);
  const { [userId]: _removed, ...members } = state.members;
  if (adminCountAfter(state, { members }) === 0) return new DomainError(m.lastProjectAdmin, 422);
  return [{ type: 'ProjectMemberRemoved', data: { projectId: state.projectId, userId } }];
};

export const connect = (command: ConnectToProject, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const userId = command.metadata.actor.userId;
  if (state.members[userId] !== undefined) return [];
  const roleId = Object.keys(state.roles).find((id) => state.roles[id]!.isProjectAdmin);
  if (!roleId) return new DomainError(m.roleNotFound, 422);
  return [{ type: 'ProjectMemberAdded', data: { projectId: state.projectId, userId, roleId } }];
};

export const addToFavorites = (command: AddProjectToFavorites, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const userId = command.metadata.actor.userId;
  return state.favorites.includes(userId) ? [] : [{ type: 'ProjectAddedToFavorites', data: { projectId: state.projectId, userId } }];
};

export const removeFromFavorites = (command: RemoveProjectFromFavorites, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const userId = command.metadata.actor.userId;
  return state.favorites.includes(userId) ? [{ type: 'ProjectRemovedFromFavorites', data: { projectId: state.projectId, userId } }] : [];
};

const linkFields = (input: { name: string; link: string; color: string | null }) => {
  const name = requiredText('name', input.name);
  if (name instanceof DomainError) return name;
  const link = requiredText('link', input.link);
  if (link instanceof DomainError) return link;
  if (!isWebAddress(link)) return field('link', m.invalidLink);
  if (input.color !== null && !isHexColour(input.color)) return field('color', m.invalidHexColour);
  return { name, link, color: input.color === null ? null : normaliseHexColour(input.color) };
};

export const addLink = (command: AddProjectLink, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  if (state.links[command.data.linkId]) return new DomainError(m.exists, 409);
  const fields = linkFields(command.data);
  if (fields instanceof DomainError) return fields;
  return [{ type: 'ProjectLinkAdded', data: { projectId: state.projectId, linkId: command.data.linkId, ...fields } }];
};

export const updateLink = (command: UpdateProjectLink, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const current = state.links[command.data.linkId];
  if (!current) return new DomainError(m.linkNotFound, 404);
  const fields = linkFields({
    name: command.data.name ?? current.name,
    link: command.data.link ?? current.link,
    color: command.data.color === undefined ? current.color : command.data.color,
  });
  if (fields instanceof DomainError) return fields;
  if (fields.name === current.name && fields.link === current.link && fields.color === current.color) return [];
  return [{ type: 'ProjectLinkUpdated', data: { projectId: state.projectId, linkId: command.data.linkId, ...fields } }];
};

export const removeLink = (command: RemoveProjectLink, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  if (!state.links[command.data.linkId]) return new DomainError(m.linkNotFound, 404);
  return [{ type: 'ProjectLinkRemoved', data: { projectId: state.projectId, linkId: command.data.linkId } }];
};

/** Adds a module with its pool; adding it again with another pool sets the new pool. */
export const addModule = (command: AddProjectModule, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  const { moduleId, pool, availableModules } = command.data;
  if (!findModule(moduleId)) return new DomainError(m.moduleNotFound, 404);
  if (!availableModules.includes(moduleId)) return new DomainError(m.moduleNotLicensed, 422);
  if (state.modules[moduleId] === pool) return [];
  return [{ type: 'ProjectModuleAdded', data: { projectId: state.projectId, moduleId, pool } }];
};

export const removeModule = (command: RemoveProjectModule, state: ProjectState): Decision => {
  const refused = mustBeActive(state);
  if (refused) return refused;
  if (state.modules[command.data.moduleId] === undefined) return new DomainError(m.moduleNotInProject, 404);
  return [{ type: 'ProjectModuleRemoved', data: { projectId: state.projectId, moduleId: command.data.moduleId } }];
};

export const decideProject = (command: ProjectCommand, state: ProjectState): Decision => {
  switch (command.type) {
    case 'CreateProject':
      return createProject(command, state);
    case 'UpdateProject':
      return updateProject(command, state);
    case 'ArchiveProject':
      return archiveProject(command, state);
    case 'RestoreProject':
      return restoreProject(command, state);
    case 'ChangeProjectImage':
      return changeImage(command, state);
    case 'AddProjectRole':
      return addRole(command, state);
    case 'UpdateProjectRole':
      return updateRole(command, state);
    case 'RemoveProjectRole':
      return removeRole(command, state);
    case 'AddProjectMember':
      return addMember(command, state);
    case 'ChangeProjectMemberRole':
      return changeMemberRole(command, state);
    case 'RemoveProjectMember':
      return removeMember(command, state);
    case 'ConnectToProject':
      return connect(command, state);
    case 'AddProjectToFavorites':
      return addToFavorites(command, state);
    case 'RemoveProjectFromFavorites':
      return removeFromFavorites(command, state);
    case 'AddProjectLink':
      return addLink(command, state);
    case 'UpdateProjectLink':
      return updateLink(command, state);
    case 'RemoveProjectLink':
      return removeLink(command, state);
    case 'AddProjectModule':
      return addModule(command, state);
    case 'RemoveProjectModule':
      return removeModule(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const projectDecider: Decider<ProjectCommand, ProjectEvent, ProjectState> = {
  initialState: initialProjectState,
  evolve: evolveProject,
  decide: decideProject,
};

/** The success message of adding or removing a module, with its catalogue name. */
export const moduleMessage = (template: string, moduleId: string): string =>
  format(template, { name: findModule(moduleId)?.name ?? moduleId });
