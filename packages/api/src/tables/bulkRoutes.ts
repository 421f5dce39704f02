import { z } from 'zod';
import { defineRoute, idParams, uuid, type RouteContract } from '../shared/contract';
import { jobStartedSchema } from '../jobs/routes';
import { tableQueryBodySchema } from './queryRoutes';

/** The file formats of a table export (docs/tables.md "Bulk work"). */
export const TABLE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TableExportFormat = (typeof TABLE_EXPORT_FORMATS)[number];

/** What an export takes of the query builder's body: its conditions and sort (every matching record, so no page). */
export const tableExportQuerySchema = tableQueryBodySchema.omit({ limit: true, offset: true });
export type TableExportQuery = z.infer<typeof tableExportQuerySchema>;

/** The export's body: the table query's (conditions, sort) and the file format. */
export const tableExportBodySchema = tableExportQuerySchema.extend({ format: z.enum(TABLE_EXPORT_FORMATS).default('csv') }).strict();

/**
 * Bulk work on a table that runs as a background job (docs/tables.md "Revisions", "Bulk work"; docs/jobs.md): each
 * answers at once with its message and the job, whose progress GET /api/jobs/{jobId} and /downloads show.
 */
export const tableBulkRoutes = {
  restoreRevision: defineRoute({
    method: 'POST',
    path: '/api/revision/:id/restore',
    summary:
      "Restore a table to a revision, in the background: the current state is first stored as a new revision, then a job brings each changed record back (recreates deleted ones, deletes ones created since, restores values); 'Revision not found'",
    tag: 'tables',
    auth: true,
    policy: { access: 'table', need: 'manage' },
    params: idParams,
    body: z.object({}).strict().nullish(),
    response: jobStartedSchema,
  }),
  exportTable: defineRoute({
    method: 'POST',
    path: '/api/project/:id/table/:tableId/export',
    summary:
      "Export a table's records that the query finds (conditions, sort) as CSV or XLSX, in the background; the file appears in /downloads",
    tag: 'tables',
    auth: true,
    policy: { access: 'table', need: 'read' },
    apiTokens: 'read',
    params: z.object({ id: uuid, tableId: uuid }),
    body: tableExportBodySchema,
    response: jobStartedSchema,
  }),
} satisfies Record<string, RouteContract>;
