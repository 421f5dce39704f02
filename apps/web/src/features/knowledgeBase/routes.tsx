import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/** /knowledge-base and /knowledge-base/{itemId} (spec 1 §2); the user menu's Documentation opens the list. */
export const knowledgeBaseRoutes: RouteObject[] = [
  {
    path: 'knowledge-base',
    lazy: lazyPage(
      () => import('./KnowledgeBasePage'),
      (m) => m.KnowledgeBasePage,
    ),
  },
  {
    path: 'knowledge-base/:itemId',
    lazy: lazyPage(
      () => import('./ArticlePage'),
      (m) => m.ArticlePage,
    ),
  },
];
