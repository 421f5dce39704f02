import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/** Routes of the settings feature, mounted by app/routes.tsx inside the authenticated shell. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: lazyPage(
      () => import('./SettingsPage'),
      (m) => m.SettingsPage,
    ),
  },
];
