import type { RouteObject } from 'react-router-dom';

/** Routes of the projects feature, mounted by app/routes.tsx. */
export const projectRoutes: RouteObject[] = [];
