import { identityRoutes } from './identity/routes';
import { notificationRoutes } from './notifications/routes';
import { systemRoutes } from './system/routes';
import type { RouteContract } from './shared/contract';

/** Every route of the public API, keyed '<context>.<name>'. */
export const allRoutes: Record<string, RouteContract> = Object.fromEntries(
  Object.entries({ identity: identityRoutes, notifications: notificationRoutes, system: systemRoutes }).flatMap(([ctx, routes]) =>
    Object.entries(routes).map(([name, route]) => [`${ctx}.${name}`, route as RouteContract]),
  ),
);
