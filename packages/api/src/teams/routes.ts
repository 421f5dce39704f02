import type { RouteContract } from '../shared/contract';

/** teamRoutes: route contracts, registered in allRoutes.ts. */
export const teamRoutes = {} satisfies Record<string, RouteContract>;
