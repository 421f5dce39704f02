import type { RouteObject } from 'react-router-dom';

/** Routes of the account feature, mounted by app/routes.tsx. */
export const accountPublicRoutes: RouteObject[] = [];
