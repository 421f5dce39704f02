import type { GeneralApp, PermissionCheck, PermissionContext } from '@stramien/domain';

export type ProjectNavKey = GeneralApp | 'settings';

export interface ProjectNavItem {
  key: ProjectNavKey;
  /** Blueprint icon name */
  icon: 'tick-circle' | 'flow-branch' | 'th' | 'diagram-tree' | 'tag' | 'cog';
  to: string;
}

/**
 * The project's navigation items (spec §2 project overview: tasks, workflows, tables, SBS dashboard, labels, project
 * settings), each shown only when `can` allows it: the general apps by the generalPermissions flags, settings by
 * project-settings.
 */
export const projectNavItems = (slug: string, can: (check: PermissionCheck, context?: PermissionContext) => boolean): ProjectNavItem[] => {
  const base = `/project/${slug}`;
  const apps: ProjectNavItem[] = [
    { key: 'tasks', icon: 'tick-circle', to: '/tasks' },
    { key: 'workflows', icon: 'flow-branch', to: `${base}/workflows` },
    { key: 'tables', icon: 'th', to: `${base}/tables` },
    { key: 'sbs', icon: 'diagram-tree', to: `${base}/sbs` },
    { key: 'labels', icon: 'tag', to: `${base}/labels` },
  ];
  return [
    ...apps.filter((item) => can('general-apps', { app: item.key as GeneralApp })),
    ...(can('project-settings') ? [{ key: 'settings' as const, icon: 'cog' as const, to: `${base}/settings` }] : []),
  ];
};
