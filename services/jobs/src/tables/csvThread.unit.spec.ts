import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openCsv } from './csvRecords';
import { csvThreadHooks, warmCsvThreads } from './csvThread';
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
