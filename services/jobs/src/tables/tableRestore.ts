import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import {
  DomainError,
  recordDecider,
  recordSchemas,
  toRecordStreamId,
  type Actor,
  type CellValue,
  type ColumnType,
  type RestoreRecord,
} from '@stramien/domain';
import type { DocumentStore } from '@stramien/infra';
import { decodeCell, tableVersionsCollection, type VersionDoc } from '@stramien/projections/tables/tableDocs';
import { columnVersions, findRevision } from '@stramien/projections/tables/tableReads';
import { defineJobKind } from '../kinds/jobKind';
import { tabularFile, tabularPart } from '../kinds/tabular';

export const TABLE_RESTORE_KIND = 'table-restore';
/** records per chunk (docs/tables.md "Revisions") */
export const TABLE_RESTORE_CHUNK = 500;
/** how long the plan waits for the read model to hold the state before the restore (the new revision) */
const READ_MODEL_WAIT_MS = 120_000;

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

const chunkSchema = z.object({ recordIds: z.array(z.string()) });

/** The read model holds everything up to `upTo` once it holds the revision stored there (it applies the log in order). */
const waitForReadModel = async (store: DocumentStore, params: TableRestoreParams): Promise<void> => {
  const until = Date.now() + READ_MODEL_WAIT_MS;
  while (!(await findRevision(store, params.tableId, params.newRevisionId))) {
    if (Date.now() > until) throw new Error(`The read model of table ${params.tableId} did not reach revision ${params.newRevisionId}`);
    await sleep(100);
  }
};

/** The records that changed between the revision and the restore's start: versions begun or ended in (position, upTo]. */
export const changedRecordIds = async (store: DocumentStore, params: TableRestoreParams): Promise<string[]> => {
  const versions = store.collection<VersionDoc>(tableVersionsCollection(params.tableId));
  const range = { $gt: params.position, $lte: params.upTo };
  const projection = { recordId: 1 } as const;
  const opened = await versions.find({ from: range }, { projection });
  const closed = await versions.find({ to: range }, { projection });
  return [...new Set([...opened, ...closed].map((v) => v.recordId))].sort();
};

/** Each column's type (a column's type never changes), for turning stored cells back into values. */
const columnTypesOf = async (store: DocumentStore, tableId: string): Promise<Map<string, ColumnType>> =>
  new Map((await columnVersions(store, tableId)).map((c) => [c.columnId, c.type]));

/**
 * A revision's restore (docs/tables.md "Revisions"): the records that changed since the revision, in chunks of
 * TABLE_RESTORE_CHUNK, each brought back by a `RestoreRecord` command sent as the job's owner through the command
 * pipeline (a chunk's commands side by side, so their appends share one group commit): recreated (`RecordCreated` with `restoredFrom`), deleted (`RecordDeleted` with `revisionId`) or given
 * its values back (`RecordRestored`). The target of each record is its version valid at the revision's position (the
 * history read model; such a version never changes); the record's present is its own stream, which the decider
 * folds: a chunk redone after a crash finds its records restored and writes nothing twice. The file lists each
 * record the restore changed and how.
 */
export const tableRestoreKind = defineJobKind<TableRestoreParams>({
  kind: TABLE_RESTORE_KIND,
  params: tableRestoreParamsSchema,
  async plan(job, params, { documentStore }) {
    await waitForReadModel(documentStore, params);
    const ids = await changedRecordIds(documentStore, params);
    const chunks: z.infer<typeof chunkSchema>[] = [];
    for (let i = 0; i < ids.length; i += TABLE_RESTORE_CHUNK) chunks.push({ recordIds: ids.slice(i, i + TABLE_RESTORE_CHUNK) });
    if (chunks.length === 0) chunks.push({ recordIds: [] });
    return {
      chunks,
      items: chunks.map((c) => c.recordIds.length),
      filename: `restore-${job.requestedAt.slice(0, 19).replace('T', '-').replaceAll(':', '')}.csv`,
      contentType: 'text/csv; charset=utf-8',
    };
  },
  async runChunk(job, params, chunk, { documentStore, pipeline, now }) {
    const { recordIds } = chunkSchema.parse(chunk);
    const types = await columnTypesOf(documentStore, params.tableId);
    const atRevision = await documentStore
      .collection<VersionDoc>(tableVersionsCollection(params.tableId))
      .find({ recordId: { $in: recordIds }, from: { $lte: params.position }, to: { $gt: params.position } });
    const targets = new Map(atRevision.map((v) => [v.recordId, v]));
    const actor: Actor = { userId: job.ownerId, licenceId: job.licenceId };
    const at = now().toISOString();
    // side by side: each record is its own stream, and their appends share the event store's group commit (one
    // transaction, one sync) instead of one commit per record
    const outcomes = await Promise.all(
      recordIds.map(async (recordId): Promise<[string, string][]> => {
        const version = targets.get(recordId);
        const values: Record<string, CellValue> | null = version
          ? Object.fromEntries(Object.entries(version.v).map(([columnId, stored]) => [columnId, decodeCell(stored, types.get(columnId))]))
          : null;
        const command: RestoreRecord = {
          type: 'RestoreRecord',
          data: { recordId, tableId: params.tableId, projectId: params.projectId, revisionId: params.revisionId, values },
          metadata: { actor, now: at },
        };
        try {
          const result = await pipeline({
            decider: recordDecider,
            schemas: recordSchemas,
            streamId: toRecordStreamId(recordId),
            command,
            context: { actor, correlationId: job.jobId, causationId: job.jobId, projectId: params.projectId },
          });
          return result.events.map((event) => [recordId, event.type]);
        } catch (e) {
          // a record no longer of this table is not this restore's
          if (!(e instanceof DomainError && e.status === 404)) throw e;
          return [];
        }
      }),
    );
    const done = outcomes.flat();
    return { content: tabularPart('csv', done), items: recordIds.length };
  },
  assemble(_job, _params, _plan, parts) {
    return tabularFile('csv', ['record', 'event'], parts);
  },
});
