import type { ColumnType } from './constants';
import type { Column } from './table';

/**
 * Reading the values of a CSV import as people's spreadsheets write them (docs/tables.md "Bulk work"). The server's
 * import and the browser's preview share these; the column types' validators (columnTypes.ts) then check the result,
 * so an imported cell gets the same messages as `POST /record`.
 */

/** Largest CSV file an import takes (bytes, decoded): a 100,000-row x 20-column table fits with room to spare. */
export const IMPORT_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** The same as base64 text, as the request body carries it. */
export const IMPORT_FILE_MAX_BASE64 = Math.ceil(IMPORT_FILE_MAX_BYTES / 3) * 4;
/** `POST /records/verify` pages its errors: the default and the largest page. */
export const IMPORT_VERIFY_PAGE_DEFAULT = 200;
export const IMPORT_VERIFY_PAGE_MAX = 1000;
/** Rows an import job writes per chunk. */
export const IMPORT_CHUNK_ROWS = 2_000;

export type ImportDelimiter = ',' | ';';

/**
 * The delimiter of a CSV, from its header line: `;` when the line (outside quotes) holds more semicolons than
 * commas (Dutch and German Excel), else `,`.
 */
export const detectDelimiter = (headerLine: string): ImportDelimiter => {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
};

/** A CSV's values are read the Dutch/German way (decimal commas) when its delimiter is `;`. */
export const usesDecimalComma = (delimiter: ImportDelimiter): boolean => delimiter === ';';

/**
 * The default mapping: a header equal to a column's name (trimmed, any case) fills that column; other headers are
 * not imported (null).
 */
export const defaultImportMapping = (headers: readonly string[], columns: readonly Pick<Column, 'columnId' | 'name'>[]) =>
  Object.fromEntries(
    headers.map((header) => {
      const wanted = header.trim().toLowerCase();
      return [header, columns.find((c) => c.name.trim().toLowerCase() === wanted)?.columnId ?? null];
    }),
  ) as Record<string, string | null>;

/** Booleans as Dutch, German and English spreadsheets and people write them (besides true/false/1/0). */
const TRUE_WORDS = new Set(['ja', 'waar', 'wahr', 'yes', 'y', 'j']);
const FALSE_WORDS = new Set(['nee', 'onwaar', 'nein', 'falsch', 'no', 'n']);

/** dd-mm-yyyy and dd.mm.yyyy (day first, one or two digits), optionally with a time hh:mm or hh:mm:ss */
const DAY_FIRST = /^(\d{1,2})[-.](\d{1,2})[-.](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** 1.234,5 or 1234,5 or -12 (a decimal comma, dots grouping thousands) */
const DECIMAL_COMMA = /^[+-]?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/;

const pad = (n: string) => n.padStart(2, '0');

/**
 * A CSV cell's text -> the input its column's validator reads. Dates written day first become ISO 8601; booleans
 * in Dutch/German/English words become 'true'/'false'; with decimal commas (`;` files) numbers lose their thousands
 * dots and get a decimal point (an integer column takes `1.234` and `12,0`). Anything else is left as it is, so the
 * validator refuses it with its own message.
 */
export const importCellInput = (type: ColumnType, text: string, options: { decimalComma: boolean }): string => {
  const value = type === 'text' || type === 'text-field' ? text : text.trim();
  switch (type) {
    case 'date': {
      const m = DAY_FIRST.exec(value);
      if (!m) return value;
      const date = `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
      return m[4] === undefined ? date : `${date}T${pad(m[4])}:${m[5]}:${m[6] ?? '00'}`;
    }
    case 'boolean': {
      const word = value.toLowerCase();
      return TRUE_WORDS.has(word) ? 'true' : FALSE_WORDS.has(word) ? 'false' : value;
    }
    case 'integer':
    case 'float': {
      if (!options.decimalComma || !DECIMAL_COMMA.test(value)) return value;
      const written = value.replace(/\./g, '').replace(',', '.');
      // an integer column takes a whole number written with decimals of zero
      return type === 'integer' ? written.replace(/\.0+$/, '') : written;
    }
    default:
      return value;
  }
};
