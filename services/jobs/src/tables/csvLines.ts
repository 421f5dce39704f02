import type { ColumnType } from '@stramien/domain';
import type { StoredValues } from '@stramien/projections/tables/tableDocs';

/**
 * Records' stored cells as CSV lines, each cell written straight into its field: the same bytes as `tabularPart('csv',
 * rows of exportCell(decodeCell(...)))` (booleans true/false, formulas neutralised, RFC 4180 quoting), without a row
 * array and four calls per cell. `ids` are the columns' ids in file order, `booleans` which of them are boolean
 * columns (stored 1/0).
 *
 * Self-contained on purpose: the export's reader threads run its source text (exportReaders.ts), so it uses no
 * import and no name from outside its body, and defines no named inner function.
 */
export function csvLinesOf(records: Iterable<StoredValues>, ids: readonly string[], booleans: readonly boolean[]): string {
  // the first characters that make a spreadsheet run a text as a formula: = + - @ tab CR
  const formulaStarts = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);
  const needsQuotes = /[",\r\n]/;
  let out = '';
  for (const v of records) {
    let line = '';
    for (let i = 0; i < ids.length; i++) {
      if (i > 0) line += ',';
      const stored = v[ids[i]!];
      if (stored === undefined || stored === null) continue;
      if (booleans[i]) line += stored === 1 ? 'true' : 'false';
      else if (typeof stored === 'number') line += String(stored);
      else {
        const text = stored.length > 0 && formulaStarts.has(stored.charCodeAt(0)) ? "'" + stored : stored;
        line += needsQuotes.test(text) ? '"' + text.replaceAll('"', '""') + '"' : text;
      }
    }
    out += line + '\n';
  }
  return out;
}

/** `csvLinesOf`'s column arguments for the file's columns: their ids, and which are boolean */
export const csvLineColumns = (columns: readonly { columnId: string; type: ColumnType }[]): [ids: string[], booleans: boolean[]] => [
  columns.map((c) => c.columnId),
  columns.map((c) => c.type === 'boolean'),
];
