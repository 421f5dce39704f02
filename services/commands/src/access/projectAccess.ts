import type { FastifyRequest } from 'fastify';
import { DomainError, type Actor, type PermissionCheck, type PermissionContext, type PermissionSubject } from '@stramien/domain';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import type { AppDeps } from '../deps';
import { requireProjectAccess } from '../plugins/permissionSubject';

export interface ProjectAccess {
  project: ProjectDoc;
  subject: PermissionSubject;
  /** the user acting in the project's licence: events of this project carry its licence */
  actor: Actor;
}

export const projectNotFound = (): DomainError => new DomainError('Project not found.', 404);

/**
 * Loads a project for a request and checks `check` with the projects context's permission subject. A project
 * of another licence, one the user may not see, or an unknown one answers 404 (never its data); a visible
 * project without the right answers 403.
 */
export const loadProjectAccess = async (
  deps: AppDeps,
  request: FastifyRequest,
  projectId: string,
  check: PermissionCheck = 'project',
  context: PermissionContext = {},
): Promise<ProjectAccess> => {
  const access = await requireProjectAccess(deps, request, projectId, check, context);
  return {
    project: access.project,
    subject: access.subject,
    actor: { userId: access.user.userId, licenceId: access.project.licenceId, isSystemAdmin: access.user.isSystemAdmin },
  };
};
