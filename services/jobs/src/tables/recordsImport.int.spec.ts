import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  IMPORT_CHUNK_ROWS,
  fold,
  jobMessages,
  jobDecider,
  jobSchemas,
  tableMessages,
  toJobStreamId,
  type Column,
  type JobEvent,
  type JobState,
} from '@stramien/domain';
import { createCommandPipeline, type Doc } from '@stramien/infra';
import { TABLES_COLLECTION, tableRecordsCollection } from '@stramien/projections/tables/tableDocs';
import { createJobKindRegistry, type JobContext, type JobKind } from '../kinds/jobKind';
import { createJobWorker } from '../worker/jobWorker';
import { csvThreadHooks } from './csvThread';
import {
  importBlobIds,
  importedRecordId,
  importedRecordIds,
  legacyImportedRecordId,
  recordsImportKind,
  RECORDS_IMPORT_KIND,
  type RecordsImportParams,
} from './recordsImport';
import { openTestAdapters, type TestAdapters } from '../testing/adapters';

const LICENCE = 'licence-1';
const OWNER = 'owner-1';
const PROJECT = 'project-1';
const TABLE = 'table-1';
const columns: Column[] = [
  { columnId: 'c-name', name: 'Name', type: 'text', options: null, position: 0 },
  { columnId: 'c-size', name: 'Size', type: 'float', options: null, position: 1 },
];
const ROWS = IMPORT_CHUNK_ROWS * 2 + 7;

let dir: string;
let adapters: TestAdapters;

afterEach(() => {
  csvThreadHooks.threads = 2;
  csvThreadHooks.checkers = 2;
  csvThreadHooks.started = null;
});
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-records-import-'));
  adapters = openTestAdapters(dir);
  await adapters.documentStore
    .collection<Doc>(TABLES_COLLECTION)
    .insertMany([{ _id: TABLE, licenceId: LICENCE, projectId: PROJECT, name: 'Rooms', columns, deleted: false }]);
});
afterEach(async () => {
  await adapters.bus.close();
  await adapters.eventStore.close();
  await adapters.documentStore.close();
  await adapters.blobStore.close();
  rmSync(dir, { recursive: true, force: true });
});

const pipeline = () => createCommandPipeline({ eventStore: adapters.eventStore });
const actor = { userId: OWNER, licenceId: LICENCE };
const context = (): JobContext => ({
  ...adapters,
  pipeline: pipeline(),
  now: () => new Date('2026-11-23T12:00:00Z'),
  appendNewStreams: (streams) => adapters.eventStore.appendNewStreams(streams),
});

/** a `;` file of ROWS rows (decimal commas), stored as an import's upload, and its job requested */
const requestImport = async (text: string): Promise<{ job: JobState; params: RecordsImportParams }> => {
  const jobId = randomUUID();
  await adapters.blobStore.put(Buffer.from(text, 'utf8'), { id: importBlobIds.upload(jobId), contentType: 'text/csv' });
  const params: RecordsImportParams = {
    tableId: TABLE,
    projectId: PROJECT,
    blobId: importBlobIds.upload(jobId),
    mapping: { Name: 'c-name', Size: 'c-size' },
    filename: 'records-import.csv',
  };
  const result = await pipeline()({
    decider: jobDecider,
    schemas: jobSchemas,
    streamId: toJobStreamId(jobId),
    command: {
      type: 'RequestJob',
      data: { jobId, licenceId: LICENCE, projectId: PROJECT, kind: RECORDS_IMPORT_KIND, params },
      metadata: { actor, now: new Date().toISOString() },
    },
    context: { actor, correlationId: 'test', causationId: 'test' },
  });
  return { job: result.state, params };
};
const csv = (rows = ROWS, bad?: number, pad = '') =>
  `\uFEFFName;Size\r\n${Array.from({ length: rows }, (_, i) => `Row ${i + 1}${pad};${i + 1 === bad ? 'wide' : `${i},5`}`).join('\r\n')}\r\n`;

const recordsCreated = async (jobId: string) =>
  (await adapters.eventStore.readAll({ after: 0, maxCount: 100_000, filter: { eventTypes: ['RecordCreated'] } })).filter(
    (e) => (e.data as { importId?: string }).importId === jobId,
  );
const jobOf = async (jobId: string) =>
  fold(
    jobDecider,
    (await adapters.eventStore.readStream(toJobStreamId(jobId))).map((r) => ({ type: r.type, data: r.data }) as JobEvent),
  );
const worker = (kind: JobKind = recordsImportKind) => createJobWorker({ ...adapters, kinds: createJobKindRegistry([kind]), pollMs: 50 });

describe('records-import', () => {
  describe('when a chunk runs again (after a crash before it was recorded)', () => {
    it('writes nothing twice: row n is the same record, created once', async () => {
      const { job, params } = await requestImport(csv());
      const plan = await recordsImportKind.plan(job, params, context());
      expect(plan.items).toEqual([IMPORT_CHUNK_ROWS, IMPORT_CHUNK_ROWS, 7]);
      const first = await recordsImportKind.runChunk(job, params, plan.chunks[1], context(), null);
      const again = await recordsImportKind.runChunk(job, params, plan.chunks[1], context(), null);
      expect(again.items).toBe(IMPORT_CHUNK_ROWS);
      expect(Buffer.from(again.content as Uint8Array).toString()).toBe(Buffer.from(first.content as Uint8Array).toString());
      const created = await recordsCreated(job.jobId);
      expect(created).toHaveLength(IMPORT_CHUNK_ROWS);
      const ids = created.map((e) => (e.data as { recordId: string }).recordId);
      expect(new Set(ids)).toEqual(
        new Set(Array.from({ length: IMPORT_CHUNK_ROWS }, (_, i) => importedRecordId(job.jobId, IMPORT_CHUNK_ROWS + i + 1))),
      );
      // the values as a Dutch spreadsheet meant them
      const firstOfChunk = IMPORT_CHUNK_ROWS + 1;
      expect(
        created.find((e) => (e.data as { recordId: string }).recordId === importedRecordId(job.jobId, firstOfChunk))?.data,
      ).toMatchObject({ values: { 'c-name': `Row ${firstOfChunk}`, 'c-size': IMPORT_CHUNK_ROWS + 0.5 } });
    });
  });

  describe('when the table is unchanged since the plan (the trusted path)', () => {
    it('writes the events the command pipeline writes: same type, data and metadata, in row order', async () => {
      const trusted = await requestImport(csv(5));
      const full = await requestImport(csv(5));
      const trustedPlan = await recordsImportKind.plan(trusted.job, trusted.params, context());
      const fullPlan = await recordsImportKind.plan(full.job, full.params, context());
      await recordsImportKind.runChunk(trusted.job, trusted.params, trustedPlan.chunks[0], context(), null);
      // a chunk of a plan that kept no definition takes the full path (the decider, the pipeline)
      const { definition: _, ...withoutDefinition } = fullPlan.chunks[0] as { definition: string };
      await recordsImportKind.runChunk(full.job, full.params, withoutDefinition, context(), null);
      const strip = (events: Awaited<ReturnType<typeof recordsCreated>>, jobId: string) =>
        events.map((e) => ({
          type: e.type,
          revision: e.revision,
          data: JSON.stringify(e.data)
            .replaceAll(jobId, 'JOB')
            .replace(/"recordId":"[^"]+"/, ''),
          metadata: JSON.stringify(e.metadata)
            .replaceAll(jobId, 'JOB')
            .replace(/"occurredAt":"[^"]+"/, ''),
        }));
      const written = await recordsCreated(trusted.job.jobId);
      expect(strip(written, trusted.job.jobId)).toEqual(strip(await recordsCreated(full.job.jobId), full.job.jobId));
      expect(written.map((e) => (e.data as { recordId: string }).recordId)).toEqual(
        [1, 2, 3, 4, 5].map((row) => importedRecordId(trusted.job.jobId, row)),
      );
    });

    it('takes the full path when the columns changed since the plan, so a value the table now refuses is not written', async () => {
      const { job, params } = await requestImport(csv(5));
      const plan = await recordsImportKind.plan(job, params, context());
      // Size became a whole-number column after the rows were checked: 0.5, 1.5, ... no longer fit
      await adapters.documentStore
        .collection<Doc>(TABLES_COLLECTION)
        .updateOne({ _id: TABLE }, { $set: { columns: [columns[0], { ...columns[1], type: 'integer' }] } });
      await expect(recordsImportKind.runChunk(job, params, plan.chunks[0], context(), null)).rejects.toMatchObject({ status: 422 });
      expect(await recordsCreated(job.jobId)).toEqual([]);
    });

    it('checks a `table` cell again: a linked record deleted since the plan makes the chunk refuse, writing nothing', async () => {
      const linked = { columnId: 'c-room', name: 'Room', type: 'table' as const, options: { table: 'table-2' }, position: 2 };
      await adapters.documentStore
        .collection<Doc>(TABLES_COLLECTION)
        .updateOne({ _id: TABLE }, { $set: { columns: [...columns, linked] } });
      const rooms = adapters.documentStore.collection<Doc>(tableRecordsCollection('table-2'));
      await rooms.insertMany([{ _id: 'room-1' }, { _id: 'room-2' }]);
      const { job, params } = await requestImport('Name;Size;Room\r\nA;1,5;room-1\r\nB;2,5;room-2\r\n');
      const plan = await recordsImportKind.plan(job, { ...params, mapping: { ...params.mapping, Room: 'c-room' } }, context());
      await rooms.deleteOne({ _id: 'room-2' });
      await expect(
        recordsImportKind.runChunk(job, { ...params, mapping: { ...params.mapping, Room: 'c-room' } }, plan.chunks[0], context(), null),
      ).rejects.toMatchObject({ status: 422 });
      expect(await recordsCreated(job.jobId)).toEqual([]);
      // with the record there, the same chunk writes both rows
      await rooms.insertMany([{ _id: 'room-2' }]);
      await recordsImportKind.runChunk(job, params, plan.chunks[0], context(), null);
      expect((await recordsCreated(job.jobId)).map((e) => (e.data as { values: Record<string, unknown> }).values['c-room'])).toEqual([
        'room-1',
        'room-2',
      ]);
    });

    it('stores each checked row with its record id and its RecordCreated data, which the chunk appends as stored', async () => {
      const { job, params } = await requestImport(csv(3));
      const plan = await recordsImportKind.plan(job, params, context());
      const stored = await adapters.blobStore.get(importBlobIds.rows(job.jobId, 0));
      const lines = (await new Response(stored!.stream as unknown as ReadableStream).text()).trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      const [row, recordId, ...json] = lines[1]!.split(' ');
      expect([row, recordId]).toEqual(['2', importedRecordId(job.jobId, 2)]);
      await recordsImportKind.runChunk(job, params, plan.chunks[0], context(), null);
      const created = await recordsCreated(job.jobId);
      expect(created[1]?.data).toEqual(JSON.parse(json.join(' ')));
      expect(created[1]?.data).toEqual({
        recordId,
        tableId: TABLE,
        projectId: PROJECT,
        values: { 'c-name': 'Row 2', 'c-size': 1.5 },
        importId: job.jobId,
      });
    });

    it('runs a chunk of a plan made before the prepared rows (its rows stored as [row, values])', async () => {
      const { job, params } = await requestImport(csv(3));
      const plan = await recordsImportKind.plan(job, params, context());
      const { prepared: _, ...legacy } = plan.chunks[0] as { prepared: boolean };
      const rows = [1, 2, 3].map((n) => `${JSON.stringify([n, { 'c-name': `Row ${n}`, 'c-size': n - 0.5 }])}\n`).join('');
      await adapters.blobStore.delete(importBlobIds.rows(job.jobId, 0));
      await adapters.blobStore.put(Buffer.from(rows), { id: importBlobIds.rows(job.jobId, 0), contentType: 'application/x-ndjson' });
      await recordsImportKind.runChunk(job, params, legacy, context(), null);
      expect((await recordsCreated(job.jobId)).map((e) => e.data)).toEqual(
        [1, 2, 3].map((n) => ({
          recordId: legacyImportedRecordId(job.jobId, n),
          tableId: TABLE,
          projectId: PROJECT,
          values: { 'c-name': `Row ${n}`, 'c-size': n - 0.5 },
          importId: job.jobId,
        })),
      );
    });

    it('names the rows of one import with uuids in row order, the same on every run, apart from those of another import', () => {
      const jobId = randomUUID();
      const idOf = importedRecordIds(jobId);
      const rows = [1, 2, 9, 10, 15, 16, 255, 256, 1999, 100_000, 2 ** 48 - 1, 2 ** 48, 2 ** 53 - 1];
      const ids = rows.map(idOf);
      for (const id of ids) expect(z.uuid().safeParse(id).success, id).toBe(true);
      expect([...ids].sort()).toEqual(ids);
      expect(new Set(ids).size).toBe(rows.length);
      expect(rows.map((row) => importedRecordId(jobId, row))).toEqual(ids);
      expect(ids[0]!.slice(0, 19)).toBe(ids.at(-1)!.slice(0, 19));
      expect(importedRecordId(randomUUID(), 1).slice(0, 19)).not.toBe(ids[0]!.slice(0, 19));
      // a name-based (v5) or random (v4) id is never one of them
      expect(ids[0]![14]).toBe('8');
      expect(legacyImportedRecordId(jobId, 1)[14]).toBe('5');
    });

    it('creates the rows of a prepared plan under their stored ids on the full path (the table changed since the plan)', async () => {
      const { job, params } = await requestImport(csv(3));
      const plan = await recordsImportKind.plan(job, params, context());
      // a column renamed after the rows were checked: the values still fit, the chunk goes through the pipeline
      await adapters.documentStore
        .collection<Doc>(TABLES_COLLECTION)
        .updateOne({ _id: TABLE }, { $set: { columns: [{ ...columns[0], name: 'Title' }, columns[1]] } });
      await recordsImportKind.runChunk(job, params, plan.chunks[0], context(), null);
      expect((await recordsCreated(job.jobId)).map((e) => (e.data as { recordId: string }).recordId).sort()).toEqual(
        [1, 2, 3].map((row) => importedRecordId(job.jobId, row)),
      );
    });
  });

  describe('when the worker runs it', () => {
    it.each([
      [2, 2],
      [2, 1],
      [1, 0],
    ] as const)(
      'creates every row once, finishes with the rows and records in its file, and removes the upload (%i plan threads, %i checkers)',
      async (threads, checkers) => {
        csvThreadHooks.threads = threads;
        csvThreadHooks.checkers = checkers;
        const { job } = await requestImport(csv());
        await worker().runJob(job.jobId);
        const done = await jobOf(job.jobId);
        expect(done.status).toBe('finished');
        expect(done.progress).toEqual({ done: ROWS, total: ROWS });
        expect(await recordsCreated(job.jobId)).toHaveLength(ROWS);
        expect(await adapters.blobStore.stat(importBlobIds.upload(job.jobId))).toBeNull();
        expect(await adapters.blobStore.stat(importBlobIds.rows(job.jobId, 0))).toBeNull();
      },
    );

    // the refused cell in batch 2 (the first checker's) or batch 1 (the second's)
    it.each([ROWS - 1, IMPORT_CHUNK_ROWS + 5])(
      'fails a file with a refused cell (row %i) before writing anything, with the message that sends the owner to /records/verify',
      async (bad) => {
        const { job } = await requestImport(csv(ROWS, bad));
        await worker().runJob(job.jobId);
        const failed = await jobOf(job.jobId);
        expect(failed).toMatchObject({ status: 'failed', reason: tableMessages.importInvalid });
        expect(await recordsCreated(job.jobId)).toEqual([]);
        expect(await adapters.blobStore.stat(importBlobIds.upload(job.jobId))).toBeNull();
        for (const index of [0, 1, 2]) expect(await adapters.blobStore.stat(importBlobIds.rows(job.jobId, index))).toBeNull();
      },
    );

    it.each([
      ['the checker', 1, 1],
      ['the parser', 1, 0],
      ['the second checker', 2, 2],
      ['the first checker', 2, 1],
      ['the parser', 2, 0],
      ['the one', 0, 0],
    ] as const)(
      'fails the job cleanly when %s thread of the plan dies (%i checkers): nothing written, nothing kept',
      async (_which, checkers, victim) => {
        csvThreadHooks.threads = checkers === 0 ? 1 : 2;
        csvThreadHooks.checkers = checkers;
        const threads = checkers + 1;
        // ~3.5 MB: the blob's stream gives it in many pieces, so a thread dies with most of the file still to do
        const { job } = await requestImport(csv(ROWS * 4, undefined, ' '.repeat(200)));
        const started: Worker[] = [];
        // once the last thread started (the parser, then the checkers in order) answered its first batch, the victim ends
        csvThreadHooks.started = (thread) => {
          started.push(thread);
          if (started.length !== threads) return;
          thread.on('message', (message: { prepared?: unknown }) => {
            if (message.prepared) void started[victim]!.terminate();
          });
        };
        await worker().runJob(job.jobId);
        expect(started).toHaveLength(threads);
        expect(await jobOf(job.jobId)).toMatchObject({ status: 'failed', reason: jobMessages.failed });
        expect(await recordsCreated(job.jobId)).toEqual([]);
        expect(await adapters.blobStore.stat(importBlobIds.upload(job.jobId))).toBeNull();
        for (const index of [0, 1, 2]) expect(await adapters.blobStore.stat(importBlobIds.rows(job.jobId, index))).toBeNull();
      },
    );

    it('looks the linked cells up in the read model for each checker thread (the bad row in a batch of the second): a `table` cell naming no record fails the job, writing nothing', async () => {
      const linked = { columnId: 'c-room', name: 'Room', type: 'table' as const, options: { table: 'table-2' }, position: 2 };
      await adapters.documentStore
        .collection<Doc>(TABLES_COLLECTION)
        .updateOne({ _id: TABLE }, { $set: { columns: [...columns, linked] } });
      await adapters.documentStore.collection<Doc>(tableRecordsCollection('table-2')).insertMany([{ _id: 'room-1' }]);
      const rows = (missing: number) =>
        `Name;Size;Room\r\n${Array.from({ length: ROWS }, (_, i) => `R${i};1,5;${i === missing ? 'room-9' : 'room-1'}`).join('\r\n')}`;
      const good = await requestImport(rows(-1));
      const bad = await requestImport(rows(IMPORT_CHUNK_ROWS + 3));
      const mapping = { ...good.params.mapping, Room: 'c-room' };
      const plan = await recordsImportKind.plan(good.job, { ...good.params, mapping }, context());
      expect(plan.items).toEqual([IMPORT_CHUNK_ROWS, IMPORT_CHUNK_ROWS, 7]);
      await expect(recordsImportKind.plan(bad.job, { ...bad.params, mapping }, context())).rejects.toMatchObject({
        message: tableMessages.importInvalid,
      });
      expect(await adapters.blobStore.stat(importBlobIds.rows(bad.job.jobId, 0))).toBeNull();
    });

    it('fails the job when a batch of checked rows cannot be stored (stored while the next is checked), writing nothing', async () => {
      const { job } = await requestImport(csv());
      const failing = {
        ...adapters.blobStore,
        put: (async (content, options) => {
          if (options.id === importBlobIds.rows(job.jobId, 1)) throw new Error('disk full');
          return adapters.blobStore.put(content, options);
        }) as typeof adapters.blobStore.put,
      };
      await createJobWorker({ ...adapters, blobStore: failing, kinds: createJobKindRegistry([recordsImportKind]), pollMs: 50 }).runJob(
        job.jobId,
      );
      expect((await jobOf(job.jobId)).status).toBe('failed');
      expect(await recordsCreated(job.jobId)).toEqual([]);
      expect(await adapters.blobStore.stat(importBlobIds.rows(job.jobId, 0))).toBeNull();
    });
  });

  describe('when canceled while a chunk is at work', () => {
    it('stops after that chunk: its rows stay, the later chunks never run', async () => {
      const { job } = await requestImport(csv());
      const cancelDuringFirst: JobKind = {
        ...recordsImportKind,
        async runChunk(j, p, chunk, c, previous) {
          await pipeline()({
            decider: jobDecider,
            schemas: jobSchemas,
            streamId: toJobStreamId(j.jobId),
            command: { type: 'CancelJob', data: {}, metadata: { actor, now: new Date().toISOString() } },
            context: { actor, correlationId: 'test', causationId: 'test' },
          });
          return recordsImportKind.runChunk(j, p, chunk, c, previous);
        },
      };
      await worker(cancelDuringFirst).runJob(job.jobId);
      const canceled = await jobOf(job.jobId);
      expect(canceled.status).toBe('canceled');
      // the chunk at work finished its rows; the job recorded no more
      expect(canceled.completedChunks).toEqual([]);
      expect(await recordsCreated(job.jobId)).toHaveLength(IMPORT_CHUNK_ROWS);
      // what the import stored for its chunks is gone
      expect(await adapters.blobStore.stat(importBlobIds.upload(job.jobId))).toBeNull();
      for (const index of [0, 1, 2]) expect(await adapters.blobStore.stat(importBlobIds.rows(job.jobId, index))).toBeNull();
    });
  });
});
