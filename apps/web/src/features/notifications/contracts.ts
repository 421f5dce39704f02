/**
 * The notification contracts, loaded with the first call (`deferContracts`, shared/api.ts): their modules build zod
 * schemas, which the dashboard's cold load does not carry (see docs/performance.md, "Web bundle").
 */
export { notificationRoutes } from '@stramien/api';
