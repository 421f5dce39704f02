/**
 * The identity contracts, loaded on demand (`import('./identityContracts')`): their schemas are zod, and the sign-in
 * page's cold load carries no zod (see docs/performance.md, "Web bundle"). The client needs only a route's method
 * and path; the chunk arrives with the first call.
 */
export { identityRoutes } from '@stramien/api';
