import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/** Routes of the teams feature, mounted by app/routes.tsx: /project/:slug/settings/teams (spec 2 §2). */
export const teamRoutes: RouteObject[] = [
  {
    path: 'project/:slug/settings/teams',
    lazy: lazyPage(
      () => import('./TeamsPage'),
      (m) => m.TeamsPage,
    ),
  },
];
