import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/**
 * Routes of the tasks feature (spec 1 §2: /tasks with children gantt, list, board, calendar, projects and
 * {taskId}), mounted by app/routes.tsx. /tasks opens the list.
 */
export const taskViewRoutes: RouteObject[] = [
  {
    path: 'tasks',
    lazy: lazyPage(
      () => import('./TasksLayout'),
      (m) => m.TasksLayout,
    ),
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      {
        path: 'list',
        lazy: lazyPage(
          () => import('./TaskListPage'),
          (m) => m.TaskListPage,
        ),
      },
      {
        path: 'board',
        lazy: lazyPage(
          () => import('../boards/BoardPage'),
          (m) => m.BoardPage,
        ),
      },
      {
        path: 'gantt',
        lazy: lazyPage(
          () => import('./TaskGanttPage'),
          (m) => m.TaskGanttPage,
        ),
      },
      {
        path: 'calendar',
        lazy: lazyPage(
          () => import('./TaskCalendarPage'),
          (m) => m.TaskCalendarPage,
        ),
      },
      {
        path: 'projects',
        lazy: lazyPage(
          () => import('./TaskProjectsPage'),
          (m) => m.TaskProjectsPage,
        ),
      },
      {
        path: ':taskId',
        lazy: lazyPage(
          () => import('./TaskDetailPage'),
          (m) => m.TaskDetailPage,
        ),
      },
    ],
  },
];
