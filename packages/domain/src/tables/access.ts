import { can, type PermissionSubject } from '../permissions/permissions';
import type { TableTeamPermission } from './table';

/** What the acting user may do with one table (spec 2 §6; docs/tables.md "Permissions"). */
export interface TableRights {
  /** change the table itself: name, columns, relations, permissions, revisions (and its records) */
  manage: boolean;
  /** create, change and delete records */
  write: boolean;
  /** see the table and its records */
  read: boolean;
}

/**
 * The one rule for API and web app alike: whoever manages the project's settings (`can(subject, 'project-settings')`:
 * a project admin, that is a system admin or a role flagged is_projectadmin, and the user admins of its licence)
 * manages every table of the project; other members read and write a table through their teams' permissions on it
 * (write includes read). Without any right the table is invisible: its ids answer 404.
 */
export const tableRights = (
  subject: PermissionSubject,
  /** the ids of the user's teams in the table's project */
  teamIds: readonly string[],
  permissions: readonly Pick<TableTeamPermission, 'teamId' | 'read' | 'write'>[],
): TableRights => {
  if (can(subject, 'project-settings')) return { manage: true, write: true, read: true };
  if (!subject.project?.isMember) return { manage: false, write: false, read: false };
  const mine = permissions.filter((p) => teamIds.includes(p.teamId));
  const write = mine.some((p) => p.write);
  return { manage: false, write, read: write || mine.some((p) => p.read) };
};
