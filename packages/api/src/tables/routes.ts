import { z } from 'zod';
import {
  COLUMN_NAME_MAX,
  columnTypeSchema,
  format,
  RECORDS_DELETE_MAX,
  REVISION_REASON_MAX,
  TABLE_NAME_MAX,
  tableMessages,
} from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RouteContract, type RoutePolicy } from '../shared/contract';
import { jobStartedSchema } from '../jobs/routes';
import { columnViewSchema, permissionViewSchema, recordViewSchema, relationViewSchema, revisionViewSchema, tableViewSchema } from './views';

export * from './views';

const ref = z.object({ id: uuid }).strict();
/** spec 2 §7 names `table` and `project` in bodies without a shape: an id or `{id}` are both read */
export const idOrRef = z.union([uuid, ref]).transform((value) => (typeof value === 'string' ? value : value.id));
const idParams = z.object({ id: uuid });
const position = z.number().int().nonnegative();
/** `options_value`: an object, or JSON text of one (spec 2 §3 "JSON, read as structured data"); checked per type */
const optionsValue = z.union([z.record(z.string(), z.unknown()), z.string().max(100_000), z.null()]);
/** cell inputs by column id; each column type's validator reads them (columnTypes.ts) */
const cellInputs = z.record(z.string().max(100), z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]));

const settings: RoutePolicy = { access: 'check', check: 'project-settings', scope: 'project' };
const manage: RoutePolicy = { access: 'table', need: 'manage' };
const write: RoutePolicy = { access: 'table', need: 'write' };

/**
 * Commands on project tables (spec 2 §7 "Tables, records and querying", "Columns and permissions", "Relations",
 * "Revisions"): each answers the resulting view, built from the folded streams, and the position of its last event.
 * The queries are in queryRoutes.ts.
 */
export const tableRoutes = {
  createTable: defineRoute({
    method: 'POST',
    path: '/api/table',
    summary: 'Create a table in a project',
    tag: 'tables',
    auth: true,
    policy: settings,
    body: z.object({ project: idOrRef, name: z.string().max(TABLE_NAME_MAX) }).strict(),
    response: commandResult(tableViewSchema),
  }),
  updateTable: defineRoute({
    method: 'PUT',
    path: '/api/table/:id',
    summary: 'Rename a table',
    tag: 'tables',
    auth: true,
    policy: manage,
    params: idParams,
    body: z.object({ project: idOrRef.optional(), name: z.string().max(TABLE_NAME_MAX) }).strict(),
    response: commandResult(tableViewSchema),
  }),
  deleteTable: defineRoute({
    method: 'DELETE',
    path: '/api/table/:id',
    summary: 'Delete a table with its records (its history stays in the log)',
    tag: 'tables',
    auth: true,
    policy: manage,
    params: idParams,
    response: z.object({ position }),
  }),
  createColumn: defineRoute({
    method: 'POST',
    path: '/api/column',
    summary: 'Add a column to a table',
    tag: 'tables',
    auth: true,
    policy: manage,
    body: z
      .object({
        project: idOrRef.optional(),
        table: idOrRef,
        name: z.string().max(COLUMN_NAME_MAX),
        type: columnTypeSchema,
        options_value: optionsValue.optional(),
        position: z.number().int().min(0).max(100_000).optional(),
      })
      .strict(),
    response: commandResult(columnViewSchema),
  }),
  updateColumn: defineRoute({
    method: 'PUT',
    path: '/api/column/:id',
    summary: 'Rename, reorder or change the options of a column (its type stays)',
    tag: 'tables',
    auth: true,
    policy: manage,
    params: idParams,
    body: z
      .object({
        project: idOrRef.optional(),
        table: idOrRef.optional(),
        name: z.string().max(COLUMN_NAME_MAX).optional(),
        type: columnTypeSchema.optional(),
        options_value: optionsValue.optional(),
        position: z.number().int().min(0).max(100_000).optional(),
      })
      .strict(),
    response: commandResult(columnViewSchema),
  }),
  deleteColumn: defineRoute({
    method: 'DELETE',
    path: '/api/column/:id',
    summary: 'Delete a column and its relations (spec 2 §4); answers the table',
    tag: 'tables',
    auth: true,
    policy: manage,
    params: idParams,
    response: commandResult(tableViewSchema),
  }),
  createRelation: defineRoute({
    method: 'POST',
    path: '/api/project/:id/relations',
    summary: 'Relate a table column to the table it points at',
    tag: 'tables',
    auth: true,
    policy: manage,
    params: idParams,
    body: z.object({ table: idOrRef, column: idOrRef }).strict(),
    response: commandResult(relationViewSchema),
  }),
  deleteRelation: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/relations/:relationId',
    summary: 'Remove a relation; answers the table',
    tag: 'tables',
    auth: true,
    policy: manage,
    params: z.object({ id: uuid, relationId: uuid }),
    response: commandResult(tableViewSchema),
  }),
  createPermission: defineRoute({
    method: 'POST',
    path: '/api/permission',
    summary: 'Give a team of the project read or write rights on a table',
    tag: 'tables',
    auth: true,
    policy: manage,
    body: z.object({ project: idOrRef.optional(), table: idOrRef, team: idOrRef, read: z.boolean(), write: z.boolean() }).strict(),
    response: commandResult(permissionViewSchema),
  }),
  updatePermission: defineRoute({
    method: 'PUT',
    path: '/api/permission/:id',
    summary: "Change a team's rights on a table",
    tag: 'tables',
    auth: true,
    policy: manage,
    params: idParams,
    body: z.object({ read: z.boolean().optional(), write: z.boolean().optional() }).strict(),
    response: commandResult(permissionViewSchema),
  }),
  deletePermission: defineRoute({
    method: 'DELETE',
    path: '/api/permission/:id',
    summary: "Revoke a team's rights on a table; answers the table",
    tag: 'tables',
    auth: true,
    policy: manage,
    params: idParams,
    response: commandResult(tableViewSchema),
  }),
  createRecord: defineRoute({
    method: 'POST',
    path: '/api/record',
    summary: 'Add a record to a table; values by column id, checked per column type',
    tag: 'tables',
    auth: true,
    policy: write,
    body: z.object({ project: idOrRef.optional(), table: idOrRef, values: cellInputs }).strict(),
    response: commandResult(recordViewSchema),
  }),
  updateRecord: defineRoute({
    method: 'PUT',
    path: '/api/record/:id',
    summary: 'Change cells of a record; cells left out keep their value',
    tag: 'tables',
    auth: true,
    policy: write,
    params: idParams,
    body: z.object({ project: idOrRef.optional(), table: idOrRef.optional(), values: cellInputs }).strict(),
    response: commandResult(recordViewSchema).extend({ message: z.string() }),
  }),
  deleteRecord: defineRoute({
    method: 'DELETE',
    path: '/api/record/:id',
    summary: 'Delete a record',
    tag: 'tables',
    auth: true,
    policy: write,
    params: idParams,
    response: z.object({ position }),
  }),
  deleteRecords: defineRoute({
    method: 'DELETE',
    path: '/api/records',
    summary: `Delete up to ${RECORDS_DELETE_MAX} records; every record is checked first, nothing is deleted when one is refused`,
    tag: 'tables',
    auth: true,
    policy: write,
    body: z
      .object({
        records: z
          .array(uuid)
          .min(1)
          .max(RECORDS_DELETE_MAX, { message: format(tableMessages.tooManyRecords, { maximum: RECORDS_DELETE_MAX }) }),
      })
      .strict(),
    response: z.object({ message: z.string(), deleted: z.number().int().nonnegative(), position }),
  }),
  clearRecords: defineRoute({
    method: 'DELETE',
    path: '/api/records/clear',
    summary: 'Delete every record of a table, in the background (a job; the list of deleted records appears in /downloads)',
    tag: 'tables',
    auth: true,
    policy: manage,
    body: z.object({ project: idOrRef.optional(), table: idOrRef }).strict(),
    response: jobStartedSchema,
  }),
  storeRevision: defineRoute({
    method: 'POST',
    path: '/api/revision',
    summary: "Store a revision: a named point in the log (reason defaults to the time and the user's last name)",
    tag: 'tables',
    auth: true,
    policy: manage,
    body: z.object({ reason: z.string().max(REVISION_REASON_MAX).optional(), table: idOrRef, project: idOrRef }).strict(),
    response: commandResult(revisionViewSchema),
  }),
} satisfies Record<string, RouteContract>;
