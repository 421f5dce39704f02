/**
 * Every path pattern of the authenticated shell, as the router (routes.tsx) declares it — plain data, so the browser
 * tour (test/e2e/routes-tour.e2e.ts) can visit them without loading the app; routeList.test.ts keeps the two equal.
 */
export const SHELL_ROUTE_PATTERNS = [
  '/',
  '/dashboard',
  '/tasks',
  '/tasks/list',
  '/tasks/board',
  '/tasks/gantt',
  '/tasks/calendar',
  '/tasks/projects',
  '/tasks/:taskId',
  '/downloads',
  '/workflow-management',
  '/workflow-management/builder/:workflowId',
  '/workflow-management/builder/:workflowId/:blockId',
  '/build',
  '/settings',
  '/project/:slug',
  '/project/:slug/settings',
  '/project/:slug/workflows',
  '/project/:slug/workflows/:workflowId/settings',
  '/project/:slug/workflows/:workflowId/sessions',
  '/project/:slug/workflows/:workflowId/sessions/:sessionId',
  '/project/:slug/workflows/:workflowId/sessions/:sessionId/:nodeId',
  '/project/:slug/tables',
  '/project/:slug/tables/:tableId',
  '/project/:slug/tables/:tableId/settings',
  '/project/:slug/tables/:tableId/revisions',
  '/project/:slug/tables/:tableId/query',
  '/project/:slug/sbs',
  '/project/:slug/sbs/management',
  '/project/:slug/labels/*',
  '/project/:slug/module/:route/*',
  '/project/:slug/*',
  '/project/:slug/settings/teams',
  '/admin',
  '/admin/companies',
  '/admin/projects',
  '/admin/users',
  '/admin/collections',
  '/admin/labels',
  '/admin/modules',
  '/admin/webhooks',
  '/admin/news',
  '/admin/knowledge-base',
  '/knowledge-base',
  '/knowledge-base/:itemId',
  '/*',
] as const;

/** The shell's screens that are not built yet: their pages say "<feature> is not available yet". */
export const NOT_BUILT_PATTERNS: readonly (typeof SHELL_ROUTE_PATTERNS)[number][] = [
  '/project/:slug/labels/*',
  '/project/:slug/module/:route/*',
];

/** The only redirects inside the shell (spec 1 §2): the root to the dashboard, /admin to its first allowed tab. */
export const SHELL_REDIRECTS: Readonly<Record<string, RegExp>> = {
  '/': /\/dashboard$/,
  '/tasks': /\/tasks\/list$/,
  '/admin': /\/admin\/(companies|projects)$/,
};
