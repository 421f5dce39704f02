import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/** Routes of the projects feature, mounted by app/routes.tsx: /project/:slug (overview) and /project/:slug/settings. */
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
    ],
  },
];
