import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/** Routes of the SBS feature, children of the project layout (features/projects/routes.tsx): spec 2 §2. */
export const sbsRoutes: RouteObject[] = [
  {
    path: 'sbs',
    lazy: lazyPage(
      () => import('./SbsPage'),
      (m) => m.SbsPage,
    ),
  },
  {
    path: 'sbs/management',
    lazy: lazyPage(
      () => import('./SbsManagementPage'),
      (m) => m.SbsManagementPage,
    ),
  },
];
