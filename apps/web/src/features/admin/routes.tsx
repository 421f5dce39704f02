import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/** the admin area's layout (Blueprint's tabs) and guards load with the area, not with the app's entry */
const adminLayout = () => import('./AdminLayout');

/**
 * /admin (needs admin) with its tabs, each behind its permission (spec 1 §2): companies
 * (admin-account-companies), projects, users, collections, labels, modules (admin-license-modules), webhooks (issue 10); news and
 * knowledge base (system admins).
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: lazyPage(adminLayout, (m) => m.AdminLayout),
    children: [
      { index: true, lazy: lazyPage(adminLayout, (m) => m.AdminIndex) },
      {
        lazy: lazyPage(adminLayout, (m) => m.checkRoute('admin-account-companies')),
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
        lazy: lazyPage(adminLayout, (m) => m.checkRoute('admin-license-modules')),
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
        lazy: lazyPage(adminLayout, (m) => m.checkRoute('system-admin')),
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
