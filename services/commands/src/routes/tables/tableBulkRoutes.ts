import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { tableBulkRoutes } from '@stramien/api';
import {
  defaultRevisionReason,
  DomainError,
  jobDecider,
  jobSchemas,
  tableDecider,
  tableMessages,
  tableSchemas,
  toJobStreamId,
  toTableStreamId,
  type JobParams,
} from '@stramien/domain';
import { TABLE_EXPORT_KIND, TABLE_RESTORE_KIND, type TableExportParams, type TableRestoreParams } from '@stramien/jobs';
import { checkSortColumn, conditionsFilter } from '@stramien/projections/tables/recordFilters';
import { TABLE_REVISIONS_COLLECTION, type RevisionDoc } from '@stramien/projections/tables/tableDocs';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadTableAccess, tableNotFound } from '../../access/tableAccess';

/**
 * Bulk work on a table as background jobs (docs/tables.md "Revisions", "Bulk work"): a revision's restore and a
 * table's export. Each checks access and input, appends its request and answers at once; the job worker does the work.
 */
export const registerTableBulkRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const handleTable = createCommandHandler(app, { decider: tableDecider, schemas: tableSchemas, toStreamId: toTableStreamId });
  const handleJob = createCommandHandler(app, { decider: jobDecider, schemas: jobSchemas, toStreamId: toJobStreamId });
  const revisions = deps.adapters.documentStore.collection<RevisionDoc>(TABLE_REVISIONS_COLLECTION);
  const revisionNotFound = () => new DomainError(tableMessages.revisionNotFound, 404);

  /**
   * The table stream first stores the current state as a new revision and marks the restore's start (one append),
   * then the job is requested: its chunks bring back the records that changed between the revision and that new one.
   */
  addRoute(app, tableBulkRoutes.restoreRevision, async ({ params, request }) => {
    const revision = await revisions.findOne({ _id: params.id });
    if (!revision) throw revisionNotFound();
    const access = await loadTableAccess(deps, request, revision.tableId, 'manage').catch((e: unknown) => {
      throw e instanceof DomainError && e.status === 404 ? revisionNotFound() : e;
    });
    const user = await deps.adapters.documentStore
      .collection<{ _id: string; lastname?: string }>('users')
      .findOne({ _id: access.actor.userId });
    const jobId = randomUUID();
    const newRevisionId = randomUUID();
    const upTo = await deps.adapters.eventStore.headPosition();
    const context = { actor: access.actor, projectId: access.table.projectId };
    await handleTable(
      request,
      revision.tableId,
      {
        type: 'RestoreRevision',
        data: {
          revisionId: revision._id,
          newRevisionId,
          reason: defaultRevisionReason(deps.clock().toISOString(), user?.lastname ?? ''),
          position: upTo,
          jobId,
        },
      },
      context,
    );
    const jobParams: TableRestoreParams = {
      projectId: access.table.projectId,
      tableId: revision.tableId,
      revisionId: revision._id,
      position: revision.position,
      newRevisionId,
      upTo,
    };
    const result = await handleJob(
      request,
      jobId,
      {
        type: 'RequestJob',
        data: { jobId, licenceId: access.actor.licenceId, projectId: access.table.projectId, kind: TABLE_RESTORE_KIND, params: jobParams },
      },
      context,
    );
    return { message: tableMessages.restoreStarted, data: { id: jobId }, position: result.position };
  });

  /** The query is checked here (unknown columns, operators that do not fit, bad values: 400), so the job runs it as asked. */
  addRoute(app, tableBulkRoutes.exportTable, async ({ params, body, request }) => {
    const access = await loadTableAccess(deps, request, params.tableId, 'read');
    if (access.table.projectId !== params.id) throw tableNotFound();
    const { format, ...query } = body;
    conditionsFilter(access.table.columns, query);
    checkSortColumn(access.table.columns, query.sort?.column, 'sort.column');
    const jobId = randomUUID();
    const jobParams: TableExportParams = { projectId: access.table.projectId, tableId: access.table.tableId, query, format };
    const result = await handleJob(
      request,
      jobId,
      {
        type: 'RequestJob',
        data: {
          jobId,
          licenceId: access.actor.licenceId,
          projectId: access.table.projectId,
          kind: TABLE_EXPORT_KIND,
          params: jobParams as JobParams,
        },
      },
      { actor: access.actor, projectId: access.table.projectId },
    );
    return { message: tableMessages.exportStarted, data: { id: jobId }, position: result.position };
  });
};
