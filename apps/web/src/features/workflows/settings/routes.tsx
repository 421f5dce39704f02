import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../app/lazyPage';

/**
 * Routes of the project workflows under /project/:slug (spec 2 §2): the project's workflows and a workflow's settings
 * (roles, teams, nodes). Mounted by features/projects/routes.tsx; the sessions screens mount beside them.
 */
export const workflowSettingsRoutes: RouteObject[] = [
  {
    path: 'workflows',
    lazy: lazyPage(
      () => import('./ProjectWorkflowsPage'),
      (m) => m.ProjectWorkflowsPage,
    ),
  },
  {
    path: 'workflows/:workflowId/settings',
    lazy: lazyPage(
      () => import('./WorkflowSettingsPage'),
      (m) => m.WorkflowSettingsPage,
    ),
  },
];
