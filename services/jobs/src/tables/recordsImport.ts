import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  checkRecordCell,
  derivedId,
  DomainError,
  IMPORT_CHUNK_ROWS,
  recordDecider,
  recordSchemas,
  tableMessages,
  toRecordStreamId,
  type Actor,
  type CellValue,
  type Column,
  type CreateRecord,
  type EventMetadata,
  type JobState,
} from '@stramien/domain';
import { JsonText, newEventId, type BlobStore, type DocumentStore, type NewStream } from '@stramien/infra';
import { TABLES_COLLECTION, type TableDoc } from '@stramien/projections/tables/tableDocs';
import { defineJobKind, JobRefused, type JobContext } from '../kinds/jobKind';
import { tabularFile, tabularPart } from '../kinds/tabular';
import { headerRefusal, peekHead, readModelLookups, recordContextOf, type ImportTarget } from './csvRecords';
import { CellsRefused, checkCsvInThreads, csvPlanThreads, csvThreadHooks, ThreadCsvError, warmCsvThreads } from './csvThread';

export { importedRecordId, importedRecordIds } from './importRows';

export const RECORDS_IMPORT_KIND = 'records-import';

export const recordsImportParamsSchema = z.object({
  tableId: z.string(),
  projectId: z.string(),
  /** the uploaded CSV in the BlobStore (`importUploadBlobId`) */
  blobId: z.string(),
  /** CSV header -> column id (null: not imported), as the request resolved it */
  mapping: z.record(z.string(), z.string().nullable()),
  filename: z.string().min(1),
});
export type RecordsImportParams = z.infer<typeof recordsImportParamsSchema>;

/** Where an import keeps its upload, and each chunk's checked rows (NDJSON), in the BlobStore. */
export const importBlobIds = {
  upload: (jobId: string) => `job-${jobId}-upload`,
  rows: (jobId: string, index: number) => `job-${jobId}-rows-${index}`,
};

/**
 * The record id of row `row` in a plan made before the prepared lines (which carry each row's id, `importedRecordIds`):
 * a name-based uuid (`derivedId`), as that plan's chunks named its records before a crash.
 */
export const legacyImportedRecordId = (jobId: string, row: number): string => derivedId('records-import', jobId, String(row));

/**
 * `definition`: a hash of the table's columns as the plan checked the rows against them; a chunk whose table still
 * has them writes the checked values as they are (absent in plans made before it was kept: the full path).
 */
const chunkSchema = z.object({
  index: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  definition: z.string().optional(),
  /** the stored rows are `prepared` lines (absent in plans made before: `[row, values]` lines) */
  prepared: z.boolean().optional(),
});

/** the columns a chunk's rows were checked against, as one hash */
export const definitionOf = (columns: readonly Column[]): string => createHash('sha1').update(JSON.stringify(columns)).digest('hex');

/** the table as the read model has it now; a deleted (or unknown) one ends the import */
const targetOf = async (documentStore: DocumentStore, params: RecordsImportParams): Promise<ImportTarget> => {
  const table = await documentStore.collection<TableDoc>(TABLES_COLLECTION).findOne({ _id: params.tableId });
  if (!table || table.deleted || table.projectId !== params.projectId) throw new JobRefused(tableMessages.notFound);
  return { tableId: table._id, projectId: table.projectId, columns: table.columns };
};

/** removes the upload and the checked rows of the first `chunks` chunks, or of all (stored from 0 on: the first missing ends them) */
const removeBlobs = async (blobStore: BlobStore, jobId: string, chunks?: number) => {
  if (chunks === undefined) {
    for (let i = 0; await blobStore.delete(importBlobIds.rows(jobId, i)); i++);
  } else {
    for (let i = 0; i < chunks; i++) await blobStore.delete(importBlobIds.rows(jobId, i));
  }
  await blobStore.delete(importBlobIds.upload(jobId));
};

/** a chunk's stored rows as text */
const textOf = async (stream: Readable): Promise<string> => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8').trimEnd();
};

/** a chunk's prepared rows: row number, record id and the data's JSON, as `preparedLine` wrote them */
interface PreparedRow {
  row: number;
  recordId: string;
  json: string;
}

const preparedRowsOf = (text: string): PreparedRow[] => {
  const rows: PreparedRow[] = [];
  if (text === '') return rows;
  for (let at = 0; at < text.length;) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    const a = text.indexOf(' ', at);
    const b = text.indexOf(' ', a + 1);
    rows.push({ row: Number(text.slice(at, a)), recordId: text.slice(a + 1, b), json: text.slice(b + 1, end) });
    at = end + 1;
  }
  return rows;
};

/** a row to create on the full path: its number, its record id and its checked values */
type RowToCreate = [number, string, Record<string, CellValue>];

/** the values of prepared rows, with their record ids (the full path, and a recheck of `table` and `sbscode` cells) */
const valuesOf = (rows: readonly PreparedRow[]): RowToCreate[] =>
  rows.map(({ row, recordId, json }) => [row, recordId, (JSON.parse(json) as { values: Record<string, CellValue> }).values]);

/**
 * a chunk's checked rows stored by a plan made before the prepared lines: each `[row, values]` (read as written, in
 * one JSON.parse of the lines joined into an array; a chunk is small)
 */
const legacyRowsOf = (text: string): [number, Record<string, CellValue>][] =>
  // a JSON line holds no raw newline (JSON.stringify escapes them in strings)
  text === '' ? [] : (JSON.parse(`[${text.replaceAll('\n', ',')}]`) as [number, Record<string, CellValue>][]);

/**
 * `POST /records/import`: a CSV's rows become records (docs/tables.md "Bulk work"). The plan reads the uploaded file
 * once, streamed, in batches of IMPORT_CHUNK_ROWS rows, checking every cell; one refused cell fails the job with
 * `tables.importInvalid` before anything is written (the owner fetches the errors from /records/verify). Each batch's
 * checked values are stored as the input of one chunk, with a hash of the columns they were checked against. A chunk
 * creates its rows' records as the job's owner, in one `appendNewStreams` call while the table keeps those columns
 * (`writeChecked`), else through the command pipeline (`createRows`); row n becomes record
 * `importedRecordId(job, n)` (stored with the row), created only where its stream is empty, so a chunk run again writes nothing twice. The
 * file lists row and record id.
 */
export const recordsImportKind = defineJobKind<RecordsImportParams>({
  kind: RECORDS_IMPORT_KIND,
  params: recordsImportParamsSchema,
  async plan(job, params, { documentStore, blobStore }) {
    const target = await targetOf(documentStore, params);
    const upload = await blobStore.get(params.blobId);
    // gone only when an earlier run refused the file (and was stopped before it recorded that)
    if (!upload) throw new JobRefused(tableMessages.importInvalid);
    const lookups = readModelLookups(documentStore);
    const definition = definitionOf(target.columns);
    const items: number[] = [];
    // a batch's rows are stored while the next is checked: the store's answer (an error, or null) awaited before the
    // next batch is stored, and at the end
    let storing: Promise<unknown> = Promise.resolve(null);
    const stored = async () => {
      const error = await storing;
      if (error) throw error;
    };
    let threads: ReturnType<typeof checkCsvInThreads> | null = null;
    try {
      // the CSV parser (csvText.ts), the cell checks and each row's record id and RecordCreated data in threads (csvThread.ts), so that
      // a chunk only appends; this thread looks up `table`/`sbscode` cells and stores the batches
      const { start, rest, delimiter } = await peekHead(upload.stream);
      threads = checkCsvInThreads(start, rest, {
        delimiter,
        batchSize: IMPORT_CHUNK_ROWS,
        target,
        mapping: params.mapping,
        jobId: job.jobId,
        lookups,
        threads: csvThreadHooks.threads,
        checkers: csvThreadHooks.checkers,
      });
      const refused = headerRefusal(await threads.head());
      if (refused) throw refused;
      for (let batch = await threads.next(); batch; batch = await threads.next()) {
        const index = items.length;
        const { bytes } = batch;
        await stored();
        storing = (async () => {
          await blobStore.delete(importBlobIds.rows(job.jobId, index));
          await blobStore.put(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
            id: importBlobIds.rows(job.jobId, index),
            contentType: 'text/plain; charset=utf-8',
          });
        })().then(
          () => null,
          (error: unknown) => error ?? new Error('storing checked rows failed'),
        );
        items.push(batch.rows);
      }
      await stored();
    } catch (e) {
      threads?.close();
      // a batch still being stored is stored (or failed) before its blobs are removed
      await storing;
      // a file that is no CSV, or a refused cell: nothing is written; the upload and the checked rows go
      if (!(e instanceof DomainError || e instanceof JobRefused || e instanceof CellsRefused || e instanceof ThreadCsvError)) throw e;
      await removeBlobs(blobStore, job.jobId, items.length + 1);
      throw new JobRefused(tableMessages.importInvalid);
    } finally {
      threads?.close();
      upload.stream.destroy();
    }
    // a file of a header only imports nothing, in one empty chunk
    if (items.length === 0) items.push(0);
    return {
      chunks: items.map((rows, index) => ({ index, rows, definition, prepared: true })),
      items,
      filename: params.filename,
      contentType: 'text/csv; charset=utf-8',
    };
  },
  async runChunk(job, params, chunk, context) {
    const { index, rows: count, definition, prepared } = chunkSchema.parse(chunk);
    if (count === 0) return { content: Buffer.alloc(0), items: 0 };
    const stored = await context.blobStore.get(importBlobIds.rows(job.jobId, index));
    if (!stored) throw new Error(`the rows of chunk ${index} of import ${job.jobId} are missing`);
    const text = await textOf(stored.stream);
    if (prepared) {
      const rows = preparedRowsOf(text);
      // parsed only when a recheck or the full path needs them, and then once
      let parsed: RowToCreate[] | undefined;
      const values = () => (parsed ??= valuesOf(rows));
      const created =
        (await writePrepared(job, params, rows, values, definition, context)) ?? (await createRows(job, params, values(), context));
      return { content: tabularPart('csv', created), items: rows.length };
    }
    const rows = legacyRowsOf(text);
    const created =
      (await writeChecked(job, params, rows, definition, context)) ??
      (await createRows(
        job,
        params,
        rows.map(([row, values]) => [row, legacyImportedRecordId(job.jobId, row), values]),
        context,
      ));
    return { content: tabularPart('csv', created), items: rows.length };
  },
  /** the plan's threads (the CSV parser and the checkers) started ahead */
  warm: () => warmCsvThreads(csvPlanThreads()),
  /** canceled (or failed) while at work: the upload and the checked rows go; the records written stay */
  async discard(job, _params, { blobStore }) {
    await removeBlobs(blobStore, job.jobId);
  },
  assemble(job, _params, plan, parts, { blobStore }) {
    const file = tabularFile('csv', ['row', 'record'], parts);
    return Readable.from(
      (async function* () {
        yield* file;
        // every chunk is recorded and its part read: the checked rows and the upload are no longer needed
        await removeBlobs(blobStore, job.jobId, plan.chunks.length);
      })(),
    );
  },
});

/**
 * The trusted path: when the table still has the columns the plan checked the rows against (`definition`), the
 * chunk's `RecordCreated` events are written as they are, without the record decider checking every cell again or
 * the pipeline's schema parsing the values the same check made: one `appendNewStreams` call (one transaction in the
 * embedded store), each record a new stream; a record already there (this chunk ran before a crash) is skipped. A
 * `table` or `sbscode` cell depends on other data, so those are checked again (one lookup per chunk). The events are
 * those the pipeline would write (same type, data and metadata). Answers null when it cannot be taken: the table
 * changed (or the plan kept no definition), or a linked record or SBS code is gone; the full path then decides.
 */
const writeChecked = async (
  job: JobState,
  params: RecordsImportParams,
  rows: [number, Record<string, CellValue>][],
  definition: string | undefined,
  context: JobContext,
): Promise<[number, string][] | null> => {
  const target = await trustedTarget(params, rows, definition, context);
  if (!target) return null;
  const { appendNewStreams } = context;
  const metadata = metadataOf(job, params, context);
  const created: [number, string][] = [];
  const streams: NewStream[] = rows.map(([row, values]) => {
    const recordId = legacyImportedRecordId(job.jobId, row);
    created.push([row, recordId]);
    const data = { recordId, tableId: target.tableId, projectId: target.projectId, values, importId: job.jobId };
    return { streamId: toRecordStreamId(recordId), events: [{ id: newEventId(), type: 'RecordCreated', data, metadata }] };
  });
  await appendNewStreams(streams);
  return created;
};

/**
 * The table, when a chunk may write its rows as the plan checked them: its columns are those the plan checked against
 * (`definition`) and its `table` and `sbscode` cells still name live records and codes (checked again, one lookup per
 * chunk); else null.
 */
const trustedTarget = async (
  params: RecordsImportParams,
  rows: readonly [number, Record<string, CellValue>][] | (() => [number, Record<string, CellValue>][]),
  definition: string | undefined,
  { documentStore }: JobContext,
): Promise<ImportTarget | null> => {
  const target = await targetOf(documentStore, params);
  if (definition === undefined || definitionOf(target.columns) !== definition) return null;
  const linked = target.columns.filter((c) => c.type === 'table' || c.type === 'sbscode');
  if (linked.length === 0) return target;
  const values = (typeof rows === 'function' ? rows() : rows).map(([, v]) => v);
  const context = await recordContextOf(target, values, readModelLookups(documentStore));
  for (const v of values) for (const column of linked) if (!checkRecordCell(context, column, v[column.columnId]).ok) return null;
  return target;
};

/** the metadata of the job owner's RecordCreated events, as the pipeline writes it */
const metadataOf = (job: JobState, params: RecordsImportParams, { now }: JobContext): EventMetadata => ({
  userId: job.ownerId,
  licenceId: job.licenceId,
  projectId: params.projectId,
  correlationId: job.jobId,
  causationId: job.jobId,
  occurredAt: now().toISOString(),
});

/**
 * The trusted path of a plan's prepared rows (`writeChecked`, each event's data already JSON): one `appendNewStreams`
 * call of the stored texts, no object or JSON made per row. Null when the table changed or a linked cell no longer holds.
 */
const writePrepared = async (
  job: JobState,
  params: RecordsImportParams,
  rows: readonly PreparedRow[],
  values: () => RowToCreate[],
  definition: string | undefined,
  context: JobContext,
): Promise<[number, string][] | null> => {
  if (!(await trustedTarget(params, () => values().map(([row, , cells]) => [row, cells]), definition, context))) return null;
  const metadata = metadataOf(job, params, context);
  const created: [number, string][] = new Array(rows.length);
  const streams: NewStream[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const { row, recordId, json } = rows[i]!;
    created[i] = [row, recordId];
    streams[i] = {
      streamId: toRecordStreamId(recordId),
      events: [{ id: newEventId(), type: 'RecordCreated', data: new JsonText(json), metadata }],
    };
  }
  await context.appendNewStreams(streams);
  return created;
};

/**
 * The full path (the table changed since the plan): creates a chunk's records side by side as the job's owner through
 * the command pipeline, the decider checking every cell; a record already there (this chunk ran before a crash) is
 * left as it is. Answers each row with its record id.
 */
const createRows = async (
  job: JobState,
  params: RecordsImportParams,
  rows: RowToCreate[],
  { documentStore, pipeline, now }: JobContext,
): Promise<[number, string][]> => {
  const target = await targetOf(documentStore, params);
  const context = await recordContextOf(
    target,
    rows.map(([, , values]) => values),
    readModelLookups(documentStore),
  );
  const actor: Actor = { userId: job.ownerId, licenceId: job.licenceId };
  const at = now().toISOString();
  return Promise.all(
    rows.map(async ([row, recordId, values]): Promise<[number, string]> => {
      const command: CreateRecord = {
        type: 'CreateRecord',
        data: { ...context, recordId, values, importId: job.jobId },
        metadata: { actor, now: at },
      };
      try {
        await pipeline({
          decider: recordDecider,
          schemas: recordSchemas,
          streamId: toRecordStreamId(recordId),
          command,
          context: { actor, correlationId: job.jobId, causationId: job.jobId, projectId: params.projectId },
          // the id is this job's and row's own: its stream is new, unless this chunk ran before
          newStream: true,
        });
      } catch (e) {
        // created by an earlier run of this chunk: the id is this job's and this row's alone
        if (!(e instanceof DomainError && e.status === 409)) throw e;
      }
      return [row, recordId];
    }),
  );
};
