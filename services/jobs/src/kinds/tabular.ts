import { PassThrough, Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

/**
 * Table-shaped exports (task lists now, project tables later): a chunk's output is its rows as NDJSON (one JSON
 * array per line), and the file is assembled from the parts as CSV (`csv-stringify`) or XLSX (the streaming writer
 * of `exceljs`), row by row, so memory stays flat whatever the number of rows.
 */
export const TABULAR_FORMATS = ['csv', 'xlsx'] as const;
export type TabularFormat = (typeof TABULAR_FORMATS)[number];

export const TABULAR_CONTENT_TYPES: Record<TabularFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export type Cell = string | number | boolean | null;

/** a chunk's rows as NDJSON */
export const rowsToNdjson = (rows: readonly Cell[][]): Buffer => {
  let out = '';
  for (const row of rows) out += `${JSON.stringify(row)}\n`;
  return Buffer.from(out, 'utf8');
};

/** the rows of the parts, one at a time, in order */
async function* rowsOf(parts: () => AsyncIterable<Readable>): AsyncGenerator<Cell[]> {
  for await (const part of parts()) {
    const lines = createInterface({ input: part, crlfDelay: Infinity });
    for await (const line of lines) if (line !== '') yield JSON.parse(line) as Cell[];
  }
}

const csvFile = (header: readonly string[], parts: () => AsyncIterable<Readable>): Readable => {
  // a BOM, so spreadsheet programs read the UTF-8 as UTF-8
  const out = new PassThrough();
  out.write('\uFEFF');
  const rows = Readable.from(
    (async function* () {
      yield header as Cell[];
      yield* rowsOf(parts);
    })(),
  );
  const csv = stringify({ cast: { boolean: (b) => (b ? 'true' : 'false') } });
  rows.on('error', (e) => out.destroy(e));
  csv.on('error', (e) => out.destroy(e));
  rows.pipe(csv).pipe(out);
  return out;
};

const xlsxFile = (sheetName: string, header: readonly string[], parts: () => AsyncIterable<Readable>): Readable => {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  void (async () => {
    sheet.addRow([...header]).commit();
    for await (const row of rowsOf(parts)) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((e: unknown) => out.destroy(e as Error));
  return out;
};

/** The file of a table-shaped export, streamed from its parts. */
export const tabularFile = (
  format: TabularFormat,
  header: readonly string[],
  parts: () => AsyncIterable<Readable>,
  sheetName = 'Export',
): Readable => (format === 'csv' ? csvFile(header, parts) : xlsxFile(sheetName, header, parts));
