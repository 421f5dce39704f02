import type { RouteObject } from 'react-router-dom';

/** Routes of the teams feature, mounted by app/routes.tsx. */
export const teamRoutes: RouteObject[] = [];
