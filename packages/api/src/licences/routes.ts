import { z } from 'zod';
import { HEX_COLOUR_PATTERN, MODULE_CATEGORIES, licenceMessages } from '@stramien/domain';
import { commandResult, defineRoute, idParams, type RouteContract } from '../shared/contract';

/** 3 or 6 hex digits, with or without '#': otherwise 'Invalid HEX color.' */
export const hexColourSchema = z.string().trim().max(7).regex(HEX_COLOUR_PATTERN, licenceMessages.invalidHexColour);
/** a text the user must fill in: 'Required.' when missing or empty */
export const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? licenceMessages.required : undefined) })
    .trim()
    .min(1, licenceMessages.required)
    .max(max);

export const licenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the effective primary colour: the licence's own, else the default #2e8be8 */
  theme: z.object({ primary: z.string(), custom: z.boolean() }),
  /** the name carries the manufacturer marker: the manufacturing modules are available */
  manufacturing: z.boolean(),
});
export type Licence = z.infer<typeof licenceSchema>;

export const moduleDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  route: z.string(),
  category: z.enum(MODULE_CATEGORIES),
  manufacturing: z.boolean(),
});
export type ModuleDefinitionView = z.infer<typeof moduleDefinitionSchema>;

const themeBody = z.object({ primary: hexColourSchema.nullable() }).strict();

export const licenceRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/license',
    summary: 'Create a licence (system admins)',
    tag: 'licences',
    auth: true,
    policy: { access: 'system-admin' },
    body: z.object({ name: requiredText(100), theme: themeBody.optional() }).strict(),
    response: commandResult(licenceSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/license/:id',
    summary: 'A licence of the signed-in user: name, theme colour',
    tag: 'licences',
    auth: true,
    policy: { access: 'user' },
    params: idParams,
    response: licenceSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/license/:id',
    summary: 'Rename a licence or change its theme colour (licence admins); theme.primary null restores the default',
    tag: 'licences',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    params: idParams,
    body: z.object({ name: requiredText(100).optional(), theme: themeBody.optional() }).strict(),
    response: commandResult(licenceSchema),
  }),
  modules: defineRoute({
    method: 'GET',
    path: '/api/license/:id/modules',
    summary: 'The modules projects of this licence may add',
    tag: 'licences',
    auth: true,
    policy: { access: 'user' },
    params: idParams,
    response: z.array(moduleDefinitionSchema),
  }),
} satisfies Record<string, RouteContract>;
