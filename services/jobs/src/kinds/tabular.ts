import { PassThrough, Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import ExcelJS from 'exceljs';

/**
 * Table-shaped exports (task lists now, project tables later). A chunk's output is its rows, as CSV lines for a CSV
 * file (RFC 4180, `csvLine`; the file is then the header and the parts one after the other, copied as bytes) or as NDJSON
 * (one JSON array per line) for an XLSX file, which the streaming writer of `exceljs` builds row by row. Either way
 * memory stays flat whatever the number of rows.
 */
export const TABULAR_FORMATS = ['csv', 'xlsx'] as const;
export type TabularFormat = (typeof TABULAR_FORMATS)[number];

export const TABULAR_CONTENT_TYPES: Record<TabularFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export type Cell = string | number | boolean | null;

/** a field that holds a comma, a quote or a line break is quoted, its quotes doubled */
const NEEDS_QUOTES = /[",\r\n]/;

export const csvField = (cell: Cell): string => {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
};

/**
 * One CSV record and its line end (RFC 4180 fields, `\n` between records, as spreadsheet programs and `csv-parse`
 * read them; empty for null, `true`/`false` for booleans). Written here rather than with a CSV library: a task
 * export writes 15 fields for each of 100,000 rows, and the library's per-field options and casts were a fifth of
 * its time.
 */
export const csvLine = (row: readonly Cell[]): string => {
  let line = '';
  for (let i = 0; i < row.length; i++) line += i === 0 ? csvField(row[i]!) : `,${csvField(row[i]!)}`;
  return `${line}\n`;
};

/** a chunk's rows as the part of a file of this format */
export const tabularPart = (format: TabularFormat, rows: readonly Cell[][]): Buffer => {
  let out = '';
  if (format === 'csv') {
    for (const row of rows) out += csvLine(row);
    return Buffer.from(out, 'utf8');
  }
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

const csvFile = (header: readonly string[], parts: () => AsyncIterable<Readable>): Readable =>
  Readable.from(
    (async function* () {
      // a BOM, so spreadsheet programs read the UTF-8 as UTF-8
      yield Buffer.from(`\uFEFF${csvLine(header)}`, 'utf8');
      for await (const part of parts()) yield* part;
    })(),
  );

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
