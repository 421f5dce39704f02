import type { FastifyRequest } from 'fastify';
import { can, DomainError, licenceMessages, messages, type Actor, type PermissionCheck, type PermissionSubject } from '@stramien/domain';
import type { AuthenticatedUser } from '@stramien/infra';
import type { LicenceDoc } from '@stramien/projections';
import type { AppDeps } from '../deps';
import { requireUser } from '../plugins/auth';
import { LICENCES_COLLECTION, licenceSubject } from '../plugins/permissionSubject';

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

/** The user's standing in a licence from the token's claims alone (no read): what `can` needs for 'admin'. */
export const userLicenceSubject = (user: AuthenticatedUser, licenceId: string): PermissionSubject => ({
  isSystemAdmin: user.isSystemAdmin,
  isLicenceAdmin: user.licences[licenceId] === true,
});

/** Does the user administer this licence (a system admin administers every one)? */
export const administers = (user: AuthenticatedUser, licenceId: string): boolean => can(userLicenceSubject(user, licenceId), 'admin');

/** Does the user administer every licence (the cross-licence views of the administration)? */
export const administersAll = (user: AuthenticatedUser): boolean => user.isSystemAdmin;

export interface LicenceAdminAccess extends LicenceAccess {
  me: AuthenticatedUser;
  licence: LicenceDoc;
}

/**
 * A licence the signed-in user administers, with its document: an unknown licence or one the user is not in answers
 * 404, one the user is in without the admin flag 403. The licence administration routes (users, invitations) use it.
 */
export const loadLicenceAdminAccess = async (deps: AppDeps, request: FastifyRequest, licenceId: string): Promise<LicenceAdminAccess> => {
  const access = await loadLicenceAccess(deps, request, licenceId);
  authoriseLicence(access, 'admin');
  const licence = await deps.adapters.documentStore.collection<LicenceDoc>(LICENCES_COLLECTION).findOne({ _id: licenceId });
  if (!licence) throw new DomainError(licenceMessages.notFound, 404);
  return { ...access, me: requireUser(request), licence };
};
