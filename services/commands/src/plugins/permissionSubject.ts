import type { FastifyRequest } from 'fastify';
import {
  ALL_GENERAL_PERMISSIONS,
  DomainError,
  NO_GENERAL_PERMISSIONS,
  licenceMessages,
  projectMessages,
  can,
  isUserAdmin,
  mergeGeneralPermissions,
  messages,
  type GeneralPermissions,
  type PermissionCheck,
  type PermissionContext,
  type PermissionSubject,
} from '@stramien/domain';
import type { DocumentStore } from '@stramien/infra';
import type { AuthenticatedUser } from '@stramien/infra';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import { LICENCE_HEADER, requireUser } from './auth';
import { projectById, userTeamsOfProject } from './projectReadCache';

/** A team as the teams read model (`teams` collection) holds it; only what permissions need. */
export interface TeamPermissionDoc {
  _id: string;
  projectId: string;
  licenceId: string;
  name: string;
  userIds: string[];
  general: Partial<GeneralPermissions>;
  modules: string[];
  [key: string]: unknown;
}

export interface PermissionDeps {
  adapters: { documentStore: DocumentStore };
}

/** Everything a project route knows about the acting user in one project. */
export interface ProjectAccess {
  user: AuthenticatedUser;
  subject: PermissionSubject;
  project: ProjectDoc;
  /** the user's teams in this project */
  teams: TeamPermissionDoc[];
  /** the user's role in the project, when a member */
  roleId: string | null;
}

export const PROJECTS_COLLECTION = 'projects';
export const TEAMS_COLLECTION = 'teams';

const projectNotFound = () => new DomainError(projectMessages.notFound, 404);

/** Licence admin flag of the user on a licence (system admins count as admins of every licence through isUserAdmin). */
const licenceAdmin = (user: AuthenticatedUser, licenceId: string | undefined): boolean =>
  licenceId !== undefined && user.licences[licenceId] === true;

/** The licence named by the X-Licence-Id header when the user belongs to it, else their first licence. */
export const selectedLicenceId = (request: FastifyRequest, user: AuthenticatedUser = requireUser(request)): string | undefined => {
  const asked = request.headers[LICENCE_HEADER];
  if (typeof asked === 'string' && (user.licences[asked] !== undefined || user.isSystemAdmin)) return asked;
  return Object.keys(user.licences)[0];
};

/** May the user see anything of this licence at all? (its users, or a system admin) */
export const belongsToLicence = (user: AuthenticatedUser, licenceId: string): boolean =>
  user.isSystemAdmin || user.licences[licenceId] !== undefined;

/**
 * A project's members by user id, made once per project document: the read-model cache hands every request the same
 * frozen document while the projects collection is not written (a project has hundreds of members; a find per request
 * walked them)
 */
const membersByUser = new WeakMap<ProjectDoc, Map<string, ProjectDoc['members'][number]>>();
const memberOf = (project: ProjectDoc, userId: string): ProjectDoc['members'][number] | undefined => {
  let members = membersByUser.get(project);
  if (members === undefined) {
    members = new Map();
    for (const member of project.members) if (!members.has(member.userId)) members.set(member.userId, member);
    membersByUser.set(project, members);
  }
  return members.get(userId);
};

/** the union of a user's teams' flags, once per list of teams (the read-model cache's lists are frozen and shared) */
const mergedPermissions = new WeakMap<readonly TeamPermissionDoc[], GeneralPermissions>();
const teamsPermissions = (teams: TeamPermissionDoc[]): GeneralPermissions => {
  let merged = mergedPermissions.get(teams);
  if (merged === undefined) {
    merged = Object.freeze(mergeGeneralPermissions(teams.map((t) => t.general ?? {})));
    mergedPermissions.set(teams, merged);
  }
  return merged;
};

/**
 * The user's standing in a project, from the projects read model (membership, is_projectadmin roles) and the
 * teams read model. A user in a team of the project is a member of it, with the team's rights, whether or not they
 * were added to the member list (docs/teams.md): general permissions are all for project admins, else the union
 * of the user's teams' flags.
 */
export const projectAccessFor = async (
  deps: PermissionDeps,
  user: AuthenticatedUser,
  project: ProjectDoc,
  /** the user's teams in this project, when already loaded */
  knownTeams?: TeamPermissionDoc[],
): Promise<ProjectAccess> => {
  const member = memberOf(project, user.userId);
  const role = member ? project.roles.find((r) => r.id === member.roleId) : undefined;
  const teams = knownTeams ?? (await userTeamsOfProject<TeamPermissionDoc>(deps.adapters.documentStore, project._id, user.userId));
  const isMember = member !== undefined || teams.length > 0;
  const holdsAdminRole = role?.isProjectAdmin === true;
  const generalPermissions =
    user.isSystemAdmin || holdsAdminRole ? ALL_GENERAL_PERMISSIONS : isMember ? teamsPermissions(teams) : NO_GENERAL_PERMISSIONS;
  const subject: PermissionSubject = {
    isSystemAdmin: user.isSystemAdmin,
    isLicenceAdmin: licenceAdmin(user, project.licenceId),
    project: { isMember, isProjectAdmin: holdsAdminRole, generalPermissions },
  };
  return { user, subject, project, teams, roleId: member?.roleId ?? null };
};

/**
 * The ids of the projects of a licence the user is a member of: on the member list, or in one of its teams (the
 * "my projects" lists use this, so they agree with `projectAccessFor`).
 */
export const memberProjectIds = async (deps: PermissionDeps, userId: string, licenceId: string): Promise<string[]> => {
  const { documentStore } = deps.adapters;
  const [listed, teams] = await Promise.all([
    documentStore.collection<ProjectDoc>(PROJECTS_COLLECTION).find({ licenceId, 'members.userId': userId }, { projection: { _id: 1 } }),
    documentStore.collection<TeamPermissionDoc>(TEAMS_COLLECTION).find({ licenceId, userIds: userId }),
  ]);
  return [...new Set([...listed.map((p) => p._id), ...teams.map((t) => t.projectId)])];
};

/** Can the user see this project at all? Members and user admins of its licence; archived ones only user admins. */
export const canSee = (access: ProjectAccess): boolean =>
  belongsToLicence(access.user, access.project.licenceId) &&
  can(access.subject, 'project') &&
  (!access.project.archived || isUserAdmin(access.subject));

/**
 * Loads a project the user may see, and checks `check` on it. A project of another licence, one the user may
 * not see, or one that does not exist answers 404 (never its data); a visible project without the right 403.
 */
export const requireProjectAccess = async (
  deps: PermissionDeps,
  request: FastifyRequest,
  projectId: string,
  check: PermissionCheck,
  context: PermissionContext = {},
): Promise<ProjectAccess> => {
  const user = requireUser(request);
  const project = await projectById(deps.adapters.documentStore, projectId);
  if (!project) throw projectNotFound();
  const access = await projectAccessFor(deps, user, project);
  if (!canSee(access)) throw projectNotFound();
  if (!can(access.subject, check, context)) throw new DomainError(messages.shared.forbidden, 403);
  return access;
};

/**
 * The permission subject of a request: system admin flag; licence admin flag of the project's licence (or, without
 * a project, of the licence selected by the X-Licence-Id header); and, with a project, membership, is_projectadmin
 * and general permissions. A project the user may not see answers 404.
 */
export const loadPermissionSubject = async (
  deps: PermissionDeps,
  request: FastifyRequest,
  projectId?: string,
): Promise<PermissionSubject> => {
  const user = requireUser(request);
  if (projectId === undefined) {
    return { isSystemAdmin: user.isSystemAdmin, isLicenceAdmin: licenceAdmin(user, selectedLicenceId(request, user)) };
  }
  return (await requireProjectAccess(deps, request, projectId, 'project')).subject;
};

export const LICENCES_COLLECTION = 'licences';

/**
 * The subject for a licence-scoped check on a named licence: 404 when the user is not in it, and when it does not
 * exist (also for a system admin, who belongs to every licence), so no route acts on a ghost licence.
 */
export const licenceSubject = async (deps: PermissionDeps, request: FastifyRequest, licenceId: string): Promise<PermissionSubject> => {
  const user = requireUser(request);
  if (!belongsToLicence(user, licenceId)) throw new DomainError(licenceMessages.notFound, 404);
  const known = await deps.adapters.documentStore.collection<{ _id: string }>(LICENCES_COLLECTION).findOne({ _id: licenceId });
  if (!known) throw new DomainError(licenceMessages.notFound, 404);
  return { isSystemAdmin: user.isSystemAdmin, isLicenceAdmin: licenceAdmin(user, licenceId) };
};
