import type { RouteContract } from '../shared/contract';

/** accountRoutes: route contracts, registered in allRoutes.ts. */
export const accountRoutes = {} satisfies Record<string, RouteContract>;
