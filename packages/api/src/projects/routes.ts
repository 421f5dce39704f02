import type { RouteContract } from '../shared/contract';

/** projectRoutes: route contracts, registered in allRoutes.ts. */
export const projectRoutes = {} satisfies Record<string, RouteContract>;
