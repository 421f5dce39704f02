import { z } from 'zod';
import { TABLE_EXPORT_FORMATS, tableExportQuerySchema } from '@stramien/api';

export const TABLE_EXPORT_KIND = 'table-export';

/**
 * A table export's request (`POST /project/{id}/table/{tableId}/export`, and the multi-table query's export): the
 * table, the query builder's conditions and sort, and the file format.
 */
export const tableExportParamsSchema = z.object({
  projectId: z.string(),
  tableId: z.string(),
  query: tableExportQuerySchema,
  format: z.enum(TABLE_EXPORT_FORMATS),
});
export type TableExportParams = z.input<typeof tableExportParamsSchema>;
