import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { AdminIndex, AdminLayout, RequireCheck } from './AdminLayout';

/**
 * /admin (needs admin) with its tabs, each behind its permission (spec 1 §2): companies
 * (admin-account-companies), projects, users, collections, labels, modules (admin-license-modules), webhooks (issue 10); news and
 * knowledge base (system admins).
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <AdminIndex /> },
      {
        element: <RequireCheck check="admin-account-companies" />,
        children: [
          {
            path: 'companies',
            lazy: lazyPage(
              () => import('./directory/DirectoryPage'),
              (m) => m.AdminCompaniesPage,
            ),
          },
        ],
      },
      {
        path: 'projects',
        lazy: lazyPage(
          () => import('./projects/AdminProjectsPage'),
          (m) => m.AdminProjectsPage,
        ),
      },
      {
        path: 'users',
        lazy: lazyPage(
          () => import('./users/AdminUsersPage'),
          (m) => m.AdminUsersPage,
        ),
      },
      {
        path: 'collections',
        lazy: lazyPage(
          () => import('./directory/DirectoryPage'),
          (m) => m.AdminCollectionsPage,
        ),
      },
      {
        path: 'labels',
        lazy: lazyPage(
          () => import('./labels/AdminLabelsPage'),
          (m) => m.AdminLabelsPage,
        ),
      },
      {
        element: <RequireCheck check="admin-license-modules" />,
        children: [
          {
            path: 'modules',
            lazy: lazyPage(
              () => import('./modules/AdminModulesPage'),
              (m) => m.AdminModulesPage,
            ),
          },
        ],
      },
      {
        path: 'webhooks',
        lazy: lazyPage(
          () => import('../webhooks/WebhooksPage'),
          (m) => m.WebhooksPage,
        ),
      },
      {
        element: <RequireCheck check="system-admin" />,
        children: [
          {
            path: 'news',
            lazy: lazyPage(
              () => import('./news/AdminNewsPage'),
              (m) => m.AdminNewsPage,
            ),
          },
          {
            path: 'knowledge-base',
            lazy: lazyPage(
              () => import('./knowledgeBase/AdminKnowledgeBasePage'),
              (m) => m.AdminKnowledgeBasePage,
            ),
          },
        ],
      },
    ],
  },
];
