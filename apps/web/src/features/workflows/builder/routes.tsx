import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../app/lazyPage';

/**
 * The workflow builder (spec 2 §2; licence admins): /workflow-management lists the licence's workflows,
 * /workflow-management/builder/{workflowId} is the canvas, …/{blockId} the block editor.
 */
export const workflowManagementRoutes: RouteObject[] = [
  {
    path: 'workflow-management',
    lazy: lazyPage(
      () => import('./WorkflowsPage'),
      (m) => m.WorkflowsPage,
    ),
  },
  {
    path: 'workflow-management/builder/:workflowId',
    lazy: lazyPage(
      () => import('./BuilderPage'),
      (m) => m.BuilderPage,
    ),
  },
  {
    path: 'workflow-management/builder/:workflowId/:blockId',
    lazy: lazyPage(
      () => import('./BlockEditorPage'),
      (m) => m.BlockEditorPage,
    ),
  },
];
