import type { RouteObject } from 'react-router-dom';

/** Routes of the admin feature, mounted by app/routes.tsx. */
export const adminRoutes: RouteObject[] = [];
