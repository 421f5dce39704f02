import { z } from 'zod';
import { DomainError, recordDecider, recordSchemas, toRecordStreamId, type Actor, type DeleteRecord } from '@stramien/domain';
import type { Doc } from '@stramien/infra';
import { tableRecordsCollection } from '@stramien/projections/tables/tableDocs';
import { defineJobKind } from '../kinds/jobKind';
import { tabularFile, tabularPart } from '../kinds/tabular';

export const RECORDS_CLEAR_KIND = 'records-clear';
/** records per chunk (docs/tables.md "Bulk work") */
export const RECORDS_CLEAR_CHUNK = 500;

export const recordsClearParamsSchema = z.object({ tableId: z.string(), projectId: z.string(), filename: z.string().min(1) });
export type RecordsClearParams = z.infer<typeof recordsClearParamsSchema>;

const chunkSchema = z.object({ last: z.boolean() });

/**
 * `DELETE /records/clear`: every record of a table deleted in chunks of RECORDS_CLEAR_CHUNK `RecordDeleted` events,
 * sent as the job's owner through the command pipeline. Each chunk reads on by `_seq` from where the one before
 * stopped (handed on), and the last takes every record left, so one created meanwhile goes too. A chunk redone after
 * a crash writes nothing twice: deleting a deleted record appends nothing. The file lists the deleted record ids.
 */
export const recordsClearKind = defineJobKind<RecordsClearParams>({
  kind: RECORDS_CLEAR_KIND,
  params: recordsClearParamsSchema,
  async plan(_job, params, { documentStore }) {
    const total = await documentStore.collection<Doc>(tableRecordsCollection(params.tableId)).count({});
    const count = Math.max(1, Math.ceil(total / RECORDS_CLEAR_CHUNK));
    const chunks = Array.from({ length: count }, (_, i) => ({ last: i === count - 1 }));
    const items = chunks.map((_, i) => Math.max(0, Math.min(RECORDS_CLEAR_CHUNK, total - i * RECORDS_CLEAR_CHUNK)));
    return { chunks, items, filename: params.filename, contentType: 'text/csv; charset=utf-8' };
  },
  async runChunk(job, params, chunk, { documentStore, pipeline, now }, previous) {
    const { last } = chunkSchema.parse(chunk);
    const after = typeof previous === 'number' ? previous : null;
    const docs = await documentStore
      .collection<Doc & { _seq: number }>(tableRecordsCollection(params.tableId))
      .find(after === null ? {} : { _seq: { $gt: after } }, {
        sort: { _seq: 1 },
        projection: { _id: 1, _seq: 1 },
        ...(last ? {} : { limit: RECORDS_CLEAR_CHUNK }),
      });
    const actor: Actor = { userId: job.ownerId, licenceId: job.licenceId };
    const at = now().toISOString();
    // side by side: each record is its own stream, and their appends share the event store's group commit
    const outcomes = await Promise.all(
      docs.map(async (doc): Promise<string | null> => {
        const command: DeleteRecord = { type: 'DeleteRecord', data: { tableId: params.tableId }, metadata: { actor, now: at } };
        try {
          const result = await pipeline({
            decider: recordDecider,
            schemas: recordSchemas,
            streamId: toRecordStreamId(doc._id),
            command,
            context: { actor, correlationId: job.jobId, causationId: job.jobId, projectId: params.projectId },
          });
          return result.events.length > 0 ? doc._id : null;
        } catch (e) {
          // a record no longer of this table (or gone from the log) is not this job's to delete
          if (!(e instanceof DomainError && e.status === 404)) throw e;
          return null;
        }
      }),
    );
    const deleted = outcomes.filter((id): id is string => id !== null);
    return {
      content: tabularPart(
        'csv',
        deleted.map((id) => [id]),
      ),
      items: docs.length,
      next: docs.at(-1)?._seq ?? after,
    };
  },
  assemble(_job, _params, _plan, parts) {
    return tabularFile('csv', ['deleted_record'], parts);
  },
});
