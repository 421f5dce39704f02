import type { ExternalLink, LicenceUser, Project, ProjectMember, ProjectModule, ProjectRole } from '@stramien/api';
import { can, findModule, isProjectAdmin } from '@stramien/domain';
import type { DocumentStore } from '@stramien/infra';
import type { UserDoc } from '@stramien/projections';
import type { ProjectDoc, ProjectLinkDoc, ProjectRoleDoc } from '@stramien/projections/projects/projects';
import { WORKFLOW_SESSIONS_COLLECTION, type WorkflowSessionDoc } from '@stramien/projections/workflows/sessions';
import type { ProjectAccess } from '../../plugins/permissionSubject';
import { sessionFilter } from '../workflows/sessionFilter';

export const roleView = (doc: ProjectDoc, role: ProjectRoleDoc): ProjectRole => ({
  id: role.id,
  name: role.name,
  is_projectadmin: role.isProjectAdmin,
  members: doc.members.filter((m) => m.roleId === role.id).length,
});

export const linkView = (link: ProjectLinkDoc): ExternalLink => ({ id: link.id, name: link.name, link: link.link, color: link.color });

/**
 * The project's added modules as the viewer sees them: accessible for project admins, and for members through a
 * team that holds the module. Sorted by name.
 */
export const moduleViews = (access: ProjectAccess): ProjectModule[] => {
  const admin = isProjectAdmin(access.subject);
  const granted = new Set(access.teams.flatMap((t) => t.modules ?? []));
  return access.project.modules
    .flatMap((added) => {
      const module = findModule(added.id);
      if (!module) return [];
      const { id, name, icon, route, category } = module;
      return [
        {
          id,
          name,
          icon,
          route,
          category,
          accessible: admin || (access.subject.project?.isMember === true && granted.has(id)),
          pool: added.pool,
        },
      ];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
};

/** GET /project/:id's shape for the acting user. */
export const projectView = (access: ProjectAccess): Project => {
  const { project: doc, subject, user } = access;
  const role = access.roleId ? doc.roles.find((r) => r.id === access.roleId) : undefined;
  return {
    id: doc._id,
    slug: doc.slug,
    number: doc.number,
    name: doc.name,
    description: doc.description,
    license: doc.licenceId,
    image: doc.image ? { id: doc.image.id, mimeType: doc.image.contentType } : null,
    is_favorite: doc.favoriteUserIds.includes(user.userId),
    is_member: subject.project?.isMember ?? false,
    is_projectadmin: isProjectAdmin(subject),
    archived: doc.archived,
    role: role ? { id: role.id, name: role.name, is_projectadmin: role.isProjectAdmin } : null,
    roles: doc.roles.map((r) => roleView(doc, r)),
    modules: moduleViews(access),
    generalPermissions: subject.project?.generalPermissions ?? { workflows: false, tables: false, sbs: false, labels: false, tasks: false },
    sessions: [],
    ...(can(subject, 'project-links') ? { external_links: doc.links.map(linkView) } : {}),
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
  };
};

/** how many sessions a project's own `sessions` field carries at most (the overview's list pages the rest) */
export const PROJECT_SESSIONS_LIMIT = 50;

/**
 * GET /project/:id with its `sessions` (spec 1, project overview): the sessions the user sees, newest first, finished
 * ones older than two weeks hidden — the rule of `GET …/sessions?overview=1`.
 */
export const projectViewWithSessions = async (documentStore: DocumentStore, access: ProjectAccess, now: Date): Promise<Project> => {
  const docs = await documentStore
    .collection<WorkflowSessionDoc>(WORKFLOW_SESSIONS_COLLECTION)
    .find(sessionFilter(access, access.project._id, { overview: true, now }), { sort: { createdAt: -1 }, limit: PROJECT_SESSIONS_LIMIT });
  return {
    ...projectView(access),
    sessions: docs.map((doc) => ({
      id: doc._id,
      name: doc.name,
      sbs_code: doc.sbsCode,
      workflow_id: doc.projectWorkflowId,
      workflow_name: doc.workflowName,
      created_at: doc.createdAt,
      jobs: doc.jobs.map((job) => ({ status: job.status })),
    })),
  };
};

const usersCollection = (documentStore: DocumentStore) => documentStore.collection<UserDoc>('users');

/** The members of a project with their role, by name. */
export const memberViews = async (documentStore: DocumentStore, doc: ProjectDoc, onlyUserId?: string): Promise<ProjectMember[]> => {
  const members = onlyUserId ? doc.members.filter((m) => m.userId === onlyUserId) : doc.members;
  const users = await usersCollection(documentStore).find({ _id: { $in: members.map((m) => m.userId) } });
  const byId = new Map(users.map((u) => [u._id, u]));
  return members
    .flatMap((m) => {
      const role = doc.roles.find((r) => r.id === m.roleId);
      const user = byId.get(m.userId);
      if (!role || !user) return [];
      return [
        { id: m.userId, name: user.name, email: user.email, role: { id: role.id, name: role.name, is_projectadmin: role.isProjectAdmin } },
      ];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
};

/** The (enabled) users of the project's licence, with their membership. */
export const licenceUserViews = async (documentStore: DocumentStore, doc: ProjectDoc): Promise<LicenceUser[]> => {
  const users = await usersCollection(documentStore).find({ 'licences.id': doc.licenceId }, { sort: { name: 1 } });
  return users
    .filter((u) => !u.disabled)
    .map((u) => {
      const member = doc.members.find((m) => m.userId === u._id);
      return { id: u._id, name: u.name, email: u.email, is_member: member !== undefined, role_id: member?.roleId ?? null };
    });
};
