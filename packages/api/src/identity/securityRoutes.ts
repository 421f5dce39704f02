import type { RouteContract } from '../shared/contract';

/** securityRoutes: route contracts, registered in allRoutes.ts. */
export const securityRoutes = {} satisfies Record<string, RouteContract>;
