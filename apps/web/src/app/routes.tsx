import { Spinner } from '@blueprintjs/core';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { PortraitNotice } from './PortraitNotice';
import { RouteError } from './RouteError';
import { lazyPage } from './lazyPage';
import { NotFound } from '../shared/status/StatusScreen';
import { accountPublicRoutes } from '../features/account/routes';
import { settingsRoutes } from '../features/settings/routes';
import { projectRoutes } from '../features/projects/routes';
import { teamRoutes } from '../features/teams/routes';
import { adminRoutes } from '../features/admin/routes';
import { knowledgeBaseRoutes } from '../features/knowledgeBase/routes';
import { taskViewRoutes } from '../features/tasks/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { workflowManagementRoutes } from '../features/workflows/builder/routes';

const Loading = () => (
  <div className="stramien-page stramien-page--centered" aria-busy="true">
    <Spinner />
  </div>
);

const Root = () => (
  <>
    <PortraitNotice />
    <Outlet />
  </>
);

/**
 * The routes of spec §2. Outside the shell: /login, /licenses, /maintenance. Inside the authenticated shell:
 * /dashboard (with its guided tour), /build and the features' routes (/tasks …, /downloads, /knowledge-base …,
 * /workflow-management …); any other address shows the not-found page in the shell — never a silent redirect.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    hydrateFallbackElement: <Loading />,
    errorElement: <RouteError />,
    children: [
      {
        path: 'login',
        id: 'Login',
        // its texts are in the entry (identity, account); the server's load with the first sign-in attempt
        lazy: lazyPage(
          () => import('../features/identity/LoginPage'),
          (m) => m.LoginPage,
          [],
        ),
      },
      {
        path: 'licenses',
        lazy: lazyPage(
          () => import('../features/identity/LicencesPage'),
          (m) => m.LicencesPage,
        ),
      },
      {
        path: 'maintenance',
        lazy: lazyPage(
          () => import('../features/system/MaintenancePage'),
          (m) => m.MaintenancePage,
        ),
      },
      ...accountPublicRoutes,
      {
        // the authenticated shell (app bar, sidebars, notifications) loads after sign-in, not with the sign-in page
        // the shell's texts: app bar, menus, notifications, news; every other page loads all namespaces
        lazy: lazyPage(
          () => import('./RequireAuth'),
          (m) => m.RequireAuth,
          ['admin', 'notifications', 'news', 'projects', 'server'],
        ),
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          {
            lazy: lazyPage(
              () => import('./WithDashboardTour'),
              (m) => m.WithDashboardTour,
              [],
            ),
            children: [
              {
                path: 'dashboard',
                lazy: lazyPage(
                  () => import('../features/dashboard/DashboardPage'),
                  (m) => m.DashboardPage,
                  ['dashboard', 'tasks', 'projects', 'server'],
                ),
              },
            ],
          },
          ...taskViewRoutes,
          ...workflowManagementRoutes,
          {
            path: 'build',
            lazy: lazyPage(
              () => import('../features/system/BuildPage'),
              (m) => m.BuildPage,
            ),
          },
          ...settingsRoutes,
          ...projectRoutes,
          ...teamRoutes,
          ...adminRoutes,
          ...knowledgeBaseRoutes,
          ...notificationRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
