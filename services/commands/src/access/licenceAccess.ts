import type { FastifyRequest } from 'fastify';
import { can, DomainError, messages, type Actor, type PermissionCheck, type PermissionSubject } from '@stramien/domain';
import type { AppDeps } from '../deps';
import { requireUser } from '../plugins/auth';
import { licenceSubject } from '../plugins/permissionSubject';

export interface LicenceAccess {
  userId: string;
  subject: PermissionSubject;
  /** the user acting in this licence */
  actor: Actor;
}

/**
 * The user's standing in a licence (no project open). A licence the user does not belong to, or one that does not
 * exist, answers 404 (system admins belong to every existing licence). Every licence-scoped route goes through here.
 */
export const loadLicenceAccess = async (deps: AppDeps, request: FastifyRequest, licenceId: string): Promise<LicenceAccess> => {
  const user = requireUser(request);
  const subject = await licenceSubject(deps, request, licenceId);
  return { userId: user.userId, subject, actor: { userId: user.userId, licenceId, isSystemAdmin: user.isSystemAdmin } };
};

/** Throws 403 unless the subject passes the check. */
export const authoriseLicence = (access: LicenceAccess, check: PermissionCheck, message: string = messages.shared.forbidden): void => {
  if (!can(access.subject, check)) throw new DomainError(message, 403);
};
