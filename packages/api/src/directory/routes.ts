import { z } from 'zod';
import { NAMED_ENTITY_DESCRIPTION_MAX, NAMED_ENTITY_NAME_MAX, type PermissionCheck } from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RouteContract } from '../shared/contract';

/** A named entity of a licence: a company or a collection (docs/admin.md). */
export const namedEntitySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  license: z.object({ id: z.string() }),
  created_at: z.string(),
});
export type NamedEntity = z.infer<typeof namedEntitySchema>;

const createBody = z
  .object({ name: z.string().max(NAMED_ENTITY_NAME_MAX), description: z.string().max(NAMED_ENTITY_DESCRIPTION_MAX).optional() })
  .strict();
const updateBody = z
  .object({
    name: z.string().max(NAMED_ENTITY_NAME_MAX).optional(),
    description: z.string().max(NAMED_ENTITY_DESCRIPTION_MAX).optional(),
  })
  .strict();

/** list, create, update and delete routes for one kind, e.g. ('companies', 'admin-account-companies') */
const namedEntityRoutes = <K extends string>(plural: K, singular: string, check: PermissionCheck) => {
  const policy = { access: 'check', check, scope: 'licence' } as const;
  return {
    list: defineRoute({
      method: 'GET',
      path: `/api/license/:id/${plural}`,
      summary: `The ${plural} of a licence`,
      tag: 'admin',
      auth: true,
      policy,
      params: z.object({ id: uuid }),
      response: z.object({ data: z.array(namedEntitySchema) }),
    }),
    create: defineRoute({
      method: 'POST',
      path: `/api/license/:id/${plural}`,
      summary: `Create a ${singular} in a licence`,
      tag: 'admin',
      auth: true,
      policy,
      params: z.object({ id: uuid }),
      body: createBody,
      response: commandResult(namedEntitySchema),
    }),
    update: defineRoute({
      method: 'PUT',
      path: `/api/${plural}/:id`,
      summary: `Rename or describe a ${singular}`,
      tag: 'admin',
      auth: true,
      policy,
      params: z.object({ id: uuid }),
      body: updateBody,
      response: commandResult(namedEntitySchema),
    }),
    delete: defineRoute({
      method: 'DELETE',
      path: `/api/${plural}/:id`,
      summary: `Delete a ${singular}`,
      tag: 'admin',
      auth: true,
      policy,
      params: z.object({ id: uuid }),
      response: z.object({ message: z.string(), position: z.number().int().nonnegative() }),
    }),
  } satisfies Record<string, RouteContract>;
};

/** Companies of a licence (admin tab 'companies', needs admin-account-companies). */
export const companyRoutes = namedEntityRoutes('companies', 'company', 'admin-account-companies');
/** Collections of a licence (admin tab 'collections', needs admin). */
export const collectionRoutes = namedEntityRoutes('collections', 'collection', 'admin');
