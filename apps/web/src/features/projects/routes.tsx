import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { NotFound } from '../../shared/status/StatusScreen';
import { sbsRoutes } from '../sbs/routes';
import { tableRoutes } from '../tables/routes';
import { sessionRoutes } from '../workflows/sessions/routes';
import { workflowSettingsRoutes } from '../workflows/settings/routes';

/**
 * Routes of the projects feature, mounted by app/routes.tsx: /project/:slug (overview), /project/:slug/settings; the
 * general apps and module pages not built yet say so; any other address under the project is not found.
 */
export const projectRoutes: RouteObject[] = [
  {
    path: 'project/:slug',
    lazy: lazyPage(
      () => import('./ProjectLayout'),
      (m) => m.ProjectLayout,
    ),
    children: [
      {
        index: true,
        lazy: lazyPage(
          () => import('./ProjectOverviewPage'),
          (m) => m.ProjectOverviewPage,
        ),
      },
      {
        path: 'settings',
        lazy: lazyPage(
          () => import('./ProjectSettingsPage'),
          (m) => m.ProjectSettingsPage,
        ),
      },
      ...sbsRoutes,
      ...tableRoutes,
      ...sessionRoutes,
      ...workflowSettingsRoutes,
      ...(['labels'] as const).map((feature) => ({
        path: `${feature}/*`,
        lazy: lazyPage(
          () => import('./NotBuiltPages'),
          (m) => m.projectFeatureNotAvailable(feature),
        ),
      })),
      {
        path: 'module/:route/*',
        lazy: lazyPage(
          () => import('./NotBuiltPages'),
          (m) => m.ModulePage,
        ),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
