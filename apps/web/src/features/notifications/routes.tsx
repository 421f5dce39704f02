import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/** Routes of the notifications feature, mounted by app/routes.tsx inside the authenticated shell. */
export const notificationRoutes: RouteObject[] = [
  {
    path: 'downloads',
    lazy: lazyPage(
      () => import('./downloads/DownloadsPage'),
      (m) => m.DownloadsPage,
    ),
  },
];
