import type { RouteObject } from 'react-router-dom';

/** Routes of the settings feature, mounted by app/routes.tsx. */
export const settingsRoutes: RouteObject[] = [];
