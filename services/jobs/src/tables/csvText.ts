import { StringDecoder } from 'node:string_decoder';
import { parse as csvParse } from 'csv-parse';
import Papa from 'papaparse';

/**
 * The CSV import's parser (docs/tables.md "Import: the checks in threads"): papaparse's own parser (`Papa.Parser`, the
 * one its streamers run chunk by chunk) on the complete records of what was written so far, the rest kept for the next
 * write. csv-parse's reading is kept exactly: each record papaparse gives is checked against the text it came from
 * (every field plain without a quote, or quoted with its quotes doubled and closed right before a delimiter or the
 * line end; an empty line skipped, a line of `""` kept); at the first papaparse error or record that does not fit,
 * csv-parse itself reads the rest of the file from that record's start, so a file that is not CSV is refused with
 * csv-parse's line. The line end is the first `\r\n`, `\n` or `\r` outside quotes (as csv-parse discovers it); one BOM
 * at the start is dropped.
 */

/** text that is not CSV: csv-parse's message, and its line in the whole file */
export class CsvTextError extends Error {
  override readonly name = 'CsvTextError';
  constructor(
    message: string,
    readonly lines: number,
  ) {
    super(message);
  }
}

/** what a write (or the end) gave: the records it completed, and the refusal that came after them */
export interface CsvPiece {
  records: string[][];
  error?: CsvTextError;
}

type Newline = '\n' | '\r\n' | '\r';

/** csv-parse's synchronous core (what its stream runs on each write): `parse(buf, end, push, close)` answers its error */
interface CsvParseCore {
  parse: (
    buf: Buffer | undefined,
    end: boolean,
    push: (record: string[]) => void,
    close: () => void,
  ) => (Error & { lines?: number }) | undefined;
}

const QUOTE = 34;

/**
 * Text held over from earlier writes beyond which csv-parse reads the rest: `read` parses what is pending from its
 * start on each write, so a record longer than this (a quoted cell of megabytes) would be parsed again on every write
 * of it; csv-parse carries its state across writes instead.
 */
export const LONG_RECORD_CHARS = 1 << 20;

const countOf = (text: string, part: string, from: number, to: number): number => {
  let count = 0;
  for (let at = text.indexOf(part, from); at !== -1 && at + part.length <= to; at = text.indexOf(part, at + part.length)) count++;
  return count;
};

/** a parser fed UTF-8 bytes (or text) in pieces: `write` and then `end` answer the records each completed */
export const csvTextParser = (
  delimiter: string,
): { write: (chunk: Buffer | string) => CsvPiece; end: () => CsvPiece; readonly byCsvParse: boolean } => {
  const decoder = new StringDecoder('utf8');
  /** text not read yet, from a record's start */
  let pending = '';
  let started = false;
  let newline: Newline | null = null;
  /** where the look for the line end has come to in `pending`, and whether it is inside quotes there */
  let scanned = 0;
  let inQuotes = false;
  /** lines of the text read so far as csv-parse counts them (`info.lines` - 1) */
  let lines = 0;
  let fallback: CsvParseCore | null = null;
  let failed = false;

  /** the first line end outside quotes (null: none yet, or a `\r` last that may be followed by `\n`) */
  const discover = (ended: boolean): void => {
    for (; scanned < pending.length; scanned++) {
      const c = pending.charCodeAt(scanned);
      if (c === QUOTE) inQuotes = !inQuotes;
      else if (!inQuotes && c === 10) {
        newline = '\n';
        return;
      } else if (!inQuotes && c === 13) {
        if (scanned + 1 < pending.length) newline = pending.charCodeAt(scanned + 1) === 10 ? '\r\n' : '\r';
        else if (ended) newline = '\r';
        return;
      }
    }
  };

  /** csv-parse from here on: `text` starts at a record's start */
  const viaCsvParse = (text: string, ended: boolean): CsvPiece => {
    fallback ??= (
      csvParse({
        delimiter,
        relax_column_count: true,
        skip_empty_lines: true,
        ...(newline ? { record_delimiter: newline } : {}),
      }) as unknown as { api: CsvParseCore }
    ).api;
    const records: string[][] = [];
    const push = (record: string[]) => records.push(record);
    let error = text.length > 0 ? fallback.parse(Buffer.from(text, 'utf8'), false, push, () => {}) : undefined;
    if (!error && ended) error = fallback.parse(undefined, true, push, () => {});
    if (!error) return { records };
    failed = true;
    return { records, error: new CsvTextError(error.message, lines + (Number(error.lines) || 1)) };
  };

  /** the records of `pending` (all of it at the end, else up to its last line end) */
  const read = (ended: boolean): CsvPiece => {
    if (newline === null) discover(ended);
    if (newline === null && !ended) return { records: [] };
    const text = pending;
    const nl: Newline = newline ?? '\n';
    // before the end, only up to the last line end: a quote or a line end cut by the write waits for the next one
    const upTo = ended ? text.length : text.lastIndexOf(nl) + nl.length;
    if (!ended && upTo < nl.length) return { records: [] };
    const result = new Papa.Parser({ delimiter, newline: nl, quoteChar: '"' }).parse(
      upTo === text.length ? text : text.slice(0, upTo),
      0,
      !ended,
    ) as {
      data: string[][];
      errors: unknown[];
      meta: { cursor: number };
    };
    if (result.errors.length > 0) {
      pending = '';
      return viaCsvParse(text, ended);
    }
    const end = ended ? text.length : result.meta.cursor;
    // each record against its text, as csv-parse would read it
    const records: string[][] = [];
    let at = 0;
    /** records ended by a line end so far: csv-parse counts such a line end as one line, each other \r or \n as one */
    let ends = 0;
    const linesTo = (to: number) => countOf(text, '\r', 0, to) + countOf(text, '\n', 0, to) - ends * (nl.length - 1);
    for (const row of result.data) {
      const rowStart = at;
      let fits = true;
      for (let i = 0; i < row.length && fits; i++) {
        const value = row[i]!;
        if (text.charCodeAt(at) === QUOTE) {
          const raw = value.length + 2 + countOf(value, '"', 0, value.length);
          if (text.charCodeAt(at + raw - 1) !== QUOTE) fits = false;
          at += raw;
        } else {
          if (value.includes('"')) fits = false;
          at += value.length;
        }
        if (!fits) break;
        if (i < row.length - 1) {
          if (!text.startsWith(delimiter, at)) fits = false;
          at += delimiter.length;
        } else if (at < end) {
          if (!text.startsWith(nl, at)) fits = false;
          else ends++;
          at += nl.length;
        } else if (at > end) fits = false;
      }
      if (!fits) {
        lines += linesTo(rowStart);
        pending = '';
        const piece = viaCsvParse(text.slice(rowStart), ended);
        return { records: [...records, ...piece.records], ...(piece.error ? { error: piece.error } : {}) };
      }
      // an empty line is skipped; a line of `""` is a record of one empty field
      if (row.length === 1 && row[0] === '' && at - rowStart <= nl.length && text.charCodeAt(rowStart) !== QUOTE) continue;
      records.push(row);
    }
    lines += linesTo(end);
    pending = text.slice(end);
    return { records };
  };

  const take = (text: string, ended: boolean): CsvPiece => {
    if (failed) return { records: [] };
    if (!started) {
      if (!ended && text.length === 0) return { records: [] };
      started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (fallback) return viaCsvParse(text, ended);
    if (pending.length > LONG_RECORD_CHARS) {
      const rest = pending + text;
      pending = '';
      return viaCsvParse(rest, ended);
    }
    pending += text;
    return read(ended);
  };

  return {
    write: (chunk) => take(typeof chunk === 'string' ? chunk : decoder.write(chunk), false),
    end: () => take(decoder.end(), true),
    /** whether csv-parse reads the file from some record on (papaparse erred, a record did not fit, or one was long) */
    get byCsvParse() {
      return fallback !== null;
    },
  };
};
