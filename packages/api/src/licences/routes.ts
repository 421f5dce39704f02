import type { RouteContract } from '../shared/contract';

/** licenceRoutes: route contracts, registered in allRoutes.ts. */
export const licenceRoutes = {} satisfies Record<string, RouteContract>;
