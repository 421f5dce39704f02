import { PassThrough, Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/**
 * Table-shaped exports (task lists now, project tables later). A chunk's output is its rows, as CSV lines for a CSV
 * file (`csv-stringify`; the file is then the header and the parts one after the other, copied as bytes) or as NDJSON
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

const CSV_OPTIONS = { cast: { boolean: (b: boolean) => (b ? 'true' : 'false') } };

/** a chunk's rows as the part of a file of this format */
export const tabularPart = (format: TabularFormat, rows: readonly Cell[][]): Buffer => {
  if (format === 'csv') return Buffer.from(stringify(rows as Cell[][], CSV_OPTIONS), 'utf8');
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

const csvFile = (header: readonly string[], parts: () => AsyncIterable<Readable>): Readable =>
  Readable.from(
    (async function* () {
      // a BOM, so spreadsheet programs read the UTF-8 as UTF-8
      yield Buffer.from(`\uFEFF${stringify([header as string[]], CSV_OPTIONS)}`, 'utf8');
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
