import { z } from 'zod';
import { commandResult, defineRoute, uuid, type RouteContract } from '../shared/contract';

/** A catalogue module as a licence holds it (spec 2 §3 Module: id, name, icon, route, category). */
export const licenceModuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  route: z.string(),
  category: z.string(),
  manufacturing: z.boolean(),
  /** the licence may use it: a manufacturing module needs a manufacturer's licence */
  available: z.boolean(),
  /** the licence holds it */
  licensed: z.boolean(),
});
export type LicenceModule = z.infer<typeof licenceModuleSchema>;

const moduleId = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9-]+$/);
const list = z.object({ data: z.array(licenceModuleSchema) });
const licenceParams = z.object({ id: uuid });
const moduleLicenceParams = z.object({ moduleId, licenseId: uuid });

/**
 * Module licensing (spec 2 §7 Module licensing and project modules). The spec's other path, GET /license/{id}/modules,
 * belongs to the licences context (what a licence's projects may add).
 */
export const licenceModuleRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/modules/license/:id',
    summary: 'The module catalogue with what the licence holds (GET /api/license/:id/modules answers what its projects may add)',
    tag: 'modules',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    params: licenceParams,
    response: list,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/modules/:moduleId/license/:licenseId',
    summary: 'License a module to a licence',
    tag: 'modules',
    auth: true,
    policy: { access: 'check', check: 'admin-license-modules', scope: 'licence' },
    params: moduleLicenceParams,
    body: z.object({}).strict().nullish(),
    response: commandResult(z.array(licenceModuleSchema)).extend({ message: z.string() }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/modules/:moduleId/license/:licenseId',
    summary: 'Take a module away from a licence',
    tag: 'modules',
    auth: true,
    policy: { access: 'check', check: 'admin-license-modules', scope: 'licence' },
    params: moduleLicenceParams,
    response: commandResult(z.array(licenceModuleSchema)).extend({ message: z.string() }),
  }),
} satisfies Record<string, RouteContract>;
