import { z } from 'zod';
import { TABLE_EXPORT_FORMATS, tableExportQuerySchema } from '@stramien/api';
import { columnTypeSchema, type CellValue, type ColumnType } from '@stramien/domain';
import { conditionsFilter } from '@stramien/projections/tables/recordFilters';
import { decodeCell, tableRecordsCollection, type StoredValues, type TableDoc } from '@stramien/projections/tables/tableDocs';
import { currentRecords, findTable, recordsSortOf, type RecordsRequest } from '@stramien/projections/tables/tableReads';
import type { DocumentStore, EmbeddedDocumentStore, Filter } from '@stramien/infra';
import { defineJobKind } from '../kinds/jobKind';
import { TABULAR_CONTENT_TYPES, tabularFile, tabularPart, type Cell } from '../kinds/tabular';
import { csvLineColumns, csvLinesOf } from './csvLines';
import { createExportReaders, type ExportReaders, type ReaderAnswer } from './exportReaders';

export const TABLE_EXPORT_KIND = 'table-export';
/**
 * rows per chunk: small enough to hold, large enough that the per-chunk work (a part and a cursor stored, two events
 * committed) stays small beside the reads (was 10,000; a plan keeps its chunks' size, `rows`)
 */
export const TABLE_EXPORT_CHUNK_ROWS = 20_000;
/** the chunks' size of plans made before they carried it */
const LEGACY_CHUNK_ROWS = 10_000;

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
type Params = z.infer<typeof tableExportParamsSchema>;

/** A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a `'` in front. */
export const neutraliseFormula = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * A stored cell as the file shows it: booleans true/false, dates as stored (ISO 8601), a `table` cell the linked
 * record's id, texts with formulas neutralised.
 */
export const exportCell = (value: CellValue): Cell => (typeof value === 'string' ? neutraliseFormula(value) : value);

/** A chunk's records as CSV lines (`csvLinesOf`; a fifth of an export's time went to rows of cells before it). */
export const csvPartOf = (records: readonly { v: StoredValues }[], columns: readonly { columnId: string; type: ColumnType }[]): Buffer =>
  Buffer.from(
    csvLinesOf(
      records.map((r) => r.v),
      ...csvLineColumns(columns),
    ),
    'utf8',
  );

/** 'Rooms-2026-11-23-140512.csv': the table's name and when the export was asked for (UTC) */
const filenameOf = (table: TableDoc, requestedAt: string, format: string): string =>
  `${table.name.replace(/[^\p{L}\p{N}_-]+/gu, '_')}-${requestedAt.slice(0, 19).replace('T', '-').replaceAll(':', '')}.${format}`;

const tableOf = async (store: Parameters<typeof findTable>[0], tableId: string): Promise<TableDoc> => {
  const table = await findTable(store, tableId);
  if (!table || table.deleted) throw new Error(`Table ${tableId} is gone`);
  return table;
};

/** The read side's page request of the query (its filter by the query builder's own rules) */
const requestOf = (table: TableDoc, query: Params['query']): Omit<RecordsRequest, 'limit'> => ({
  filter: conditionsFilter(table.columns, query).filter,
  ...(query.sort ? { sort: { column: query.sort.column, order: query.sort.order === 'DESC' ? -1 : 1 } } : {}),
  countCap: 0,
});

/** The embedded store on disk: its `find` statements can run on a second connection (`readPlan`). */
const readsInThreads = (store: DocumentStore): store is EmbeddedDocumentStore =>
  typeof (store as Partial<EmbeddedDocumentStore>).readPlan === 'function';

/** the reader threads, started by the first export that uses them (they end when idle) */
let readers: ExportReaders | null = null;

/**
 * Chunks read ahead, by `job, index, start` (start: the `_seq` read after, or the offset of a sorted export). Only
 * the job at work has some: a job worker runs one job at a time, so another job's are dropped.
 */
const ahead = new Map<string, Promise<ReaderAnswer>>();
let aheadJob: string | null = null;
/** told of a reader thread's failure (tests); the chunk is then read in the job's thread */
let onReaderError: ((error: unknown) => void) | null = null;
export const onExportReaderError = (listener: ((error: unknown) => void) | null) => {
  onReaderError = listener;
};

/**
 * A chunk read by a reader thread (exportReaders.ts), and the next chunks read ahead by the others while the job's
 * thread stores this one. The statement is the one `currentRecords` has the store run for the page (`readPlan`):
 * creation order reads the chunk's `rows` records after `previous` (`_seq`), a sorted export the
 * chunk's offset. A chunk read ahead starts where the one before will end: the `_seq` of the chunk's last record is
 * found first on the `_seq` index (one record read); the chunk is used only when the one before did end there (the
 * key names the start), so records added or removed meanwhile make it read again, never twice. Null when the store
 * cannot give the statement or the thread failed (then the job's thread reads the chunk itself).
 */
const threadedChunk = async (
  jobId: string,
  store: EmbeddedDocumentStore,
  table: TableDoc,
  request: Omit<RecordsRequest, 'limit'>,
  chunk: Chunk,
  previous: unknown,
): Promise<{ content: Buffer; items: number; next: unknown } | null> => {
  const collection = tableRecordsCollection(table._id);
  const sort = recordsSortOf(request);
  const sorted = request.sort !== undefined;
  const rows = chunk.rows ?? LEGACY_CHUNK_ROWS;
  const task = (index: number, after: number | null) => {
    const filter: Filter = { ...request.filter, ...(!sorted && after !== null ? { _seq: { $gt: after } } : {}) };
    const skip = sorted ? index * rows : 0;
    const plan = store.readPlan(collection, filter, { sort, limit: rows, ...(skip > 0 ? { skip } : {}) });
    if (!plan) return null;
    const [ids, booleans] = csvLineColumns(chunk.columns);
    return { plan, jsonb: true, ids, booleans };
  };
  const after = typeof previous === 'number' ? previous : null;
  const first = task(chunk.index, after);
  if (!first) return null;
  readers ??= createExportReaders();
  if (aheadJob !== jobId) {
    ahead.clear();
    aheadJob = jobId;
  }
  const keyOf = (index: number, start: number | null) => `${index}\u0001${sorted ? index : start}`;
  const key = keyOf(chunk.index, after);
  const answer = ahead.get(key) ?? readers.read(first);
  ahead.delete(key);
  // the next chunks, as many as there are threads (one waits while the others read)
  let start = after;
  for (let index = chunk.index + 1; index <= chunk.index + readers.threads && (chunk.of === undefined || index < chunk.of); index++) {
    if (!sorted) {
      const [end] = await store
        .collection(collection)
        .find(
          { ...request.filter, ...(start !== null ? { _seq: { $gt: start } } : {}) },
          { sort, skip: rows - 1, limit: 1, projection: { _seq: 1 } },
        );
      if (!end) break;
      start = end._seq as number;
    }
    if (ahead.has(keyOf(index, start))) continue;
    const next = task(index, start);
    if (!next) break;
    const read = readers.read(next);
    read.catch(() => undefined); // awaited by its chunk, or dropped
    ahead.set(keyOf(index, start), read);
  }
  try {
    const { content, count, last } = await answer;
    return { content, items: count, next: last ?? previous };
  } catch (error) {
    // a reader thread that failed (or died): the job's thread reads the chunk itself, and the chunks read ahead go
    onReaderError?.(error);
    ahead.clear();
    return null;
  }
};

/** a chunk: its index, and the columns of the file as the plan fixed them (a column added meanwhile stays out) */
const chunkSchema = z.object({
  index: z.number().int().nonnegative(),
  columns: z.array(z.object({ columnId: z.string(), name: z.string(), type: columnTypeSchema })),
  /** how many chunks the plan has (plans made before the reader threads lack it) */
  of: z.number().int().positive().optional(),
  /** rows per chunk (plans made before it was 20,000 lack it: LEGACY_CHUNK_ROWS) */
  rows: z.number().int().positive().optional(),
});
type Chunk = z.infer<typeof chunkSchema>;

/**
 * A table's records that a query finds, as CSV or XLSX (docs/tables.md "Bulk work"), in chunks of
 * TABLE_EXPORT_CHUNK_ROWS read through the read side's own page query (`currentRecords`, the query builder's filter).
 * In creation order each chunk reads on by `_seq` from where the one before stopped (handed on); a sorted export pages
 * by offset. The file has the table's columns in order, by name; it is streamed, never held whole.
 */
export const tableExportKind = defineJobKind<Params>({
  kind: TABLE_EXPORT_KIND,
  params: tableExportParamsSchema,
  async plan(job, params, { documentStore }) {
    const table = await tableOf(documentStore, params.tableId);
    const request = requestOf(table, params.query);
    if (params.format === 'csv' && readsInThreads(documentStore)) (readers ??= createExportReaders()).warm();
    const total = await documentStore.collection(tableRecordsCollection(table._id)).count(request.filter);
    const count = Math.max(1, Math.ceil(total / TABLE_EXPORT_CHUNK_ROWS));
    const columns = table.columns.map(({ columnId, name, type }) => ({ columnId, name, type }));
    return {
      chunks: Array.from({ length: count }, (_, index): Chunk => ({ index, columns, of: count, rows: TABLE_EXPORT_CHUNK_ROWS })),
      items: Array.from({ length: count }, (_, i) => Math.max(0, Math.min(TABLE_EXPORT_CHUNK_ROWS, total - i * TABLE_EXPORT_CHUNK_ROWS))),
      filename: filenameOf(table, job.requestedAt, params.format),
      contentType: TABULAR_CONTENT_TYPES[params.format],
    };
  },
  async runChunk(job, params, chunk, { documentStore }, previous) {
    const parsed = chunkSchema.parse(chunk);
    const { index, columns } = parsed;
    const rows = parsed.rows ?? LEGACY_CHUNK_ROWS;
    const table = await tableOf(documentStore, params.tableId);
    const request = requestOf(table, params.query);
    if (params.format === 'csv' && readsInThreads(documentStore)) {
      const threaded = await threadedChunk(job.jobId, documentStore, table, request, parsed, previous);
      if (threaded) return threaded;
    }
    const answer = await currentRecords(documentStore, table, {
      ...request,
      limit: rows,
      ...(request.sort ? { skip: index * rows } : typeof previous === 'number' ? { after: previous } : {}),
    });
    const content =
      params.format === 'csv'
        ? csvPartOf(answer.rows, columns)
        : tabularPart(
            params.format,
            answer.rows.map((row) => columns.map((c) => exportCell(decodeCell(row.v[c.columnId], c.type)))),
          );
    return { content, items: answer.rows.length, next: answer.rows.at(-1)?._seq ?? previous };
  },
  // the file is the header and the parts: written while the chunks run (docs/jobs.md)
  assemblesAlong: true,
  assemble(_job, params, plan, parts) {
    const { columns } = chunkSchema.parse(plan.chunks[0]);
    return tabularFile(
      params.format,
      columns.map((c) => neutraliseFormula(c.name)),
      parts,
      'Export',
    );
  },
});
