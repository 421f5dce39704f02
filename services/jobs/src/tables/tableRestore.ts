import { z } from 'zod';

export const TABLE_RESTORE_KIND = 'table-restore';

/**
 * `POST /revision/{id}/restore`: bring the table back to revision `revisionId` (log position `position`). The route
 * stored the state before the restore as revision `newRevisionId` at log position `upTo`; the job restores the records
 * that changed between `position` and `upTo`.
 */
export const tableRestoreParamsSchema = z.object({
  projectId: z.string(),
  tableId: z.string(),
  revisionId: z.string(),
  position: z.number().int().nonnegative(),
  newRevisionId: z.string(),
  upTo: z.number().int().nonnegative(),
});
export type TableRestoreParams = z.infer<typeof tableRestoreParamsSchema>;
