import { detectDelimiter, IMPORT_FILE_MAX_BYTES, type ImportDelimiter } from '@stramien/domain';
import Papa from 'papaparse';

/** Rows the preview shows: the file is read only as far as they go, whatever its size. */
export const PREVIEW_ROWS = 10;
/** The head of the file read to find the delimiter in its header line. */
const HEAD_BYTES = 64 * 1024;
/** papaparse reads a local file in slices of this size and stops once the preview's rows are in. */
const CHUNK_BYTES = 256 * 1024;

/** The first rows of a CSV file as the browser reads them, before anything is sent. */
export interface CsvPreview {
  headers: string[];
  /** at most PREVIEW_ROWS data rows */
  rows: string[][];
  delimiter: ImportDelimiter;
}

/** A file the user chose: its name and size, its first rows, and its bytes as base64 (the import's body). */
export interface ChosenFile {
  name: string;
  size: number;
  base64: string;
  preview: CsvPreview;
}

/** Why a chosen file cannot be imported, as the key of a text in the tablesImport namespace. */
export class CsvFileError extends Error {
  constructor(
    readonly key: 'tablesImport.file.empty' | 'tablesImport.file.unreadable' | 'tablesImport.file.too-large',
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const BOM = '\ufeff';
const withoutBom = (text: string): string => (text.startsWith(BOM) ? text.slice(1) : text);

/** The first line of a file's head (its header line), without a BOM: the server finds the delimiter in it. */
export const headerLine = (head: string): string => {
  const body = withoutBom(head);
  const end = body.search(/\r?\n/);
  return end === -1 ? body : body.slice(0, end);
};

const reading = <T>(start: (reader: FileReader) => void, result: (reader: FileReader) => T): Promise<T> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(result(reader));
    reader.onerror = () => reject(new CsvFileError('tablesImport.file.unreadable'));
    start(reader);
  });

/** The text of a slice of the file (UTF-8). */
const readText = (blob: Blob): Promise<string> =>
  reading(
    (reader) => reader.readAsText(blob, 'utf-8'),
    (reader) => String(reader.result ?? ''),
  );

/**
 * The file's bytes as base64, read by the browser off the main thread (a data URL), so a 20 MB file does not freeze
 * the tab; the bytes are sent as they are (a BOM included: the server reads it).
 */
export const readBase64 = (file: Blob): Promise<string> =>
  reading(
    (reader) => reader.readAsDataURL(file),
    (reader) => {
      const url = String(reader.result ?? '');
      return url.slice(url.indexOf(',') + 1);
    },
  );

/**
 * The header and first rows of a CSV file: papaparse streams it in slices and stops after PREVIEW_ROWS rows (its
 * `preview` option), so a large file is never read whole. A BOM is dropped; quoted fields may hold line breaks.
 */
export const readPreview = async (file: Blob): Promise<CsvPreview> => {
  const delimiter = detectDelimiter(headerLine(await readText(file.slice(0, HEAD_BYTES))));
  const data = await new Promise<string[][]>((resolve, reject) => {
    const rows: string[][] = [];
    Papa.parse<string[]>(file as File, {
      delimiter,
      preview: PREVIEW_ROWS + 1,
      // papaparse streams a file in slices only when given `chunk` (or `step`); without, it reads the whole file
      chunkSize: CHUNK_BYTES,
      chunk: (results) => void rows.push(...results.data),
      skipEmptyLines: 'greedy',
      complete: () => resolve(rows.slice(0, PREVIEW_ROWS + 1)),
      error: () => reject(new CsvFileError('tablesImport.file.unreadable')),
    });
  });
  const [header, ...rows] = data;
  const headers = (header ?? []).map((name, i) => (i === 0 ? withoutBom(name) : name));
  if (headers.every((name) => name.trim() === '')) throw new CsvFileError('tablesImport.file.empty');
  return { headers, rows, delimiter };
};

/** Reads a chosen file: its preview and its base64 bytes, side by side. A file over the import's limit is refused first. */
export const readChosenFile = async (file: File): Promise<ChosenFile> => {
  if (file.size > IMPORT_FILE_MAX_BYTES)
    throw new CsvFileError('tablesImport.file.too-large', { size: Math.round(IMPORT_FILE_MAX_BYTES / (1024 * 1024)) });
  const [preview, base64] = await Promise.all([readPreview(file), readBase64(file)]);
  return { name: file.name, size: file.size, base64, preview };
};
