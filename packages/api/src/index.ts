export * from './shared/contract';
export * from './shared/client';
export * from './identity/routes';
export * from './notifications/routes';
export * from './system/routes';
export { allRoutes } from './allRoutes';
