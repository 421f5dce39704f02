import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/**
 * Routes of the tables feature under /project/:slug (spec 2 §2): the table list, and per table its records, settings,
 * revisions and query page inside one layout (the table's name and tabs). Mounted by features/projects/routes.tsx.
 */
export const tableRoutes: RouteObject[] = [
  {
    path: 'tables',
    lazy: lazyPage(
      () => import('./TablesPage'),
      (m) => m.TablesPage,
    ),
  },
  {
    path: 'tables/:tableId',
    lazy: lazyPage(
      () => import('./TableLayout'),
      (m) => m.TableLayout,
    ),
    children: [
      {
        index: true,
        lazy: lazyPage(
          () => import('./TableRecordsPage'),
          (m) => m.TableRecordsPage,
        ),
      },
      {
        path: 'settings',
        lazy: lazyPage(
          () => import('./TableSettingsPage'),
          (m) => m.TableSettingsPage,
        ),
      },
      {
        path: 'revisions',
        lazy: lazyPage(
          () => import('./TableRevisionsPage'),
          (m) => m.TableRevisionsPage,
        ),
      },
      {
        path: 'query',
        lazy: lazyPage(
          () => import('./TableQueryPage'),
          (m) => m.TableQueryPage,
        ),
      },
    ],
  },
];
