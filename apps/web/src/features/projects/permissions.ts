import type { Project, User } from '@stramien/api';
import { can, type PermissionCheck, type PermissionContext, type PermissionSubject } from '@stramien/domain';
import { useSession } from '../identity/session/useSession';

/** The permission subject of the signed-in user in a project, from GET /user and the project view. */
export const projectSubject = (user: Pick<User, 'is_systemadmin' | 'licenses'>, project: Project): PermissionSubject => ({
  isSystemAdmin: user.is_systemadmin,
  isLicenceAdmin: user.licenses.some((l) => l.id === project.license && l.is_admin),
  project: {
    isMember: project.is_member,
    isProjectAdmin: project.role?.is_projectadmin ?? false,
    generalPermissions: project.generalPermissions,
  },
});

/** The subject in the selected licence, without a project. */
export const licenceSubject = (user: Pick<User, 'is_systemadmin'>, licence: { is_admin: boolean } | null): PermissionSubject => ({
  isSystemAdmin: user.is_systemadmin,
  isLicenceAdmin: licence?.is_admin ?? false,
});

/** `can` for the signed-in user in a project: what the API allows, the screen shows. */
export const useProjectCan = (project: Project | undefined) => {
  const { user } = useSession();
  const subject = project ? projectSubject(user, project) : null;
  return {
    subject,
    can: (check: PermissionCheck, context?: PermissionContext): boolean => (subject ? can(subject, check, context) : false),
  };
};
