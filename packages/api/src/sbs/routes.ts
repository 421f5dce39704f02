import { z } from 'zod';
import { SBS_BULK_MAX, SBS_CODE_MAX, SBS_LABEL_MAX, SBS_VERSION_NAME_MAX } from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RoutePolicy } from '../shared/contract';
import { jobStartedSchema } from '../jobs/routes';

/**
 * An SBS node as the API shows it (spec 2 §3 SBS record: id, code, label, hasChildren, children, version). The
 * children are a call of their own (GET /sbs/{id}/children); a tree search answers the matches and their ancestors
 * as one flat list that the client nests by `parent_code` (docs/sbs.md).
 */
export const sbsNodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  label: z.string(),
  parent_code: z.string().nullable(),
  hasChildren: z.boolean(),
  version: z.object({ id: z.string() }),
});
export type SbsNodeView = z.infer<typeof sbsNodeSchema>;

/** An SBS version (spec 2 §3: id); the default version has the project's id and cannot be deleted. */
export const sbsVersionSchema = z.object({ id: z.string(), name: z.string(), isDefault: z.boolean(), created_at: z.string().nullable() });
export type SbsVersionView = z.infer<typeof sbsVersionSchema>;

/** One version of a node in its history: who, when, what it became and what it was. */
export const sbsHistoryEntrySchema = z.object({
  op: z.enum(['created', 'updated', 'deleted']),
  at: z.string(),
  position: z.number().int(),
  user: z.object({ id: z.string(), name: z.string() }),
  code: z.string(),
  label: z.string(),
  parent_code: z.string().nullable(),
  changes: z.array(z.object({ field: z.enum(['code', 'label', 'parent_code']), from: z.string().nullable(), to: z.string().nullable() })),
});
export type SbsHistoryEntry = z.infer<typeof sbsHistoryEntrySchema>;

const member: RoutePolicy = { access: 'check', check: 'project', scope: 'project' };
const manage: RoutePolicy = { access: 'check', check: 'sbs-management', scope: 'project' };
const projectParams = z.object({ id: uuid });
const nodeParams = z.object({ id: uuid, sbsId: uuid });
const versionParams = z.object({ id: uuid, versionId: uuid });

const code = z.string().max(SBS_CODE_MAX);
const label = z.string().max(SBS_LABEL_MAX);
/** the selected version (spec 2 §4); the project's default version when absent */
const version = uuid.optional();
/** the SBS as of this moment (ISO 8601) */
const timestamp = z.string().datetime({ offset: true }).optional();
const searchValue = z.string().trim().min(1).max(SBS_CODE_MAX);

const nodeBody = z
  .object({
    code,
    label: label.optional(),
    /** the parent's code in the same version; empty or null for a root */
    parent_code: code.nullable().optional(),
  })
  .strict();

const list = z.object({ data: z.array(sbsNodeSchema) });

/** Longest base64 CSV of `POST /sbs-import` (about 12 MB of CSV: 100,000 rows of a code, a label and a parent code). */
export const SBS_IMPORT_BASE64_MAX = 16_000_000;
/** Largest body of `DELETE /sbs`: SBS_BULK_MAX ids of 36 characters, quoted, with commas. */
export const SBS_DELETE_BODY_MAX = SBS_BULK_MAX * 40 + 1024;

/** SBS of a project (spec 2 §7 "SBS, all under /project/{id}"); docs/sbs.md. */
export const sbsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/project/:id/sbs',
    summary: 'SBS records of a version, filtered; timestamp gives the SBS as it was then',
    tag: 'sbs',
    auth: true,
    policy: member,
    params: projectParams,
    query: z
      .object({
        'filter[version]': version,
        'filter[code]': code.optional(),
        'filter[label]': label.optional(),
        /** a parent code; 'none' for the roots */
        'filter[parent]': code.optional(),
        /** 0 for all; default 100 */
        'filter[limit]': z.coerce.number().int().min(0).max(100_000).optional(),
        timestamp,
      })
      .strict(),
    response: list,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/project/:id/sbs/:sbsId',
    summary: 'One SBS record',
    tag: 'sbs',
    auth: true,
    policy: member,
    params: nodeParams,
    response: z.object({ data: sbsNodeSchema }),
  }),
  children: defineRoute({
    method: 'GET',
    path: '/api/project/:id/sbs/:sbsId/children',
    summary: 'The children of an SBS record (the tree loads them when a node opens)',
    tag: 'sbs',
    auth: true,
    policy: member,
    params: nodeParams,
    query: z.object({ timestamp }).strict(),
    response: list,
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/project/:id/sbs/:sbsId/history',
    summary: 'Who changed an SBS record, when, and what',
    tag: 'sbs',
    auth: true,
    policy: member,
    params: nodeParams,
    response: z.object({ data: z.array(sbsHistoryEntrySchema) }),
  }),
  permissions: defineRoute({
    method: 'GET',
    path: '/api/project/:id/sbs-permissions',
    summary: 'What the caller may do with the SBS of a project',
    tag: 'sbs',
    auth: true,
    policy: member,
    params: projectParams,
    response: z.object({ data: z.object({ read: z.boolean(), manage: z.boolean() }) }),
  }),
  tree: defineRoute({
    method: 'GET',
    path: '/api/project/:id/sbs-tree',
    summary: 'The roots of a version with hasChildren; timestamp gives the tree as it was then',
    tag: 'sbs',
    auth: true,
    policy: member,
    params: projectParams,
    query: z.object({ version, timestamp }).strict(),
    response: list,
  }),
  treeSearch: defineRoute({
    method: 'GET',
    path: '/api/project/:id/sbs-tree/search',
    summary: 'SBS records with a code segment or label word starting with value, and their ancestors (a flat list, nested by parent_code)',
    tag: 'sbs',
    auth: true,
    policy: member,
    params: projectParams,
    query: z.object({ value: searchValue, version }).strict(),
    response: list,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/project/:id/sbs-search',
    summary: 'SBS records with a code segment or label word starting with value, flat',
    tag: 'sbs',
    auth: true,
    policy: member,
    params: projectParams,
    query: z.object({ value: searchValue, version }).strict(),
    response: list,
  }),
  import: defineRoute({
    method: 'POST',
    path: '/api/project/:id/sbs-import',
    summary:
      'Import a CSV (code, label, parent code) as base64: every row is checked first (422 with the errors per row, nothing written), then a background job writes it',
    tag: 'sbs',
    auth: true,
    policy: manage,
    params: projectParams,
    body: z
      .object({
        version,
        /** base64 of the CSV (UTF-8, `,` or `;`) */
        file: z.string().min(1).max(SBS_IMPORT_BASE64_MAX),
      })
      .strict(),
    response: jobStartedSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/project/:id/sbs',
    summary: 'Create an SBS record',
    tag: 'sbs',
    auth: true,
    policy: manage,
    params: projectParams,
    body: nodeBody.extend({ version }).strict(),
    response: commandResult(sbsNodeSchema).extend({ message: z.string() }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/project/:id/sbs/:sbsId',
    summary: 'Change an SBS record: code, label, parent',
    tag: 'sbs',
    auth: true,
    policy: manage,
    params: nodeParams,
    body: nodeBody,
    response: commandResult(sbsNodeSchema).extend({ message: z.string() }),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/sbs/:sbsId',
    summary: 'Delete an SBS record without children',
    tag: 'sbs',
    auth: true,
    policy: manage,
    params: nodeParams,
    response: z.object({ position: z.number().int().nonnegative(), message: z.string() }),
  }),
  deleteMany: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/sbs',
    summary: 'Delete SBS records in a background job; a record with children needs them in the same call (all or nothing)',
    tag: 'sbs',
    auth: true,
    policy: manage,
    params: projectParams,
    body: z.object({ ids: z.array(uuid).min(1).max(SBS_BULK_MAX) }).strict(),
    response: jobStartedSchema,
  }),
  clear: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/sbs-clear',
    summary: 'Delete every record of a version, in a background job',
    tag: 'sbs',
    auth: true,
    policy: manage,
    params: projectParams,
    query: z.object({ version }).strict(),
    response: jobStartedSchema,
  }),
  versions: defineRoute({
    method: 'GET',
    path: '/api/project/:id/sbs-versions',
    summary: 'SBS versions of a project, the default first',
    tag: 'sbs',
    auth: true,
    policy: member,
    params: projectParams,
    response: z.object({ data: z.array(sbsVersionSchema) }),
  }),
  createVersion: defineRoute({
    method: 'POST',
    path: '/api/project/:id/sbs-versions',
    summary: 'Create an SBS version (it starts empty)',
    tag: 'sbs',
    auth: true,
    policy: manage,
    params: projectParams,
    body: z.object({ name: z.string().max(SBS_VERSION_NAME_MAX) }).strict(),
    response: commandResult(sbsVersionSchema).extend({ message: z.string() }),
  }),
  deleteVersion: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/sbs-versions/:versionId',
    summary: 'Delete an SBS version (not the default)',
    tag: 'sbs',
    auth: true,
    policy: manage,
    params: versionParams,
    response: z.object({ position: z.number().int().nonnegative(), message: z.string() }),
  }),
};
