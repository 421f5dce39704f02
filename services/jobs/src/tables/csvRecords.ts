import type { Readable } from 'node:stream';
import {
  defaultImportMapping,
  DomainError,
  detectDelimiter,
  format,
  tableMessages,
  type Column,
  type ImportDelimiter,
  type MessageValues,
} from '@stramien/domain';
import type { DocumentStore } from '@stramien/infra';
import { tableRecordsCollection } from '@stramien/projections/tables/tableDocs';
import { SBS_NODES_COLLECTION, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { SBS_VERSIONS_COLLECTION, type SbsVersionDoc } from '@stramien/projections/sbs/sbsVersions';
import { parseCsvInThread, ThreadCsvError } from './csvThread';
import { type CsvPiece, CsvTextError, csvTextParser } from './csvText';
import type { CsvHead, CsvRow, ImportLookups, ImportMapping } from './importChecks';

export { checkBatch, recordContextOf } from './importChecks';
export type { CheckedBatch, CsvHead, CsvRow, ImportCellError, ImportLookups, ImportMapping, ImportTarget } from './importChecks';

/**
 * Reading a CSV import (docs/tables.md "Bulk work"), shared by `POST /records/verify`, `POST /records/import` and the
 * `records-import` job: the file is streamed through papaparse as csv-parse reads it (csvText.ts; UTF-8 with or without BOM, `,` or `;` detected from
 * the header line, quoted newlines), its rows come in batches, and each batch's cells are read as spreadsheets write
 * them (`importCellInput`) and checked by the record decider's own cell check, so a cell gets the messages of
 * `POST /record`. Only a batch is ever in memory.
 */

/** a refusal of the whole file (422): empty, not CSV, a header twice, a mapping that does not fit */
const refuse = (message: string, values?: MessageValues, field = 'file'): DomainError => {
  const text = values ? format(message, values) : message;
  return new DomainError(text, 422, { [field]: [text] });
};

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** how far the header line is looked for before the delimiter is decided */
const HEAD_PEEK_BYTES = 1024 * 1024;

/** the CSV parser (csvText.ts) in this thread, fed `start` and then what `source` gives: its records one by one, then null */
const parseCsvHere = (
  start: Buffer,
  source: AsyncIterator<Buffer | string> | null,
  delimiter: ImportDelimiter,
): { read: () => Promise<string[] | null>; close: () => void } => {
  const parser = csvTextParser(delimiter);
  let records: string[][] = [];
  let at = 0;
  let error: CsvTextError | null = null;
  let begun = false;
  let ended = false;
  let closed = false;
  const nextPiece = async (): Promise<CsvPiece> => {
    if (!begun) {
      begun = true;
      return parser.write(start);
    }
    const next = source ? await source.next() : { done: true as const, value: undefined };
    if (!next.done) return parser.write(next.value);
    ended = true;
    return parser.end();
  };
  return {
    read: async () => {
      for (;;) {
        if (at < records.length) return records[at++]!;
        if (error) throw error;
        if (ended || closed) return null;
        const piece = await nextPiece();
        records = piece.records;
        at = 0;
        error = piece.error ?? null;
      }
    },
    close: () => {
      closed = true;
    },
  };
};

/** the start of a CSV (BOM dropped) up to its first line break, its delimiter, and the rest of its bytes (null: none) */
export const peekHead = async (
  input: Readable,
): Promise<{ start: Buffer; rest: AsyncIterator<Buffer | string> | null; delimiter: ImportDelimiter }> => {
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
  return { start, rest: ended ? null : source, delimiter: detectDelimiter(headerLine) };
};

/** the 422 of text that is not CSV (with its line, as csv-parse counts it), else null */
export const unreadableRefusal = (e: unknown): DomainError | null =>
  e instanceof CsvTextError || e instanceof ThreadCsvError
    ? refuse(tableMessages.importUnreadable, { line: Number(e.lines ?? 0) || 1 })
    : null;

/** the 422 of a header line that cannot be imported: none (an empty file, or empty names only), or a name twice; else null */
export const headerRefusal = (headers: readonly string[] | null): DomainError | null => {
  if (!headers || headers.every((h) => h.trim() === '')) return refuse(tableMessages.importEmpty);
  const seen = new Set<string>();
  for (const header of headers) {
    if (header.trim() === '') continue;
    if (seen.has(header)) return refuse(tableMessages.importDuplicateHeader, { header });
    seen.add(header);
  }
  return null;
};

/**
 * Opens a CSV: reads its header line (BOM dropped, delimiter detected), then hands out its data rows in batches of
 * `batchSize`. Throws a 422 DomainError for an empty file (no header), a header written twice, or text that is not
 * CSV (with its line). With `thread`, the parser runs in a thread of its own (csvThread.ts, csvImport.worker.ts).
 */
export const openCsv = async (
  input: Readable,
  batchSize: number,
  options: { thread?: boolean } = {},
): Promise<{ head: CsvHead; batches: () => AsyncGenerator<CsvRow[]>; close: () => void }> => {
  const { start, rest, delimiter } = await peekHead(input);
  const { read: next, close } = options.thread ? parseCsvInThread(start, rest, delimiter, batchSize) : parseCsvHere(start, rest, delimiter);
  const read = async (): Promise<string[] | null> => {
    try {
      return await next();
    } catch (e) {
      close();
      throw unreadableRefusal(e) ?? e;
    }
  };

  const headers = await read();
  const refused = headerRefusal(headers);
  if (refused) {
    close();
    throw refused;
  }
  let used = false;
  return {
    head: { headers: headers!, delimiter },
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
