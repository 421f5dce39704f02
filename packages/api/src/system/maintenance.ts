import { z } from 'zod';
import { commandResult, defineRoute, type RouteContract } from '../shared/contract';

export const maintenanceStatusSchema = z.object({ enabled: z.boolean() });
const maintenanceSecret = z.string().min(8).max(200);

/** Maintenance mode (spec §1, §2, §9): a system-wide switch of the `system` context. */
export const maintenanceRoutes = {
  maintenanceStatus: defineRoute({
    method: 'GET',
    path: '/api/maintenance',
    summary: 'Whether maintenance mode is on',
    tag: 'system',
    auth: false,
    policy: { access: 'public' },
    response: maintenanceStatusSchema,
  }),
  switchMaintenance: defineRoute({
    method: 'POST',
    path: '/api/maintenance',
    summary: 'Switch maintenance mode on (with the secret that lets people through, stored hashed) or off',
    tag: 'system',
    auth: true,
    policy: { access: 'system-admin' },
    body: z.discriminatedUnion('enabled', [
      z.object({ enabled: z.literal(true), secret: maintenanceSecret }).strict(),
      z.object({ enabled: z.literal(false), secret: z.string().max(200).optional() }).strict(),
    ]),
    response: commandResult(maintenanceStatusSchema),
  }),
  maintenanceToken: defineRoute({
    method: 'POST',
    path: '/api/maintenance/token',
    summary: 'Exchange the maintenance secret for a maintenance token (valid 600000 ms, sent in the X-Maintenance-Token header)',
    tag: 'system',
    auth: false,
    throttled: true,
    policy: { access: 'public' },
    body: z.object({ secret: z.string().min(1).max(200) }).strict(),
    response: z.object({ token: z.string(), lifetime_ms: z.number().int().positive() }),
  }),
} satisfies Record<string, RouteContract>;

/** Paths maintenance mode lets through (everything else under /api, /oauth and /ws answers 503). */
export const MAINTENANCE_OPEN_PATHS: readonly string[] = [
  maintenanceRoutes.maintenanceStatus.path,
  maintenanceRoutes.maintenanceToken.path,
];
