import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Column } from '@stramien/domain';
import { openCsv } from './csvRecords';
import { CellsRefused, checkCsvInThreads, csvThreadHooks, ThreadCsvError, warmCsvThreads } from './csvThread';
import type { ImportLookups } from './importChecks';
import type { Worker } from 'node:worker_threads';

/** the file in pieces of the given sizes (a stream's chunks), then the rest */
const streamOf = (bytes: Buffer, sizes: number[]): Readable => {
  const pieces: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= bytes.length) break;
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  if (at < bytes.length) pieces.push(bytes.subarray(at));
  return Readable.from(pieces);
};

/** everything openCsv answers for a file: the head and the batches, or the refusal (its message and fields) */
const readAll = async (bytes: Buffer, sizes: number[], thread: boolean, batchSize: number): Promise<unknown> => {
  try {
    const csv = await openCsv(streamOf(bytes, sizes), batchSize, { thread });
    const batches: unknown[] = [];
    for await (const batch of csv.batches()) batches.push(batch);
    return { head: csv.head, batches };
  } catch (e) {
    const error = e as Error & { status?: number; details?: unknown };
    return { refused: error.message, status: error.status, details: error.details };
  }
};

describe('openCsv with the CSV parser in a thread', () => {
  it('answers the rows, batches and refusals of the parser in the job thread, however the bytes come', async () => {
    // where papaparse and csv-parse read apart: a quote inside a plain field or after a closing one, a lone `\r`, a
    // trailing delimiter, an empty quoted field (csvText.unit.spec.ts holds the parser to csv-parse)
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', ' ', ',', ';', '"', '""', '\n', '\r\n', '\r', ',\n', '"" ', 'é', '1', '\uFEFF'),
      maxLength: 120,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          text,
          // a well-formed file: a header and quoted and plain cells
          fc
            .array(
              fc.array(fc.string({ unit: fc.constantFrom('x', ' ', ',', '"', '\n', ';'), maxLength: 6 }), { minLength: 1, maxLength: 4 }),
              {
                minLength: 1,
                maxLength: 30,
              },
            )
            .map((rows) => rows.map((cells) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(';')).join('\r\n')),
        ),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        async (body, bom, sizes, batchSize) => {
          const bytes = Buffer.from(`${bom ? '\uFEFF' : ''}${body}`, 'utf8');
          const inThread = await readAll(bytes, sizes, true, batchSize);
          const here = await readAll(bytes, sizes, false, batchSize);
          expect(inThread).toEqual(here);
        },
      ),
      // each file starts a thread of our own TypeScript (about a second from source, docs/threads.md)
      { numRuns: 15 },
    );
  }, 120_000);

  it('reads a large file in batches, holding only a few ahead', async () => {
    const lines = ['Name;Size;Note'];
    for (let i = 0; i < 12_345; i++) lines.push(`Item ${i};${i},5;"quoted; ""note""\nline ${i}"`);
    const bytes = Buffer.from(lines.join('\n'), 'utf8');
    const csv = await openCsv(streamOf(bytes, Array<number>(200).fill(4_096)), 2_000, { thread: true });
    expect(csv.head).toEqual({ headers: ['Name', 'Size', 'Note'], delimiter: ';' });
    let rows = 0;
    for await (const batch of csv.batches()) {
      for (const { row, cells } of batch) {
        expect(row).toBe(++rows);
        expect(cells).toEqual([`Item ${row - 1}`, `${row - 1},5`, `quoted; "note"\nline ${row - 1}`]);
      }
    }
    expect(rows).toBe(12_345);
  });

  it('refuses text that is not CSV with its line, as in the job thread', async () => {
    const bytes = Buffer.from('a,b\n1,2\n3,"4\n5,6', 'utf8');
    const threaded = await readAll(bytes, [], true, 2);
    expect(threaded).toEqual(await readAll(bytes, [], false, 2));
    // csv-parse's line: the quote is still open at the file's end, on line 4
    expect(threaded).toMatchObject({ status: 422, refused: 'The file could not be read as CSV (line 4).' });
    const stray = Buffer.from('a;b\r\n1;2\r\n3;x"y\r\n', 'utf8');
    expect(await readAll(stray, [5], true, 2)).toEqual(await readAll(stray, [5], false, 2));
    expect(await readAll(stray, [5], true, 2)).toMatchObject({ status: 422, refused: 'The file could not be read as CSV (line 3).' });
  });

  it('starts threads ahead: warmed twice it resolves both times, and the next read takes a thread already ready', async () => {
    await warmCsvThreads(1);
    await warmCsvThreads(1);
    const started: Worker[] = [];
    csvThreadHooks.started = (worker) => started.push(worker);
    try {
      const csv = await openCsv(streamOf(Buffer.from('a;b\n1;2\n'), []), 2, { thread: true });
      const batches: unknown[] = [];
      for await (const batch of csv.batches()) batches.push(batch);
      expect(batches).toEqual([[{ row: 1, cells: ['1', '2'] }]]);
      // a thread started ahead already said it is ready: it answers no `ready` again
      expect(started).toHaveLength(1);
    } finally {
      csvThreadHooks.started = null;
    }
  });
});

describe("the import plan's checks in threads (a parser, and its batches checked in turn by N checkers)", () => {
  const columns: Column[] = [
    { columnId: 'c-name', name: 'Name', type: 'text', options: null, position: 0 },
    { columnId: 'c-size', name: 'Size', type: 'float', options: null, position: 1 },
  ];
  const lookups: ImportLookups = { knownRecords: async () => [], knownSbsCodes: async () => [] };
  /** everything the plan's threads answer for a file: the header line and each batch's prepared lines, or the refusal */
  const checkAll = async (text: string, threads: 1 | 2, checkers: number, pieces = 7): Promise<unknown> => {
    const bytes = Buffer.from(text, 'utf8');
    const started: Worker[] = [];
    csvThreadHooks.started = (worker) => started.push(worker);
    const plan = checkCsvInThreads(bytes.subarray(0, pieces), streamOf(bytes.subarray(pieces), [5, 11, 3])[Symbol.asyncIterator](), {
      delimiter: ';',
      batchSize: 3,
      target: { tableId: 'table-1', projectId: 'project-1', columns },
      mapping: { Name: 'c-name', Size: 'c-size' },
      jobId: 'job-1',
      lookups,
      threads,
      checkers,
    });
    try {
      const head = await plan.head();
      const batches: string[] = [];
      for (let batch = await plan.next(); batch; batch = await plan.next()) batches.push(Buffer.from(batch.bytes).toString('utf8'));
      return { head, batches };
    } catch (error) {
      if (error instanceof CellsRefused) return { refused: 'cells' };
      if (error instanceof ThreadCsvError) return { refused: 'csv', lines: error.lines };
      throw error;
    } finally {
      plan.close();
      csvThreadHooks.started = null;
      expect(started).toHaveLength(threads === 1 ? 1 : 1 + checkers);
    }
  };
  const rows = (count: number, bad?: number) =>
    Array.from({ length: count }, (_, i) => `Row ${i + 1};${i + 1 === bad ? 'wide' : `${i},5`}${i % 4 === 1 ? '\r\n' : ''}`).join('\r\n');

  it('answers the same header line and batches (row numbers, record ids, values) for 1, 2 and 3 checkers as one thread', async () => {
    // 10 rows in batches of 3 (the last one short), empty lines between them (skipped, not numbered)
    const text = `\uFEFFName;Size\r\n${rows(10)}\r\n`;
    const one = await checkAll(text, 1, 1);
    expect(one).toMatchObject({ head: ['Name', 'Size'] });
    const { batches } = one as { batches: string[] };
    expect(
      batches.map((lines) =>
        lines
          .split('\n')
          .filter(Boolean)
          .map((line) => Number(line.split(' ')[0])),
      ),
    ).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]]);
    expect(batches[3]).toContain('"values":{"c-name":"Row 10","c-size":9.5}');
    for (const checkers of [1, 2, 3]) expect(await checkAll(text, 2, checkers)).toEqual(one);
  }, 120_000);

  it('refuses a refused cell in a batch of the second checker, text that is not CSV, and reads a file of a header only', async () => {
    // row 5: batch 1, the second checker's
    const refused = `Name;Size\r\n${rows(10, 5)}\r\n`;
    expect(await checkAll(refused, 1, 1)).toEqual({ refused: 'cells' });
    expect(await checkAll(refused, 2, 2)).toEqual({ refused: 'cells' });
    // a quote still open at the file's end, after three full batches: each checker is told, the first to answer it refuses
    const notCsv = `Name;Size\r\n${rows(9)}\r\nRow 10;"1,5\r\n`;
    expect(await checkAll(notCsv, 1, 1)).toEqual({ refused: 'csv', lines: expect.any(Number) as number });
    expect(await checkAll(notCsv, 2, 2)).toEqual(await checkAll(notCsv, 1, 1));
    for (const text of ['Name;Size\r\n', '']) expect(await checkAll(text, 2, 2)).toEqual(await checkAll(text, 1, 1));
    expect(await checkAll('', 2, 2)).toEqual({ head: null, batches: [] });
  }, 120_000);
});
