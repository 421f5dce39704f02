import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMN_TYPES, type JobState } from '@stramien/domain';
import { createEmbeddedDocumentStore, type DocumentStore, type EmbeddedDocumentStore } from '@stramien/infra';
import { conditionsFilter } from '@stramien/projections/tables/recordFilters';
import { TABLES_COLLECTION, tableRecordsCollection, type RecordDoc, type StoredCell } from '@stramien/projections/tables/tableDocs';
import type { JobContext } from '../kinds/jobKind';
import { onExportReaderError, TABLE_EXPORT_CHUNK_ROWS, tableExportKind, type TableExportParams } from './tableExport';

/** the awkward cells of each column type: quotes, delimiters, line breaks, formulas, nulls, missing cells */
const TEXTS = ['plain', 'say "hi", twice', 'two\nlines', 'cr\r\nlf', '=SUM(A1)', '+1', '-3', '@me', '\tTab', 'é ü ß 漢', '', ' ', ','];
const cellOf = (type: string, n: number): StoredCell | undefined => {
  if (n % 11 === 0) return null;
  if (n % 13 === 0) return undefined;
  switch (type) {
    case 'integer':
      return n * 7 - 50_000;
    case 'float':
      return n / 7 - 3;
    case 'boolean':
      return n % 2;
    case 'date':
      return `2026-11-${String((n % 28) + 1).padStart(2, '0')}`;
    default:
      return TEXTS[n % TEXTS.length]!;
  }
};

/** the store without `readPlan`: the export reads in the job's thread, as on MongoDB */
const singleThreaded = (store: EmbeddedDocumentStore): DocumentStore =>
  new Proxy(store, {
    get: (target, property) => (property === 'readPlan' ? undefined : (Reflect.get(target, property) as unknown)),
  });

describe('table export in reader threads (embedded store on disk)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stramien-export-'));
  const store = createEmbeddedDocumentStore({ file: join(dir, 'docs.sqlite') });
  const tableId = randomUUID();
  const columns = COLUMN_TYPES.map((type, i) => ({ columnId: `c${i}-${randomUUID()}`, name: `=C${i}`, type, options: {}, position: i }));
  const total = 2 * TABLE_EXPORT_CHUNK_ROWS + 1_234;
  const job = { jobId: 'export-job', requestedAt: '2026-11-27T10:00:00.000Z' } as unknown as JobState;

  beforeAll(async () => {
    await store.collection(TABLES_COLLECTION).insertOne({
      _id: tableId,
      projectId: 'p',
      name: 'Every type',
      columns,
      deleted: false,
      recordCount: total,
    } as never);
    const records = store.collection<RecordDoc>(tableRecordsCollection(tableId));
    await records.createIndex({ keys: { _seq: 1 } });
    const at = '2026-11-27T09:00:00.000Z';
    const docs: RecordDoc[] = [];
    for (let n = 0; n < total; n++) {
      const v = Object.fromEntries(
        columns.flatMap((c, i) => {
          const cell = cellOf(c.type, n + i);
          return cell === undefined ? [] : [[c.columnId, cell]];
        }),
      );
      docs.push({ _id: randomUUID(), _seq: 10 + n * 3, v, createdAt: at, createdBy: 'u', updatedAt: at, updatedBy: 'u' });
    }
    await records.insertMany(docs);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** the kind's plan, every chunk as the worker runs them, and the assembled file */
  const exportOf = async (documentStore: DocumentStore, params: TableExportParams, jobId = job.jobId): Promise<string> => {
    const context = { documentStore } as unknown as JobContext;
    const of = { ...job, jobId } as JobState;
    const parsed = tableExportKind.params.parse(params);
    const plan = await tableExportKind.plan(of, parsed, context);
    const parts: Buffer[] = [];
    let previous: unknown = null;
    for (const chunk of plan.chunks) {
      const out = await tableExportKind.runChunk(of, parsed, chunk, context, previous);
      previous = out.next;
      parts.push(Buffer.from(out.content as Uint8Array));
    }
    const { Readable } = await import('node:stream');
    const file = tableExportKind.assemble(
      of,
      parsed,
      plan,
      async function* () {
        for (const part of parts) yield Readable.from([part]);
      },
      context,
    );
    const bytes: Buffer[] = [];
    for await (const piece of file) bytes.push(piece as Buffer);
    return Buffer.concat(bytes).toString('utf8');
  };

  const params = (query: TableExportParams['query'] = {}): TableExportParams => ({ projectId: 'p', tableId, query, format: 'csv' });

  it('gives the bytes of the single-thread export, in creation order over several chunks', async () => {
    expect(store.readPlan(tableRecordsCollection(tableId), {}, { sort: { _seq: 1 }, limit: 10 })).not.toBeNull();
    const threaded = await exportOf(store, params());
    const single = await exportOf(singleThreaded(store), params());
    expect(threaded.split('\n').length).toBeGreaterThan(total);
    expect(threaded).toContain(`'=SUM(A1)`);
    expect(threaded).toContain('"say ""hi"", twice"');
    expect(threaded).toContain('"two\nlines"');
    expect(threaded).toContain(',true,');
    expect(threaded).toBe(single);
  });

  it('gives the bytes of the single-thread export for a filtered, sorted query', async () => {
    const integer = columns.find((c) => c.type === 'integer')!.columnId;
    const text = columns.find((c) => c.type === 'text')!.columnId;
    const query = {
      conditions: [{ conditions: [{ column: integer, operator: 'gt' as const, value: 1_000 }] }],
      sort: { column: text, order: 'DESC' as const },
    };
    // the store gives the statements, so the reader threads read these chunks
    const { filter } = conditionsFilter(columns, query);
    const sort = { [`v.${text}`]: -1 as const, _seq: -1 as const };
    expect(store.readPlan(tableRecordsCollection(tableId), filter, { sort, limit: 10, skip: 10 })).not.toBeNull();
    const threaded = await exportOf(store, params(query), 'sorted-job');
    expect(threaded).toBe(await exportOf(singleThreaded(store), params(query), 'sorted-job'));
    const filtered = { conditions: query.conditions };
    expect(await exportOf(store, params(filtered), 'filtered-job')).toBe(
      await exportOf(singleThreaded(store), params(filtered), 'filtered-job'),
    );
  });

  it('reads every chunk again when it is run again (a chunk redone after a crash), with the same bytes', async () => {
    const context = { documentStore: store } as unknown as JobContext;
    const parsed = tableExportKind.params.parse(params());
    const plan = await tableExportKind.plan(job, parsed, context);
    const first = await tableExportKind.runChunk(job, parsed, plan.chunks[0], context, null);
    const second = await tableExportKind.runChunk(job, parsed, plan.chunks[1], context, first.next);
    // a resumed worker runs chunk 1 again from the stored cursor: nothing read ahead is left for it
    const again = await tableExportKind.runChunk(job, parsed, plan.chunks[1], context, first.next);
    expect(Buffer.from(again.content as Uint8Array).equals(Buffer.from(second.content as Uint8Array))).toBe(true);
    expect(again.next).toBe(second.next);
    expect(second.items).toBe(TABLE_EXPORT_CHUNK_ROWS);
  });

  it('reads 10,000 rows a chunk for a plan made before chunks carried their size (a job resumed after an upgrade)', async () => {
    const context = { documentStore: store } as unknown as JobContext;
    const parsed = tableExportKind.params.parse(params());
    const plan = await tableExportKind.plan(job, parsed, context);
    const legacy = (index: number) => ({ ...(plan.chunks[0] as object), index, rows: undefined, of: undefined });
    const first = await tableExportKind.runChunk(job, parsed, legacy(0), context, null);
    const second = await tableExportKind.runChunk(job, parsed, legacy(1), context, first.next);
    expect([first.items, second.items]).toEqual([10_000, 10_000]);
    const current = await tableExportKind.runChunk(job, parsed, plan.chunks[0], context, null);
    expect(current.items).toBe(TABLE_EXPORT_CHUNK_ROWS);
    expect(Buffer.concat([first.content as Uint8Array, second.content as Uint8Array]).equals(current.content as Uint8Array)).toBe(true);
  });

  it('reads a chunk in the job thread when its reader thread fails', async () => {
    const failures: unknown[] = [];
    onExportReaderError((error) => failures.push(error));
    try {
      // a statement the reader's connection refuses
      const broken = new Proxy(store, {
        get: (target, property) =>
          property === 'readPlan'
            ? (...args: Parameters<EmbeddedDocumentStore['readPlan']>) => {
                const plan = target.readPlan(...args);
                return (
                  plan && { ...plan, sql: 'SELECT rowid, json FROM no_such_table', storedSql: 'SELECT rowid, json FROM no_such_table' }
                );
              }
            : (Reflect.get(target, property) as unknown),
      });
      expect(await exportOf(broken, params(), 'broken-job')).toBe(await exportOf(singleThreaded(store), params(), 'broken-job'));
      expect(failures.length).toBeGreaterThan(0);
      expect(String(failures[0])).toMatch(/no_such_table/);
    } finally {
      onExportReaderError(null);
    }
  });
});
