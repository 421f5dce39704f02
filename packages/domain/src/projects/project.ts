import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';

const projectId = z.string();
const role = { projectId, roleId: z.string(), name: z.string(), isProjectAdmin: z.boolean() };
const link = { projectId, linkId: z.string(), name: z.string(), link: z.string(), color: z.string().nullable() };

export const projectEventSchemas = {
  ProjectCreated: z.object({
    projectId,
    licenceId: z.string(),
    name: z.string(),
    number: z.string(),
    description: z.string(),
    slug: z.string(),
  }),
  /** the project's general fields after the change */
  ProjectUpdated: z.object({ projectId, name: z.string(), number: z.string(), description: z.string() }),
  ProjectArchived: z.object({ projectId }),
  ProjectRestored: z.object({ projectId }),
  ProjectImageChanged: z.object({ projectId, imageId: z.string(), contentType: z.string(), size: z.number().int().nonnegative() }),
  ProjectRoleAdded: z.object(role),
  ProjectRoleUpdated: z.object(role),
  ProjectRoleRemoved: z.object({ projectId, roleId: z.string() }),
  ProjectMemberAdded: z.object({ projectId, userId: z.string(), roleId: z.string() }),
  ProjectMemberRoleChanged: z.object({ projectId, userId: z.string(), roleId: z.string() }),
  ProjectMemberRemoved: z.object({ projectId, userId: z.string() }),
  ProjectAddedToFavorites: z.object({ projectId, userId: z.string() }),
  ProjectRemovedFromFavorites: z.object({ projectId, userId: z.string() }),
  ProjectLinkAdded: z.object(link),
  ProjectLinkUpdated: z.object(link),
  ProjectLinkRemoved: z.object({ projectId, linkId: z.string() }),
  ProjectModuleAdded: z.object({ projectId, moduleId: z.string(), pool: z.number().int() }),
  ProjectModuleRemoved: z.object({ projectId, moduleId: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof projectEventSchemas;
export type ProjectEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type ProjectEventType = ProjectEvent['type'];
export const projectEventTypes = Object.keys(projectEventSchemas) as ProjectEventType[];
export const projectSchemas: EventSchemas<ProjectEvent> = projectEventSchemas;

export interface ProjectRole {
  name: string;
  isProjectAdmin: boolean;
}
export interface ProjectLink {
  name: string;
  link: string;
  color: string | null;
}

export interface ProjectState {
  exists: boolean;
  projectId: string;
  licenceId: string;
  name: string;
  number: string;
  description: string;
  slug: string;
  archived: boolean;
  image: { imageId: string; contentType: string } | null;
  /** role id -> role, in the order they were added */
  roles: Record<string, ProjectRole>;
  /** user id -> role id */
  members: Record<string, string>;
  favorites: string[];
  links: Record<string, ProjectLink>;
  /** module id -> pool */
  modules: Record<string, number>;
}

export const initialProjectState = (): ProjectState => ({
  exists: false,
  projectId: '',
  licenceId: '',
  name: '',
  number: '',
  description: '',
  slug: '',
  archived: false,
  image: null,
  roles: {},
  members: {},
  favorites: [],
  links: {},
  modules: {},
});

const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  const { [key]: _dropped, ...rest } = record;
  return rest;
};

export const evolveProject = (state: ProjectState, event: ProjectEvent): ProjectState => {
  switch (event.type) {
    case 'ProjectCreated': {
      const { projectId, licenceId, name, number, description, slug } = event.data;
      return { ...initialProjectState(), exists: true, projectId, licenceId, name, number, description, slug };
    }
    case 'ProjectUpdated': {
      const { name, number, description } = event.data;
      return { ...state, name, number, description };
    }
    case 'ProjectArchived':
      return { ...state, archived: true };
    case 'ProjectRestored':
      return { ...state, archived: false };
    case 'ProjectImageChanged':
      return { ...state, image: { imageId: event.data.imageId, contentType: event.data.contentType } };
    case 'ProjectRoleAdded':
    case 'ProjectRoleUpdated':
      return {
        ...state,
        roles: { ...state.roles, [event.data.roleId]: { name: event.data.name, isProjectAdmin: event.data.isProjectAdmin } },
      };
    case 'ProjectRoleRemoved':
      return { ...state, roles: without(state.roles, event.data.roleId) };
    case 'ProjectMemberAdded':
    case 'ProjectMemberRoleChanged':
      return { ...state, members: { ...state.members, [event.data.userId]: event.data.roleId } };
    case 'ProjectMemberRemoved':
      return { ...state, members: without(state.members, event.data.userId) };
    case 'ProjectAddedToFavorites':
      return state.favorites.includes(event.data.userId) ? state : { ...state, favorites: [...state.favorites, event.data.userId] };
    case 'ProjectRemovedFromFavorites':
      return { ...state, favorites: state.favorites.filter((u) => u !== event.data.userId) };
    case 'ProjectLinkAdded':
    case 'ProjectLinkUpdated': {
      const { linkId, name, link, color } = event.data;
      return { ...state, links: { ...state.links, [linkId]: { name, link, color } } };
    }
    case 'ProjectLinkRemoved':
      return { ...state, links: without(state.links, event.data.linkId) };
    case 'ProjectModuleAdded':
      return { ...state, modules: { ...state.modules, [event.data.moduleId]: event.data.pool } };
    case 'ProjectModuleRemoved':
      return { ...state, modules: without(state.modules, event.data.moduleId) };
  }
};

/** True when the member's role is flagged is_projectadmin. */
export const holdsAdminRole = (state: Pick<ProjectState, 'members' | 'roles'>, userId: string): boolean => {
  const roleId = state.members[userId];
  return roleId !== undefined && state.roles[roleId]?.isProjectAdmin === true;
};

/** How many members hold a role flagged is_projectadmin. */
export const projectAdminCount = (state: Pick<ProjectState, 'members' | 'roles'>): number =>
  Object.keys(state.members).filter((userId) => holdsAdminRole(state, userId)).length;
