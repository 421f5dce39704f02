import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCsvRowParser, CsvSyntaxError } from './csvParse';

/** csv-parse 5 with the options the import used before this reader: the reference */
const reference = (text: string, delimiter: string): string[][] | { line: number } => {
  try {
    return parse(text, { delimiter, bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (e) {
    return { line: Number((e as { lines?: number }).lines) };
  }
};

/** the rows of `text` fed in the given pieces */
const rowsOf = (pieces: string[], delimiter: string): string[][] | { line: number } => {
  const parser = createCsvRowParser(delimiter);
  const rows: string[][] = [];
  try {
    for (const piece of pieces) {
      parser.push(piece);
      for (let row = parser.next(); row; row = parser.next()) rows.push(row);
    }
    parser.end();
    for (let row = parser.next(); row; row = parser.next()) rows.push(row);
    return rows;
  } catch (e) {
    if (e instanceof CsvSyntaxError) return { line: e.line };
    throw e;
  }
};

const split = (text: string, cuts: number[]): string[] => {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const c of at) {
    pieces.push(text.slice(from, c));
    from = c;
  }
  pieces.push(text.slice(from));
  return pieces;
};

describe('createCsvRowParser', () => {
  it('reads a Dutch Excel file: BOM, semicolons, quoted delimiters, quotes and line breaks, CRLF, empty lines', () => {
    const text = '\uFEFFName;Remark\r\n"Bay; north";"He said ""yes""\r\nthen left"\r\n\r\nAttic;\r\n';
    expect(rowsOf([text], ';')).toEqual([
      ['Name', 'Remark'],
      ['Bay; north', 'He said "yes"\r\nthen left'],
      ['Attic', ''],
    ]);
  });

  it('names the line of a misplaced quote', () => {
    const parser = createCsvRowParser(';');
    parser.push('a;b\nc;d"e\n');
    parser.end();
    expect(parser.next()).toEqual(['a', 'b']);
    expect(() => parser.next()).toThrow(expect.objectContaining({ reason: 'opening quote', line: 2 }));
  });

  it('gives the rows csv-parse gives, or fails where it fails (on the same line), however the text is cut into pieces', () => {
    const alphabet = fc.constantFrom('a', 'b', ' ', ';', ',', '"', '\r', '\n', 'é', '\uFEFF');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join('')),
        fc.constantFrom(';', ','),
        fc.array(fc.nat(), { maxLength: 4 }),
        (text, delimiter, cuts) => {
          expect(rowsOf(split(text, cuts), delimiter)).toEqual(reference(text, delimiter));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('agrees with csv-parse on well-formed files of quoted and unquoted cells', () => {
    const cell = fc.oneof(
      fc.stringMatching(/^[a-z 0-9é.,-]{0,6}$/),
      fc.stringMatching(/^[a-z;,"\r\n ]{0,6}$/).map((s) => `"${s.replaceAll('"', '""')}"`),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        fc.constantFrom('\r\n', '\n', '\r'),
        fc.array(fc.nat(), { maxLength: 4 }),
        (rows, newline, cuts) => {
          const text = rows.map((r) => r.join(';').replaceAll(',', ',')).join(newline) + newline;
          expect(rowsOf(split(text, cuts), ';')).toEqual(reference(text, ';'));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
