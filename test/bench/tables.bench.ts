import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { identityRoutes, projectRoutes, tableRoutes } from '@stramien/api';
import { toRecordStreamId, type ColumnType } from '@stramien/domain';
import { DEMO, startTestServer } from '@stramien/commands/testing/testServer';
import {
  OPEN,
  OPEN_AT,
  TABLES_COLLECTION,
  tableRecordsCollection,
  tableVersionsCollection,
  type RecordDoc,
  type StoredValues,
  type TableDoc,
  type VersionDoc,
} from '@stramien/projections/tables/tableDocs';
import { ensureRecordIndex } from '@stramien/projections/tables/tableReads';
import { atMost, elapsedMs, info, percentile, round, type BenchFigure } from './figures';
import { createHttpClient, createLoadGenerator } from './http';
import { startCpuProfile } from './cpuProfile';

export interface TablesBenchOptions {
  /** records of the table; default 1,000,000 */
  records?: number;
  /** records changed between the two moments of the diff; default 1,000 */
  changed?: number;
  /** samples per query figure; default 100 */
  samples?: number;
  /** concurrent clients of the record-edit run; default 50 */
  clients?: number;
  /** measured time of the record-edit run; default 10 s */
  durationMs?: number;
  log?: (line: string) => void;
}

/** 20 columns: 8 text, 4 integers, 3 floats, 2 dates, 2 booleans, 1 dropdown */
const COLUMN_TYPES: ColumnType[] = [
  ...Array<ColumnType>(8).fill('text'),
  ...Array<ColumnType>(4).fill('integer'),
  ...Array<ColumnType>(3).fill('float'),
  ...Array<ColumnType>(2).fill('date'),
  ...Array<ColumnType>(2).fill('boolean'),
  'dropdown',
];
const STATUSES = ['open', 'planned', 'built', 'checked', 'delivered'];

/**
 * The tables read side on one table of `records` records x 20 columns (issue 8 "Measured"). The project, the table and
 * its columns are made through the API; the records are inserted straight into the read model (`table_records_<id>`
 * and one version each in `table_versions_<id>`, as the projection writes them), in bulk: a million creations
 * through the command pipeline would measure the seeding, not the reads. The changed records are then real
 * RecordUpdated events in the log, applied by the projection; the two revisions are stored through the API.
 * Every figure is a real HTTP call. `BENCH_PROFILE_DIR` writes the record edits' CPU profile there.
 */
export async function benchTables(options: TablesBenchOptions = {}): Promise<BenchFigure[]> {
  const total = options.records ?? 1_000_000;
  const changedCount = Math.min(options.changed ?? 1_000, total);
  const samples = options.samples ?? 100;
  const clients = options.clients ?? 50;
  const durationMs = options.durationMs ?? 10_000;
  const log = options.log ?? (() => {});
  // reads wait (X-Min-Position) until the projection has the changed records, however long that takes here
  const server = await startTestServer({ STRAMIEN_MIN_POSITION_WAIT_MS: '30000' });
  const http = createHttpClient(server.url, 4);
  const editLoad = createLoadGenerator(server.url);
  try {
    const token = await server.signIn(DEMO.admin);
    const admin = server.api(token);
    const headers = { authorization: `Bearer ${token}` };
    const me = await admin.call(identityRoutes.currentUser);
    const licenceId = me.licenses[0]!.id;
    const project = await admin.call(projectRoutes.create, {
      body: { license: licenceId, name: 'Bench tables', number: `T-${randomUUID().slice(0, 6)}`, roles: [] },
    });
    const projectId = project.data.id;
    const table = await admin.call(tableRoutes.createTable, { body: { project: projectId, name: 'Elements' } });
    const tableId = table.data.id;
    const columns: { id: string; type: ColumnType }[] = [];
    for (const [i, type] of COLUMN_TYPES.entries()) {
      const created = await admin.call(tableRoutes.createColumn, {
        body: {
          table: tableId,
          name: `${type} ${i + 1}`,
          type,
          position: i,
          ...(type === 'dropdown' ? { options_value: { options: STATUSES } } : {}),
        },
      });
      columns.push({ id: created.data.id, type });
    }
    const store = server.adapters.documentStore;
    const waitForTable = async () => {
      for (let i = 0; i < 500; i++) {
        const doc = await store.collection<TableDoc>(TABLES_COLLECTION).findOne({ _id: tableId });
        if (doc && doc.columns.length === columns.length) return doc;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('the tables read model did not catch up');
    };
    const doc = await waitForTable();

    log(`tables: seeding ${total} records x ${columns.length} columns into the read model`);
    const seededAt = new Date(Date.now() - 3_600_000).toISOString();
    const from = doc._position;
    const valueOf = (type: ColumnType, n: number, c: number): string | number | null => {
      switch (type) {
        case 'text':
          return c === 0 ? `E-${String(n).padStart(7, '0')}` : `${STATUSES[(n + c) % 5]} element ${n % 997}`;
        case 'integer':
          return (n * (c + 7)) % 10_000;
        case 'float':
          return ((n * 31 + c) % 100_000) / 100;
        case 'date':
          return new Date(Date.UTC(2026, 0, 1) + ((n + c) % 700) * 86_400_000).toISOString().slice(0, 10);
        case 'boolean':
          return (n + c) % 2;
        default:
          return STATUSES[n % 5]!;
      }
    };
    const records = store.collection<RecordDoc>(tableRecordsCollection(tableId));
    const versions = store.collection<VersionDoc>(tableVersionsCollection(tableId));
    const ids: string[] = [];
    const seedStarted = process.hrtime.bigint();
    let recordBatch: RecordDoc[] = [];
    let versionBatch: VersionDoc[] = [];
    for (let n = 0; n < total; n++) {
      const id = randomUUID();
      ids.push(id);
      const v: StoredValues = Object.fromEntries(columns.map((c, i) => [c.id, valueOf(c.type, n, i)]));
      // creation order below every log position, as `_seq` is the position of a record's creation
      recordBatch.push({ _id: id, _seq: n - total, v, createdAt: seededAt, createdBy: me.id, updatedAt: seededAt, updatedBy: me.id });
      versionBatch.push({
        _id: `${id}:${from}`,
        recordId: id,
        _seq: n - total,
        v,
        from,
        to: OPEN,
        validFrom: from,
        validTo: OPEN,
        fromAt: seededAt,
        toAt: OPEN_AT,
        by: me.id,
        op: 'RecordCreated',
        changes: {},
        revisionId: null,
        createdAt: seededAt,
        createdBy: me.id,
        closedBy: null,
        closedOp: null,
        closedRevisionId: null,
      });
      if (recordBatch.length >= 5_000) {
        await records.insertMany(recordBatch);
        await versions.insertMany(versionBatch);
        recordBatch = [];
        versionBatch = [];
      }
    }
    if (recordBatch.length > 0) {
      await records.insertMany(recordBatch);
      await versions.insertMany(versionBatch);
    }
    await store.collection<TableDoc>(TABLES_COLLECTION).updateOne({ _id: tableId }, { $set: { recordCount: total } });
    const seedSeconds = elapsedMs(seedStarted) / 1000;
    log(`tables: seeded in ${round(seedSeconds, 1)} s`);

    const measure = async (label: string, method: string, path: string, body?: unknown) => {
      const latencies: number[] = [];
      let answer: { data: unknown[]; count?: number; count_capped?: boolean } = { data: [] };
      for (let i = 0; i < samples + 5; i++) {
        const sentAt = process.hrtime.bigint();
        const res = await http.call(method, path, body, headers);
        const ms = elapsedMs(sentAt);
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${res.body.slice(0, 300)}`);
        if (i >= 5) latencies.push(ms);
        answer = JSON.parse(res.body) as typeof answer;
      }
      const p95 = round(percentile(latencies, 95), 2);
      log(`tables: ${label}: ${answer.data.length} rows, count ${answer.count ?? '-'}${answer.count_capped ? '+' : ''}, p95 ${p95} ms`);
      return { p95, p50: round(percentile(latencies, 50), 2), answer };
    };
    const base = `/api/records?project[id]=${projectId}&table[id]=${tableId}`;
    const status = columns[19]!.id;
    const size = columns[8]!.id;

    // the index the filter-and-sort query asks for is built after its first answer; here it is built first and timed
    const indexStarted = process.hrtime.bigint();
    await ensureRecordIndex(store, (await store.collection<TableDoc>(TABLES_COLLECTION).findOne({ _id: tableId }))!, [status], size);
    const indexSeconds = elapsedMs(indexStarted) / 1000;
    log(`tables: index on (status, size) built in ${round(indexSeconds, 1)} s`);
    const first = await measure('first page', 'GET', `${base}&filter[limit]=100`);
    const filtered = await measure(
      'first 100, one filter, one sort',
      'GET',
      `${base}&filter[${status}]=built&sort[column]=${size}&sort[order]=DESC&filter[limit]=100`,
    );
    const count = await measure('capped count (filter matching a fifth)', 'GET', `${base}&filter[${status}]=planned&filter[limit]=1`);

    log(`tables: ${changedCount} records changed by RecordUpdated events, between two revisions`);
    const before = await admin.call(tableRoutes.storeRevision, { body: { table: tableId, project: projectId, reason: 'before' } });
    const pastMoment = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const textColumn = columns[1]!.id;
    for (let i = 0; i < changedCount; i++) {
      const recordId = ids[Math.floor((i * total) / changedCount)]!;
      await server.adapters.eventStore.append(
        toRecordStreamId(recordId),
        [
          {
            id: randomUUID(),
            type: 'RecordUpdated',
            data: { recordId, tableId, projectId, changes: { [textColumn]: { from: 'old', to: `changed ${i}` } } },
            metadata: {
              userId: me.id,
              licenceId,
              projectId,
              correlationId: 'bench',
              causationId: 'bench',
              occurredAt: new Date().toISOString(),
            },
          },
        ],
        'any',
      );
    }
    // the revisions are stored once the projection has the changes (they would share the machine with it otherwise)
    const caughtUp = await http.call('GET', `/api/tables/${tableId}`, undefined, {
      ...headers,
      'x-min-position': String(await server.adapters.eventStore.headPosition()),
    });
    if (caughtUp.status !== 200) throw new Error(`tables: ${caughtUp.status} ${caughtUp.body.slice(0, 300)}`);
    const revisionLatencies: number[] = [];
    let after = before;
    for (let i = 0; i < 20; i++) {
      const sentAt = process.hrtime.bigint();
      after = await admin.call(tableRoutes.storeRevision, { body: { table: tableId, project: projectId, reason: `after ${i}` } });
      revisionLatencies.push(elapsedMs(sentAt));
    }
    await http.call('GET', `/api/tables/${tableId}`, undefined, { ...headers, 'x-min-position': String(after.position) });
    const asOf = await measure(
      'as of a past moment, first 100',
      'GET',
      `${base}&timestamp=${encodeURIComponent(pastMoment)}&filter[limit]=100`,
    );
    const diffSamples = Math.max(5, Math.round(samples / 10));
    const diffLatencies: number[] = [];
    let changedFound = 0;
    for (let i = 0; i < diffSamples; i++) {
      const sentAt = process.hrtime.bigint();
      const res = await http.call(
        'GET',
        `/api/revisions/compare?project[id]=${projectId}&table[id]=${tableId}&from=${before.data.id}&to=${after.data.id}`,
        undefined,
        headers,
      );
      diffLatencies.push(elapsedMs(sentAt));
      if (res.status !== 200) throw new Error(`compare: ${res.status} ${res.body.slice(0, 300)}`);
      changedFound = (JSON.parse(res.body) as { data: { changed: unknown[] } }).data.changed.length;
    }
    log(`tables: compare found ${changedFound} changed records`);

    // one record per client, made through the API (its RecordCreated in the log, as an edit loads the record's stream)
    log(`tables: ${clients} clients editing a record each for ${durationMs} ms`);
    const editIds: string[] = [];
    for (let i = 0; i < clients; i++) {
      const created = await admin.call(tableRoutes.createRecord, {
        body: { project: projectId, table: tableId, values: { [columns[0]!.id]: `EDIT-${i}`, [textColumn]: 'edit 0' } },
      });
      editIds.push(created.data.id);
    }
    // the clients run in a worker_thread, not in the server's event loop (see createLoadGenerator); each alternates
    // two texts, as an edit's text only has to differ from the last one
    const editors = editIds.map((id, i) => ({
      method: 'PUT',
      path: `/api/record/${id}`,
      headers,
      bodies: [{ values: { [textColumn]: `edit ${i}.a` } }, { values: { [textColumn]: `edit ${i}.b` } }],
    }));
    const edit = (ms: number) => editLoad.run(editors, ms);
    await edit(Math.min(2_000, durationMs));
    const profile = process.env.BENCH_PROFILE_DIR ? await startCpuProfile() : null;
    const edits = await edit(durationMs);
    await profile?.stop(join(process.env.BENCH_PROFILE_DIR!, 'tables-edits.cpuprofile'));
    const editFailures = edits.failed;
    if (editFailures > 0)
      log(`tables: non-200 answers to edits ${JSON.stringify(Object.fromEntries(edits.failures))}, first: ${edits.sample}`);
    return [
      info(`tables: records seeded straight into the read model (${total} x ${columns.length} columns)`, round(seedSeconds, 1), 's'),
      info('tables: index on a filter and a sort column built', round(indexSeconds, 1), 's'),
      info(`tables: first page of 100 (creation order, ${total} records): p95`, first.p95, 'ms'),
      atMost(`tables: first 100 records, one filter and one sort (${total} records): p95`, filtered.p95, 'ms', 100),
      atMost(
        `tables: capped count (${count.answer.count}${count.answer.count_capped ? '+' : ''}) with a page of 1: p95`,
        count.p95,
        'ms',
        300,
      ),
      atMost('tables: store a revision (POST /api/revision): p95', round(percentile(revisionLatencies, 95), 2), 'ms', 50),
      atMost(`tables: the table as of a past moment, first 100: p95`, asOf.p95, 'ms', 200),
      atMost(
        `tables: diff of two moments with ${changedFound} changed records (GET /api/revisions/compare): p95`,
        round(percentile(diffLatencies, 95), 2),
        'ms',
        1_000,
      ),
      atMost(
        `tables: one record edit over HTTP (PUT /api/record/:id, ${total} records), ${clients} clients: p95`,
        round(percentile(edits.latencies, 95), 2),
        'ms',
        25,
      ),
      info('tables: record edits p50', round(percentile(edits.latencies, 50), 2), 'ms'),
      info('tables: record edits per second', Math.round(edits.latencies.length / edits.seconds), 'edits/s'),
      atMost('tables: record edits failed answers', editFailures, 'requests', 0),
    ];
  } finally {
    await editLoad.close();
    http.close();
    await server.close();
  }
}
