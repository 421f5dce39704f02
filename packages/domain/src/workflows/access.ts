import { can, type PermissionSubject } from '../permissions/permissions';
import type { TeamAccess } from '../teams/team';

/** What the acting user may do with one project workflow (spec 2 §6; docs/workflows.md "Permissions"). */
export interface ProjectWorkflowRights {
  /** change it: its version and name, its roles and their teams and nodes; remove it; retry and assign any job */
  admin: boolean;
  /** start sessions of it */
  write: boolean;
  /** see it and its sessions */
  read: boolean;
}

/**
 * The one rule for API and web app alike: whoever manages the project's settings (`can(subject, 'project-settings')`:
 * a project admin — a system admin or a role flagged is_projectadmin — and the user admins of its licence)
 * administers every project workflow; other members read it or also start sessions through their teams' workflow
 * permissions on it (`TeamWorkflowPermissionsChanged`; write includes read). Without any right the project workflow
 * is invisible: its ids answer 404.
 */
export const projectWorkflowRights = (
  subject: PermissionSubject,
  /** the access each of the user's teams in the project has on this project workflow (none: not listed) */
  teamAccess: readonly TeamAccess[],
): ProjectWorkflowRights => {
  if (can(subject, 'project-settings')) return { admin: true, write: true, read: true };
  if (!subject.project?.isMember) return { admin: false, write: false, read: false };
  const write = teamAccess.includes('write');
  return { admin: false, write, read: write || teamAccess.includes('read') };
};
