import type { Doc } from '@stramien/infra';
import type { EventEnvelope, ProjectEvent } from '@stramien/domain';
import { projectEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';

export interface ProjectRoleDoc {
  id: string;
  name: string;
  isProjectAdmin: boolean;
}
export interface ProjectMemberDoc {
  userId: string;
  roleId: string;
  addedAt: string;
}
export interface ProjectLinkDoc {
  id: string;
  name: string;
  link: string;
  color: string | null;
}
export interface ProjectModuleDoc {
  id: string;
  pool: number;
}

/**
 * One document per project: general fields, roles, members (one role each), per-user favourites, external
 * links and added modules. Queries and the permission subject read it; team permissions come from `teams`.
 */
export interface ProjectDoc extends Doc {
  _id: string;
  licenceId: string;
  name: string;
  number: string;
  description: string;
  slug: string;
  archived: boolean;
  archivedAt: string | null;
  image: { id: string; contentType: string; size: number } | null;
  roles: ProjectRoleDoc[];
  members: ProjectMemberDoc[];
  favoriteUserIds: string[];
  links: ProjectLinkDoc[];
  modules: ProjectModuleDoc[];
  createdAt: string;
  createdBy: string;
  updatedAt: string;
}

type E<T extends ProjectEvent['type']> = Extract<ProjectEvent, { type: T }>['data'];

const upsert = <T extends { id: string }>(items: T[], item: T): T[] =>
  items.some((x) => x.id === item.id) ? items.map((x) => (x.id === item.id ? item : x)) : [...items, item];

export const evolveProjectDoc = (doc: ProjectDoc | null, event: EventEnvelope): ProjectDoc | null => {
  const at = event.metadata.occurredAt;
  if (event.type === 'ProjectCreated') {
    const d = event.data as E<'ProjectCreated'>;
    return {
      _id: d.projectId,
      licenceId: d.licenceId,
      name: d.name,
      number: d.number,
      description: d.description,
      slug: d.slug,
      archived: false,
      archivedAt: null,
      image: null,
      roles: [],
      members: [],
      favoriteUserIds: [],
      links: [],
      modules: [],
      createdAt: at,
      createdBy: event.metadata.userId,
      updatedAt: at,
    };
  }
  if (!doc) return doc;
  const next = { ...doc, updatedAt: at };
  switch (event.type as ProjectEvent['type']) {
    case 'ProjectUpdated': {
      const d = event.data as E<'ProjectUpdated'>;
      return { ...next, name: d.name, number: d.number, description: d.description };
    }
    case 'ProjectArchived':
      return { ...next, archived: true, archivedAt: at };
    case 'ProjectRestored':
      return { ...next, archived: false, archivedAt: null };
    case 'ProjectImageChanged': {
      const d = event.data as E<'ProjectImageChanged'>;
      return { ...next, image: { id: d.imageId, contentType: d.contentType, size: d.size } };
    }
    case 'ProjectRoleAdded':
    case 'ProjectRoleUpdated': {
      const d = event.data as E<'ProjectRoleAdded'>;
      return { ...next, roles: upsert(doc.roles, { id: d.roleId, name: d.name, isProjectAdmin: d.isProjectAdmin }) };
    }
    case 'ProjectRoleRemoved': {
      const d = event.data as E<'ProjectRoleRemoved'>;
      return { ...next, roles: doc.roles.filter((r) => r.id !== d.roleId) };
    }
    case 'ProjectMemberAdded': {
      const d = event.data as E<'ProjectMemberAdded'>;
      return {
        ...next,
        members: [...doc.members.filter((x) => x.userId !== d.userId), { userId: d.userId, roleId: d.roleId, addedAt: at }],
      };
    }
    case 'ProjectMemberRoleChanged': {
      const d = event.data as E<'ProjectMemberRoleChanged'>;
      return { ...next, members: doc.members.map((x) => (x.userId === d.userId ? { ...x, roleId: d.roleId } : x)) };
    }
    case 'ProjectMemberRemoved': {
      const d = event.data as E<'ProjectMemberRemoved'>;
      return { ...next, members: doc.members.filter((x) => x.userId !== d.userId) };
    }
    case 'ProjectAddedToFavorites': {
      const d = event.data as E<'ProjectAddedToFavorites'>;
      return doc.favoriteUserIds.includes(d.userId) ? doc : { ...doc, favoriteUserIds: [...doc.favoriteUserIds, d.userId] };
    }
    case 'ProjectRemovedFromFavorites': {
      const d = event.data as E<'ProjectRemovedFromFavorites'>;
      return { ...doc, favoriteUserIds: doc.favoriteUserIds.filter((u) => u !== d.userId) };
    }
    case 'ProjectLinkAdded':
    case 'ProjectLinkUpdated': {
      const d = event.data as E<'ProjectLinkAdded'>;
      return { ...next, links: upsert(doc.links, { id: d.linkId, name: d.name, link: d.link, color: d.color }) };
    }
    case 'ProjectLinkRemoved': {
      const d = event.data as E<'ProjectLinkRemoved'>;
      return { ...next, links: doc.links.filter((l) => l.id !== d.linkId) };
    }
    case 'ProjectModuleAdded': {
      const d = event.data as E<'ProjectModuleAdded'>;
      return { ...next, modules: upsert(doc.modules, { id: d.moduleId, pool: d.pool }) };
    }
    case 'ProjectModuleRemoved': {
      const d = event.data as E<'ProjectModuleRemoved'>;
      return { ...next, modules: doc.modules.filter((x) => x.id !== d.moduleId) };
    }
    default:
      return doc;
  }
};

export const projectsProjection: Projection<ProjectDoc> = {
  name: 'projects',
  collection: 'projects',
  eventTypes: projectEventTypes,
  documentIds: (event) => [(event.data as { projectId: string }).projectId],
  indexes: [{ keys: { licenceId: 1, slug: 1 } }, { keys: { 'members.userId': 1 } }],
  evolve: evolveProjectDoc,
};
