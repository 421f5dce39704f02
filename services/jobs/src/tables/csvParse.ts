/**
 * A CSV reader for the import (docs/tables.md "Bulk work"): the rows csv-parse 5 gives with the options the import
 * used (`delimiter`, `bom`, `relax_column_count`, `skip_empty_lines`; quote and escape `"`), at a fraction of its
 * cost (csv-parse was the largest part of an import's reading). Text is fed in pieces (`push`), rows are taken as
 * they are complete (`next`). As csv-parse: the record delimiter is the first `\r\n`, `\n` or `\r` outside quotes,
 * and only that one ends rows later (another is a character of its field); a line with no character is skipped (a
 * quoted empty field is not such a line); `""` inside quotes is a quote; a quote inside an unquoted field, a closing
 * quote followed by anything but the delimiter, the record delimiter or the end, and a quote left open at the end are
 * errors, with the line they are on (lines counted as csv-parse counts them: every line break, one per record
 * delimiter). A property test holds it to csv-parse.
 */
export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';
  constructor(
    readonly reason: 'opening quote' | 'closing quote' | 'quote not closed',
    readonly line: number,
  ) {
    super(`CSV: ${reason} at line ${line}`);
  }
}

const QUOTE = 34;
const CR = 13;
const LF = 10;

/** no row yet: more text is needed (or, after `end`, there are no more rows) */
const MORE = null;

export interface CsvRowParser {
  /** more of the text */
  push(text: string): void;
  /** the text is complete */
  end(): void;
  /** the next complete row, or null when more text is needed (or, after `end`, none is left) */
  next(): string[] | null;
}

const countBreaks = (text: string): number => {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CR || c === LF) n++;
  }
  return n;
};

export const createCsvRowParser = (delimiter: string): CsvRowParser => {
  if (delimiter.length !== 1) throw new TypeError('the delimiter is one character');
  const delim = delimiter.charCodeAt(0);
  let buf = '';
  let pos = 0;
  let ended = false;
  let started = false;
  /** csv-parse's line count at `pos` */
  let lines = 1;
  /** the record delimiter, once the first one outside quotes is seen */
  let recordDelimiter: string | null = null;

  /** the length of the record delimiter at `at`, 0 if none, -1 when the text ends before it can be told */
  const recordDelimiterAt = (at: number): number => {
    const c = buf.charCodeAt(at);
    if (c !== CR && c !== LF) return 0;
    if (recordDelimiter === null) {
      if (c === LF) return 1;
      if (at + 1 >= buf.length) return ended ? 1 : -1;
      return buf.charCodeAt(at + 1) === LF ? 2 : 1;
    }
    if (recordDelimiter.length === 1) return c === recordDelimiter.charCodeAt(0) ? 1 : 0;
    if (c !== CR) return 0;
    if (at + 1 >= buf.length) return ended ? 0 : -1;
    return buf.charCodeAt(at + 1) === LF ? 2 : 0;
  };

  /** parses one row from `pos`; on MORE nothing moved */
  const parseRow = (): string[] | null => {
    let p = pos;
    let line = lines;
    const fields: string[] = [];
    let field = '';
    let wasQuoting = false;
    const len = buf.length;
    for (;;) {
      if (p >= len) {
        if (!ended) return MORE;
        if (!wasQuoting && fields.length === 0 && field.length === 0) {
          pos = p;
          lines = line;
          return MORE;
        }
        fields.push(field);
        pos = p;
        lines = line;
        return fields;
      }
      const c = buf.charCodeAt(p);
      if (c === QUOTE) {
        if (field.length !== 0) throw new CsvSyntaxError('opening quote', line);
        // a quoted field: up to the quote that is not doubled
        let q = p + 1;
        for (;;) {
          const close = buf.indexOf('"', q);
          if (close === -1) {
            if (!ended) return MORE;
            // as csv-parse counts: the last character, if a line break, is not counted
            throw new CsvSyntaxError('quote not closed', line + countBreaks(buf.slice(p, len - 1)));
          }
          field += buf.slice(q, close);
          if (close + 1 >= len && !ended) return MORE;
          if (buf.charCodeAt(close + 1) === QUOTE) {
            field += '"';
            q = close + 2;
            continue;
          }
          line += countBreaks(buf.slice(p, close));
          p = close + 1;
          break;
        }
        wasQuoting = true;
        if (p < len) {
          const after = buf.charCodeAt(p);
          if (after !== delim) {
            const rd = recordDelimiterAt(p);
            if (rd === -1) return MORE;
            if (rd === 0) throw new CsvSyntaxError('closing quote', line);
          }
        }
        continue;
      }
      if (c === CR || c === LF) {
        const rd = recordDelimiterAt(p);
        if (rd === -1) return MORE;
        if (rd > 0) {
          if (recordDelimiter === null) recordDelimiter = buf.slice(p, p + rd);
          p += rd;
          line += 1;
          if (!wasQuoting && fields.length === 0 && field.length === 0) {
            // an empty line: skipped
            pos = p;
            lines = line;
            continue;
          }
          fields.push(field);
          pos = p;
          lines = line;
          return fields;
        }
        // a line break that is not the record delimiter: a character of the field
        field += buf[p];
        line += 1;
        p++;
        continue;
      }
      if (c === delim) {
        fields.push(field);
        field = '';
        wasQuoting = false;
        p++;
        continue;
      }
      // an unquoted run up to the next delimiter, quote or line break
      let e = p + 1;
      while (e < len) {
        const d = buf.charCodeAt(e);
        if (d === delim || d === QUOTE || d === CR || d === LF) break;
        e++;
      }
      field += buf.slice(p, e);
      p = e;
    }
  };

  return {
    push(text) {
      if (ended) throw new Error('the CSV text has ended');
      buf = pos === 0 ? buf + text : buf.slice(pos) + text;
      pos = 0;
      if (!started && buf.length > 0) {
        started = true;
        // a byte order mark is not text (`bom: true`)
        if (buf.charCodeAt(0) === 0xfeff) buf = buf.slice(1);
      }
    },
    end() {
      ended = true;
    },
    next() {
      if (pos >= buf.length && !ended) return MORE;
      const row = parseRow();
      // rows are taken from the front: drop what they used now and then, not on every row
      if (pos > 1 << 20) {
        buf = buf.slice(pos);
        pos = 0;
      }
      return row;
    },
  };
};
