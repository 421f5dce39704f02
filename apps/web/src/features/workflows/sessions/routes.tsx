import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../app/lazyPage';

/**
 * The session screens of a project workflow (spec 2 §2), mounted under /project/:slug by the projects feature:
 * the sessions list, a session's flow diagram and one job of it.
 */
export const sessionRoutes: RouteObject[] = [
  {
    path: 'workflows/:workflowId/sessions',
    lazy: lazyPage(
      () => import('./SessionsPage'),
      (m) => m.SessionsPage,
    ),
  },
  {
    path: 'workflows/:workflowId/sessions/:sessionId',
    lazy: lazyPage(
      () => import('./SessionFlowPage'),
      (m) => m.SessionFlowPage,
    ),
  },
  {
    path: 'workflows/:workflowId/sessions/:sessionId/:nodeId',
    lazy: lazyPage(
      () => import('./JobPage'),
      (m) => m.JobPage,
    ),
  },
];
