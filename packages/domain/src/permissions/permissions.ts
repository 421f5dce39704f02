/**
 * The one permission function (spec 1 §6, spec 2 §6). The API refuses and the web app hides with the
 * same answer, so a hidden button and a refused call never disagree.
 */
export const GENERAL_APPS = ['workflows', 'tables', 'sbs', 'labels', 'tasks'] as const;
export type GeneralApp = (typeof GENERAL_APPS)[number];
export type GeneralPermissions = Record<GeneralApp, boolean>;

export const PERMISSION_CHECKS = [
  'admin',
  'admin-account-companies',
  'admin-license-modules',
  'project',
  'project-settings',
  'general-apps',
  'project-links',
  'project-links.create',
  'project-links.update',
  'sbs-management',
] as const;
export type PermissionCheck = (typeof PERMISSION_CHECKS)[number];

/** What the actor is in the current project, when one is open. */
export interface ProjectStanding {
  isMember: boolean;
  /** a role flagged is_projectadmin for this project */
  isProjectAdmin: boolean;
  /** the project's general-permission flags as they apply to this actor (team permissions included) */
  generalPermissions: GeneralPermissions;
}

/** Everything a check needs to know about the actor. */
export interface PermissionSubject {
  isSystemAdmin: boolean;
  /** admin flag on the selected licence */
  isLicenceAdmin: boolean;
  project?: ProjectStanding;
}

export interface PermissionContext {
  /** for 'general-apps': which app */
  app?: GeneralApp;
}

/** User admin: admin flag on the selected licence, or system admin. */
export const isUserAdmin = (s: PermissionSubject): boolean => s.isSystemAdmin || s.isLicenceAdmin;
/** Project admin: system admin, or a role flagged is_projectadmin for the current project. */
export const isProjectAdmin = (s: PermissionSubject): boolean => s.isSystemAdmin || (s.project?.isProjectAdmin ?? false);

export const can = (subject: PermissionSubject, check: PermissionCheck, context: PermissionContext = {}): boolean => {
  const project = subject.project;
  switch (check) {
    case 'admin':
      return isUserAdmin(subject);
    // companies and module licensing are account-wide settings: system admins only (spec: "not shown"; docs/permissions.md)
    case 'admin-account-companies':
    case 'admin-license-modules':
      return subject.isSystemAdmin;
    case 'project':
      return !!project && (project.isMember || isUserAdmin(subject));
    case 'project-settings':
      return !!project && (isProjectAdmin(subject) || isUserAdmin(subject));
    case 'general-apps':
      if (!project || !context.app) return false;
      if (isProjectAdmin(subject)) return true;
      return project.isMember && project.generalPermissions[context.app];
    case 'project-links':
    case 'project-links.create':
    case 'project-links.update':
      return !!project && isProjectAdmin(subject);
    case 'sbs-management':
      return !!project && isProjectAdmin(subject) && project.generalPermissions.sbs;
  }
};

/** A member who is not connected sees the project behind the overlay 'You are not added to this project, connect first'. */
export const mustConnectFirst = (subject: PermissionSubject): boolean =>
  !!subject.project && !subject.project.isMember && can(subject, 'project-settings');

export const NO_GENERAL_PERMISSIONS: GeneralPermissions = { workflows: false, tables: false, sbs: false, labels: false, tasks: false };
export const ALL_GENERAL_PERMISSIONS: GeneralPermissions = { workflows: true, tables: true, sbs: true, labels: true, tasks: true };

/** A user's general permissions in a project: the union of their teams' flags. */
export const mergeGeneralPermissions = (teams: Partial<GeneralPermissions>[]): GeneralPermissions =>
  Object.fromEntries(GENERAL_APPS.map((app) => [app, teams.some((t) => t[app] === true)])) as GeneralPermissions;
