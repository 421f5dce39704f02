import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LONG_RECORD_CHARS, csvTextParser } from './csvText';

/** what csv-parse (as the import read files before, csv-parse/sync with its options) answers: the records, or the line it refuses */
const csvParseOf = (text: string, delimiter: string): { records: string[][] } | { lines: number } => {
  try {
    return { records: parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, delimiter }) as string[][] };
  } catch (e) {
    return { lines: (e as { lines: number }).lines };
  }
};

/** what csvTextParser answers for the text's bytes written in pieces of the given sizes (then the rest) */
const ours = (text: string, delimiter: string, sizes: number[] = [], byPapaparse = false): { records: string[][] } | { lines: number } => {
  const parser = csvTextParser(delimiter);
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  pieces.push(bytes.subarray(at));
  const records: string[][] = [];
  for (const piece of [...pieces.map((p) => parser.write(p)), parser.end()]) {
    records.push(...piece.records);
    if (piece.error) return { lines: piece.error.lines };
  }
  // a well-formed file is read by papaparse alone
  if (byPapaparse) expect(parser.byCsvParse).toBe(false);
  return { records };
};

describe('csvTextParser: papaparse read as csv-parse reads', () => {
  it.each([
    ['a quote inside a plain field', 'a,b"c\n1,2\n'],
    ['a quote inside a plain field further on', 'a,b\n1,2\n3,x"y\n'],
    ['text after a closing quote', 'a,"x\ny"z\n1'],
    ['a space after a closing quote (papaparse allows it)', 'a\n\n"x\ny" ,1\n'],
    ['a space before an opening quote', ' "a",b'],
    ['an unclosed quote', 'a,b\n1,2\n3,"4\n5,6'],
    ['a lone \\r as the line end', 'a,b\rc,d\r\re,f'],
    ['\\r inside a field of a \\n file', 'a,b\nc\rd,e'],
    ['\\n inside a field of a \\r\\n file', 'a,b\r\nc,d\ne,f'],
    ['\\r\\n lines in a \\n file', 'a,b\nc,d\r\ne,f'],
    ['a trailing delimiter', 'a,\n1,\n'],
    ['an empty quoted field on a line of its own', 'a\n""\nb'],
    ['empty lines', 'a\r\n\r\n\r\nb\r\n'],
    ['a line of a space', 'a\n \nb'],
    ['doubled quotes', '"a""b",c\n"""",""\n'],
    ['two BOMs', '\uFEFF\uFEFFa,b\n'],
    ['a quoted \\r\\n', '"a\r\nb"\nc'],
    ['decimal commas', 'Name;Size\nx;1,5\n"y";"2,25"\n'],
    ['a quoted field then \\r\\n in a \\n file', 'a\n"b"\r\nc'],
  ])('%s', (_name, text) => {
    for (const delimiter of [',', ';', '\t']) {
      const expected = csvParseOf(text, delimiter);
      expect(ours(text, delimiter)).toEqual(expected);
      // byte by byte: a character, a line end or a quote split across writes
      expect(ours(text, delimiter, Array<number>(Buffer.byteLength(text)).fill(1))).toEqual(expected);
    }
  });

  it('answers as csv-parse on random text, however the bytes come', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'b', ' ', ',', ';', '\t', '"', '""', '\n', '\r\n', '\r', 'é', '€', '1', '\uFEFF'),
          maxLength: 80,
        }),
        fc.constantFrom(',', ';', '\t'),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 10 }),
        (text, delimiter, sizes) => {
          expect(ours(text, delimiter, sizes)).toEqual(csvParseOf(text, delimiter));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('answers as csv-parse on well-formed files of quoted and plain cells', () => {
    const cell = fc.string({ unit: fc.constantFrom('x', ' ', ',', ';', '"', '\n', '\r\n', '1'), maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.tuple(cell, fc.boolean()), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 10 }),
        (rows, newline, sizes) => {
          const text = rows
            .map((cells) => cells.map(([c, quoted]) => (quoted || /[";\n\r]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(';'))
            .join(newline);
          expect(ours(text, ';', sizes, true)).toEqual(csvParseOf(text, ';'));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('hands a record longer than LONG_RECORD_CHARS to csv-parse, which reads the rest as before', () => {
    const long = `"${'x\n"",'.repeat(LONG_RECORD_CHARS / 2)}"`;
    const text = `a,b\n1,${long}\n2,"y"\n3,z\n`;
    const sizes = Array<number>(Math.ceil(Buffer.byteLength(text) / 65_536)).fill(65_536);
    const parser = csvTextParser(',');
    const records: string[][] = [];
    for (let at = 0, i = 0; i < sizes.length; at += sizes[i]!, i++)
      records.push(...parser.write(Buffer.from(text).subarray(at, at + sizes[i]!)).records);
    records.push(...parser.end().records);
    expect(parser.byCsvParse).toBe(true);
    expect({ records }).toEqual(csvParseOf(text, ','));
    expect(records[1]![1]!.length).toBe(LONG_RECORD_CHARS * 2);
    // a refusal after the long record keeps its line in the whole file
    expect(ours(`${text}4,x"y\n`, ',', sizes)).toEqual(csvParseOf(`${text}4,x"y\n`, ','));
  });

  it('gives the records before a refusal, then the refusal with its line in the whole file', () => {
    const parser = csvTextParser(',');
    const first = parser.write(Buffer.from('a,b\n1,2\n'));
    expect(first).toEqual({
      records: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
    const second = parser.write(Buffer.from('3,4\n5,x"y\n'));
    expect(second.records).toEqual([['3', '4']]);
    expect(second.error?.lines).toBe(4);
    expect(parser.end()).toEqual({ records: [] });
  });
});
