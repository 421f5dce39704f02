import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { tableRoutes, toRecordView } from '@stramien/api';
import {
  DomainError,
  isLiveRecord,
  jobDecider,
  jobSchemas,
  toJobStreamId,
  recordDecider,
  recordSchemas,
  referencedRecords,
  referencedSbsCodes,
  tableMessages,
  toRecordStreamId,
  type KnownRecord,
  type RecordContext,
} from '@stramien/domain';
import { RECORDS_CLEAR_KIND, type RecordsClearParams } from '@stramien/jobs';
import { addExactRoute, addRoute } from '../../plugins/route';
import { exportFilename } from '../jobs/jobRoutes';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadRecord, loadRecordAccess, loadTableAccess, recordNotFound, tableNotFound, type TableAccess } from '../../access/tableAccess';
import { sbsCodesOf } from './tableLookups';

/**
 * The record commands of spec 2 §7. A record is its own aggregate: a command reads the record's stream and its
 * table's (`loadRecordAccess` / `loadTableAccess`: 404 for what the user may not see, 403 without the write right),
 * plus the records its `table` cells name, then decides and appends; the answer is the record as folded.
 */
export const registerRecordRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const handle = createCommandHandler(app, { decider: recordDecider, schemas: recordSchemas, toStreamId: toRecordStreamId });
  const handleJob = createCommandHandler(app, { decider: jobDecider, schemas: jobSchemas, toStreamId: toJobStreamId });

  /**
   * The definition, the live records the input's `table` cells name (each read from its own stream) and which of the
   * codes its `sbscode` cells name the project's SBS holds (in any of its versions). A fresh object: the routes add
   * the command's own fields to it with Object.assign (keys added to a spread copy take V8 11's slow path:
   * docs/performance.md 40.).
   */
  const contextOf = async (access: TableAccess, values: Record<string, unknown>): Promise<RecordContext> => {
    const wanted = referencedRecords(access.table.columns, values);
    const codes = referencedSbsCodes(access.table.columns, values);
    const knownSbsCodes = await sbsCodesOf(deps, access.table.projectId, codes);
    const found = await Promise.all(
      wanted.map(async ({ recordId }): Promise<KnownRecord | null> => {
        const { state } = await loadRecord(deps, recordId);
        return isLiveRecord(state) && state.projectId === access.table.projectId ? { recordId, tableId: state.tableId } : null;
      }),
    );
    return {
      tableId: access.table.tableId,
      projectId: access.table.projectId,
      columns: access.table.columns,
      knownRecords: found.filter((r): r is KnownRecord => r !== null),
      knownSbsCodes,
    };
  };

  /** the record as its stream now folds (who and when from its events) */
  const answer = async (recordId: string, access: TableAccess) =>
    toRecordView((await loadRecord(deps, recordId)).definition, access.table.columns);

  addRoute(
    app,
    tableRoutes.createRecord,
    async ({ body, request }) => {
      const access = await loadTableAccess(deps, request, body.table, 'write');
      if (body.project !== undefined && body.project !== access.table.projectId) throw tableNotFound();
      const recordId = randomUUID();
      const result = await handle(
        request,
        recordId,
        { type: 'CreateRecord', data: Object.assign(await contextOf(access, body.values), { recordId, values: body.values }) },
        // answered from the record's stream: the user's own reads wait for the read models (OwnWrites)
        { actor: access.actor, projectId: access.table.projectId, settle: false },
      );
      return { data: await answer(recordId, access), position: result.position };
    },
    { waitForOwnWrites: false },
  );

  addExactRoute(
    app,
    tableRoutes.updateRecord,
    async ({ params, body, request }) => {
      const { table } = await loadRecordAccess(deps, request, params.id, 'write');
      if (
        (body.table !== undefined && body.table !== table.table.tableId) ||
        (body.project !== undefined && body.project !== table.table.projectId)
      )
        throw new DomainError(tableMessages.recordNotFound, 404);
      const result = await handle(
        request,
        params.id,
        { type: 'UpdateRecord', data: Object.assign(await contextOf(table, body.values), { values: body.values }) },
        { actor: table.actor, projectId: table.table.projectId, settle: false },
      );
      return { data: await answer(params.id, table), position: result.position, message: tableMessages.recordUpdated };
    },
    { waitForOwnWrites: false },
  );

  /** spec 2 §8: a record that cannot be deleted (unknown, deleted, or of a table the user may not see) */
  const deleteFailed = (e: unknown): never => {
    throw e instanceof DomainError && e.status === 404 ? new DomainError(tableMessages.recordDeleteFailed, 404) : e;
  };

  addRoute(app, tableRoutes.deleteRecord, async ({ params, request }) => {
    const { table } = await loadRecordAccess(deps, request, params.id, 'write').catch(deleteFailed);
    const result = await handle(
      request,
      params.id,
      { type: 'DeleteRecord', data: { tableId: table.table.tableId } },
      { actor: table.actor, projectId: table.table.projectId },
    );
    return { position: result.position };
  });

  addRoute(app, tableRoutes.deleteRecords, async ({ body, request }) => {
    const ids = [...new Set(body.records)];
    // every record is checked before the first is deleted: one refusal deletes nothing; each table is loaded once
    const records = await Promise.all(ids.map((id) => loadRecord(deps, id)));
    const tables = new Map<string, TableAccess>();
    for (const { state } of records) {
      if (!isLiveRecord(state)) deleteFailed(recordNotFound());
      if (!tables.has(state.tableId))
        tables.set(state.tableId, await loadTableAccess(deps, request, state.tableId, 'write').catch(deleteFailed));
    }
    let position = 0;
    for (const [i, { state }] of records.entries()) {
      const access = tables.get(state.tableId)!;
      const result = await handle(
        request,
        state.recordId,
        { type: 'DeleteRecord', data: { tableId: state.tableId } },
        { actor: access.actor, projectId: state.projectId, settle: i === records.length - 1 },
      );
      position = Math.max(position, result.position);
    }
    return { message: tableMessages.recordsDeleted, deleted: ids.length, position };
  });

  /** clearing is a job (services/jobs, `records-clear`): chunks of RecordDeleted, its list of deleted records in /downloads */
  addRoute(app, tableRoutes.clearRecords, async ({ body, request }) => {
    const access = await loadTableAccess(deps, request, body.table, 'manage');
    if (body.project !== undefined && body.project !== access.table.projectId) throw tableNotFound();
    const jobId = randomUUID();
    const params: RecordsClearParams = {
      tableId: access.table.tableId,
      projectId: access.table.projectId,
      filename: exportFilename('records-clear', 'csv', deps.clock()),
    };
    const result = await handleJob(
      request,
      jobId,
      {
        type: 'RequestJob',
        data: { jobId, licenceId: access.actor.licenceId, projectId: access.table.projectId, kind: RECORDS_CLEAR_KIND, params },
      },
      { actor: access.actor, projectId: access.table.projectId },
    );
    return { message: tableMessages.clearStarted, data: { id: jobId }, position: result.position };
  });
};
