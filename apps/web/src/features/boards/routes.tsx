import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/** /tasks/board (spec 2 boards): `BoardPage`, loaded lazily. The tasks routes mount it under /tasks. */
export const boardRoute: RouteObject = {
  path: 'tasks/board',
  lazy: lazyPage(
    () => import('./BoardPage'),
    (m) => m.BoardPage,
  ),
};
