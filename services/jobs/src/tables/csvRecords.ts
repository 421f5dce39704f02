import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  checkRecordCell,
  defaultImportMapping,
  DomainError,
  detectDelimiter,
  format,
  importCellInput,
  referencedRecords,
  referencedSbsCodes,
  tableMessages,
  usesDecimalComma,
  type Column,
  type CellValue,
  type ImportDelimiter,
  type KnownRecord,
  type MessageValues,
  type RecordContext,
} from '@stramien/domain';
import type { DocumentStore } from '@stramien/infra';
import { tableRecordsCollection } from '@stramien/projections/tables/tableDocs';
import { SBS_NODES_COLLECTION, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { SBS_VERSIONS_COLLECTION, type SbsVersionDoc } from '@stramien/projections/sbs/sbsVersions';
import { CSV_PARSE_OPTIONS, parseCsvInThread, ThreadCsvError } from './csvThread';

/**
 * Reading a CSV import (docs/tables.md "Bulk work"), shared by `POST /records/verify`, `POST /records/import` and the
 * `records-import` job: the file is streamed through csv-parse (UTF-8 with or without BOM, `,` or `;` detected from
 * the header line, quoted newlines), its rows come in batches, and each batch's cells are read as spreadsheets write
 * them (`importCellInput`) and checked by the record decider's own cell check, so a cell gets the messages of
 * `POST /record`. Only a batch is ever in memory.
 */

/** The header line of a CSV and its delimiter. */
export interface CsvHead {
  headers: string[];
  delimiter: ImportDelimiter;
}

/** A data row: its number (1-based, the header line not counted; empty lines are skipped) and its cells. */
export interface CsvRow {
  row: number;
  cells: string[];
}

/** CSV header -> column id, or null: not imported */
export type ImportMapping = Record<string, string | null>;

/** One refused cell, as `POST /records/verify` lists it. */
export interface ImportCellError {
  row: number;
  column: string;
  header: string;
  value: string;
  message: string;
  key: string;
  values?: MessageValues;
}

/** a refusal of the whole file (422): empty, not CSV, a header twice, a mapping that does not fit */
const refuse = (message: string, values?: MessageValues, field = 'file'): DomainError => {
  const text = values ? format(message, values) : message;
  return new DomainError(text, 422, { [field]: [text] });
};

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** how far the header line is looked for before the delimiter is decided */
const HEAD_PEEK_BYTES = 1024 * 1024;

/** csv-parse in this thread, fed `start` and then what `source` gives: its records one by one, then null */
const parseCsvHere = (
  start: Buffer,
  source: AsyncIterator<Buffer | string> | null,
  delimiter: ImportDelimiter,
): { read: () => Promise<string[] | null>; close: () => void } => {
  const parser = parse({ ...CSV_PARSE_OPTIONS, delimiter });
  Readable.from(
    (async function* () {
      yield start;
      if (!source) return;
      for (;;) {
        const next = await source.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  )
    .on('error', (e) => parser.destroy(e))
    .pipe(parser);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  return {
    read: async () => {
      const next = await records.next();
      return next.done ? null : next.value;
    },
    close: () => parser.destroy(),
  };
};

/**
 * Opens a CSV: reads its header line (BOM dropped, delimiter detected), then hands out its data rows in batches of
 * `batchSize`. Throws a 422 DomainError for an empty file (no header), a header written twice, or text that is not
 * CSV (with its line). With `thread`, csv-parse runs in a thread of its own (csvThread.ts): the
 * import job's plan checks a batch while the next is parsed.
 */
export const openCsv = async (
  input: Readable,
  batchSize: number,
  options: { thread?: boolean } = {},
): Promise<{ head: CsvHead; batches: () => AsyncGenerator<CsvRow[]>; close: () => void }> => {
  const source = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first: Buffer[] = [];
  let peeked = 0;
  let ended = false;
  for (;;) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    first.push(chunk);
    peeked += chunk.length;
    if (chunk.includes(0x0a) || peeked >= HEAD_PEEK_BYTES) break;
  }
  let start = Buffer.concat(first);
  if (start.subarray(0, 3).equals(BOM)) start = start.subarray(3);
  const headerLine = start.toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = detectDelimiter(headerLine);

  const { read: next, close } = options.thread
    ? parseCsvInThread(start, ended ? null : source, delimiter, batchSize)
    : parseCsvHere(start, ended ? null : source, delimiter);
  const read = async (): Promise<string[] | null> => {
    try {
      return await next();
    } catch (e) {
      close();
      if (e instanceof CsvError || e instanceof ThreadCsvError)
        throw refuse(tableMessages.importUnreadable, { line: Number(e.lines ?? 0) || 1 });
      throw e;
    }
  };

  const headers = await read();
  if (!headers || headers.every((h) => h.trim() === '')) {
    close();
    throw refuse(tableMessages.importEmpty);
  }
  const seen = new Set<string>();
  for (const header of headers) {
    if (header.trim() === '') continue;
    if (seen.has(header)) {
      close();
      throw refuse(tableMessages.importDuplicateHeader, { header });
    }
    seen.add(header);
  }
  let used = false;
  return {
    head: { headers, delimiter },
    /** stops reading (when the rows are not wanted) */
    close,
    batches: async function* () {
      if (used) throw new Error('the rows of a CSV are read once');
      used = true;
      let row = 0;
      let batch: CsvRow[] = [];
      try {
        for (let cells = await read(); cells !== null; cells = await read()) {
          batch.push({ row: ++row, cells });
          if (batch.length >= batchSize) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      } finally {
        close();
      }
    },
  };
};

/**
 * The mapping an import uses: the one sent (headers it leaves out are not imported) or the default, a header equal to
 * a column's name; 422 for a header that is not in the file, a column not of this table, or a column filled twice.
 * Empty headers are never imported.
 */
export const resolveMapping = (head: CsvHead, columns: readonly Column[], sent: ImportMapping | undefined): ImportMapping => {
  if (sent === undefined) {
    const mapping = defaultImportMapping(head.headers, columns);
    for (const header of head.headers) if (header.trim() === '') mapping[header] = null;
    return mapping;
  }
  for (const header of Object.keys(sent))
    if (!head.headers.includes(header) || header.trim() === '') throw refuse(tableMessages.importUnknownHeader, { header }, 'mapping');
  const used = new Set<string>();
  for (const columnId of Object.values(sent)) {
    if (columnId === null) continue;
    if (!columns.some((c) => c.columnId === columnId)) throw refuse(tableMessages.unknownColumn, undefined, 'mapping');
    if (used.has(columnId)) throw refuse(tableMessages.importColumnTwice, undefined, 'mapping');
    used.add(columnId);
  }
  return Object.fromEntries(head.headers.map((h) => [h, h.trim() === '' ? null : (sent[h] ?? null)]));
};

/** What a batch's `table` and `sbscode` cells are checked against: the read models of records and of the SBS. */
export interface ImportLookups {
  knownRecords(wanted: KnownRecord[]): Promise<KnownRecord[]>;
  knownSbsCodes(projectId: string, codes: string[]): Promise<string[]>;
}

/**
 * Lookups through the read models: a `table` cell's record must be live in its target table's records collection,
 * an `sbscode` one a code of any version of the project's SBS (one indexed read per version, as the record routes).
 */
export const readModelLookups = (documentStore: DocumentStore): ImportLookups => ({
  async knownRecords(wanted) {
    const byTable = new Map<string, string[]>();
    for (const { recordId, tableId } of wanted) byTable.set(tableId, [...(byTable.get(tableId) ?? []), recordId]);
    const found = await Promise.all(
      [...byTable].map(async ([tableId, ids]) =>
        (
          await documentStore
            .collection(tableRecordsCollection(tableId))
            .find({ _id: { $in: [...new Set(ids)] } }, { projection: { _id: 1 } })
        ).map((d) => ({ recordId: d._id, tableId })),
      ),
    );
    return found.flat();
  },
  async knownSbsCodes(projectId, codes) {
    const versions = await documentStore.collection<SbsVersionDoc>(SBS_VERSIONS_COLLECTION).find({ projectId }, { projection: { _id: 1 } });
    // the default version's id is the project's (docs/sbs.md)
    const versionIds = new Set([projectId, ...versions.map((v) => v._id)]);
    const nodes = documentStore.collection<SbsNodeDoc>(SBS_NODES_COLLECTION);
    const found = await Promise.all(
      [...versionIds].map((versionId) => nodes.find({ projectId, versionId, code: { $in: codes } }, { projection: { code: 1 } })),
    );
    return [...new Set(found.flat().map((n) => n.code))];
  },
});

/** The table an import writes into. */
export interface ImportTarget {
  tableId: string;
  projectId: string;
  columns: Column[];
}

/**
 * What the record commands of a batch are checked against: the table's columns and the records and SBS codes the
 * batch's `table` and `sbscode` cells name (one lookup each; none for a table without such columns).
 */
export const recordContextOf = async (
  target: ImportTarget,
  inputs: readonly Record<string, unknown>[],
  lookups: ImportLookups,
): Promise<RecordContext> => {
  const hasTableCells = target.columns.some((c) => c.type === 'table');
  const hasSbsCells = target.columns.some((c) => c.type === 'sbscode');
  const wanted = hasTableCells ? inputs.flatMap((values) => referencedRecords(target.columns, values)) : [];
  const codes = hasSbsCells ? [...new Set(inputs.flatMap((values) => referencedSbsCodes(target.columns, values)))] : [];
  return {
    tableId: target.tableId,
    projectId: target.projectId,
    columns: target.columns,
    knownRecords: wanted.length === 0 ? [] : await lookups.knownRecords(wanted),
    knownSbsCodes: codes.length === 0 ? [] : await lookups.knownSbsCodes(target.projectId, codes),
  };
};

/**
 * A checked batch: each row without a refused cell and the values the check made of its cells (by column id, as
 * `RecordCreated` stores them, in file column order); its refused cells.
 */
export interface CheckedBatch {
  rows: { row: number; checked: Record<string, CellValue> }[];
  errors: ImportCellError[];
}

/**
 * Checks a batch of rows: each mapped cell read as spreadsheets write it (`importCellInput`; decimal commas in `;`
 * files), then the record decider's cell check against the table's columns and the records and SBS codes the batch
 * names (one lookup each per batch). Errors come in row, then file column order.
 */
export const checkBatch = async (
  target: ImportTarget,
  head: CsvHead,
  mapping: ImportMapping,
  batch: readonly CsvRow[],
  lookups: ImportLookups,
): Promise<CheckedBatch> => {
  const decimalComma = { decimalComma: usesDecimalComma(head.delimiter) };
  const mapped = head.headers
    .map((header, index) => ({ header, index, column: target.columns.find((c) => c.columnId === mapping[header]) }))
    .filter((m): m is { header: string; index: number; column: Column } => m.column !== undefined);
  const inputOf = (cells: string[], m: (typeof mapped)[number]) => importCellInput(m.column.type, cells[m.index] ?? '', decimalComma);
  // the inputs are kept for a lookup only when `table` or `sbscode` cells name other data; else each is read as checked
  const linked = mapped.some((m) => m.column.type === 'table' || m.column.type === 'sbscode');
  const inputs = linked
    ? batch.map(({ cells }) => Object.fromEntries(mapped.map((m) => [m.column.columnId, inputOf(cells, m)])) as Record<string, string>)
    : null;
  const context = await recordContextOf(target, inputs ?? [], lookups);
  const errors: ImportCellError[] = [];
  const rows: CheckedBatch['rows'] = [];
  for (let i = 0; i < batch.length; i++) {
    const { row, cells } = batch[i]!;
    const values = inputs?.[i];
    const checked: Record<string, CellValue> = {};
    let refused = false;
    for (const m of mapped) {
      const result = checkRecordCell(context, m.column, values ? values[m.column.columnId] : inputOf(cells, m));
      if (result.ok) {
        checked[m.column.columnId] = result.value;
        continue;
      }
      refused = true;
      errors.push({
        row,
        column: m.column.columnId,
        header: m.header,
        value: cells[m.index] ?? '',
        message: result.error.message,
        key: result.error.key,
        ...(result.error.values ? { values: result.error.values } : {}),
      });
    }
    if (!refused) rows.push({ row, checked });
  }
  return { rows, errors };
};
