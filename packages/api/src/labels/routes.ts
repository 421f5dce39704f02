import { z } from 'zod';
import { commandResult, defineRoute, uuid, type RouteContract } from '../shared/contract';

/** A task label (spec 1 §3: id, title, color, project — absent means licence-wide). */
export const labelSchema = z.object({
  id: z.string(),
  title: z.string(),
  color: z.string(),
  project: z.object({ id: z.string() }).nullable(),
  license: z.object({ id: z.string() }),
});
export type Label = z.infer<typeof labelSchema>;

const ref = z.object({ id: uuid }).strict();
/** bounded here; the domain answers 'Required.' and 'Invalid HEX color.' (422) with field messages */
const title = z.string().max(100);
const color = z.string().max(20);

/** Labels, per licence (spec 1 §7 Labels, spec 2 §7). */
export const labelRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/labels',
    summary: "Labels of a licence (the signed-in user's licence when filter[license] is left out), optionally of one project",
    tag: 'labels',
    auth: true,
    policy: { access: 'user' },
    query: z.object({ 'filter[license]': uuid.optional(), 'filter[project]': uuid.optional() }).strict().optional(),
    response: z.object({ data: z.array(labelSchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/labels',
    summary: 'Create a label; without project it is licence-wide (licence admins), with one it needs the labels app of that project',
    tag: 'labels',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    body: z.object({ title, color, project: ref.nullable().optional(), license: ref.optional() }).strict(),
    response: commandResult(labelSchema),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/labels/:id',
    summary: 'Change the title or colour of a label',
    tag: 'labels',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    params: z.object({ id: uuid }),
    body: z.object({ title: title.optional(), color: color.optional() }).strict(),
    response: commandResult(labelSchema),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/labels/:id',
    summary: 'Delete a label',
    tag: 'labels',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    params: z.object({ id: uuid }),
    response: z.object({ message: z.string(), position: z.number().int().nonnegative() }),
  }),
} satisfies Record<string, RouteContract>;
