import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evolveRecord,
  evolveTable,
  initialRecordState,
  initialTableState,
  type EventEnvelope,
  type RecordEvent,
  type RecordState,
  type TableEvent,
} from '@stramien/domain';
import { createEmbeddedDocumentStore, createSqliteEventStore, type DocumentStore, type EmbeddedDocumentStore } from '@stramien/infra';
import { applyBatch, createProjectionRunner } from '../runner/projectionRunner';
import { allProjections } from '../registry';
import {
  encodeValues,
  OPEN,
  TABLE_COLUMN_VERSIONS_COLLECTION,
  TABLE_REVISIONS_COLLECTION,
  TABLES_COLLECTION,
  tableRecordsCollection,
  tableVersionsCollection,
  versionIdAt,
  type TableDoc,
  type VersionDoc,
} from './tableDocs';
import {
  changesBetween,
  columnsAt,
  columnVersions,
  currentRecords,
  diffPositions,
  ensureRecordIndex,
  positionAt,
  recordHistory,
  recordsAsOf,
  tableRevisions,
  validAt,
} from './tableReads';
import { tablesProjection } from './tables';
import { column, createTableLog, type TableLog, type Values } from './tablesTesting';
import { turnsWhile } from '../testing/projectionHarness';

let dir: string;
let store: EmbeddedDocumentStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tables-projection-'));
  store = createEmbeddedDocumentStore({ file: join(dir, 'docs.sqlite') });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const apply = (events: EventEnvelope[], target: DocumentStore = store, slice?: number) =>
  applyBatch(tablesProjection, target.collection(TABLES_COLLECTION), events, target, slice === undefined ? undefined : { slice });
const tableDoc = (tableId: string, target: DocumentStore = store) =>
  target.collection<TableDoc>(TABLES_COLLECTION).findOne({ _id: tableId });
const all = { filter: {}, limit: 10_000, countCap: 10_000 };
const values = async (tableId: string, position?: number) => {
  const answer =
    position === undefined
      ? await currentRecords(store, (await tableDoc(tableId))!, all)
      : await recordsAsOf(store, tableId, position, all);
  return Object.fromEntries(answer.rows.map((r) => [r.id, r.v]));
};

/** a table with a text, a boolean and an integer column */
const newTable = (log: TableLog, tableId = randomUUID()) => {
  log.table({ type: 'TableCreated', data: { tableId, projectId: 'p1', name: 'Rooms' } });
  log.table({ type: 'ColumnAdded', data: { tableId, projectId: 'p1', column: column('name', 'text', 0) } });
  log.table({ type: 'ColumnAdded', data: { tableId, projectId: 'p1', column: column('done', 'boolean', 1) } });
  log.table({ type: 'ColumnAdded', data: { tableId, projectId: 'p1', column: column('size', 'integer', 2) } });
  return tableId;
};
const created = (tableId: string, recordId: string, v: Values): RecordEvent => ({
  type: 'RecordCreated',
  data: { recordId, tableId, projectId: 'p1', values: v },
});
const updated = (tableId: string, recordId: string, changes: Record<string, [unknown, unknown]>): RecordEvent => ({
  type: 'RecordUpdated',
  data: {
    recordId,
    tableId,
    projectId: 'p1',
    changes: Object.fromEntries(Object.entries(changes).map(([c, [from, to]]) => [c, { from, to }])) as never,
  },
});
const deleted = (tableId: string, recordId: string): RecordEvent => ({
  type: 'RecordDeleted',
  data: { recordId, tableId, projectId: 'p1' },
});

describe('the tables read model', () => {
  it('keeps the definition, the exact record count and the current values (booleans stored as 1 and 0)', async () => {
    const log = createTableLog();
    const t = newTable(log);
    log.record(created(t, 'a', { name: 'Hall', done: true, size: 12 }));
    log.record(created(t, 'b', { name: 'Kitchen', done: false, size: null }));
    log.record(created(t, 'c', { name: 'Attic' }));
    log.record(updated(t, 'a', { size: [12, 14] }), 'u2');
    log.record(deleted(t, 'c'));
    log.table({ type: 'TableRenamed', data: { tableId: t, projectId: 'p1', name: 'CFFA_DHME_Rooms', previousName: 'Rooms' } });
    await apply(log.events);

    const doc = await tableDoc(t);
    expect(doc).toMatchObject({ name: 'CFFA_DHME_Rooms', module: true, recordCount: 2, deleted: false, _position: log.head() });
    expect(doc!.columns.map((c) => c.columnId)).toEqual(['name', 'done', 'size']);
    expect(await values(t)).toEqual({ a: { name: 'Hall', done: 1, size: 14 }, b: { name: 'Kitchen', done: 0, size: null } });
    const a = await store.collection(tableRecordsCollection(t)).findOne({ _id: 'a' });
    expect(a).toMatchObject({ createdBy: 'u1', updatedBy: 'u2', _seq: log.events[4]!.position });
  });

  it('answers the table as of any position, with the columns it had then', async () => {
    const log = createTableLog({ gap: 3 });
    const t = newTable(log);
    log.record(created(t, 'a', { name: 'Hall' }));
    const first = log.head();
    log.record(updated(t, 'a', { name: ['Hall', 'Lobby'] }));
    log.table({
      type: 'ColumnUpdated',
      data: { tableId: t, projectId: 'p1', columnId: 'name', changes: { name: { from: 'name', to: 'Room' } } },
    });
    log.table({ type: 'ColumnDeleted', data: { tableId: t, projectId: 'p1', columnId: 'size', removedRelationIds: [] } });
    log.record(created(t, 'b', { name: 'Shed' }));
    log.record(deleted(t, 'a'));
    await apply(log.events);

    expect(await values(t, first)).toEqual({ a: { name: 'Hall' } });
    expect(await values(t, first + 1)).toEqual({ a: { name: 'Hall' } });
    expect(await values(t, log.events[5]!.position)).toEqual({ a: { name: 'Lobby' } });
    expect(await values(t, OPEN - 1)).toEqual({ b: { name: 'Shed' } });
    expect(await values(t, 0)).toEqual({});
    // the page walks `_seq` and stops at its end: no sort of every version valid then
    const plan = await store.explainFind(tableVersionsCollection(t), validAt(first), { sort: { _seq: 1 }, limit: 100 });
    expect(plan.join('\n')).toMatch(/USING INDEX/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    const versions = await columnVersions(store, t);
    expect(columnsAt(versions, first).map((c) => [c.columnId, c.name])).toEqual([
      ['name', 'name'],
      ['done', 'done'],
      ['size', 'size'],
    ]);
    expect(columnsAt(versions, log.head()).map((c) => [c.columnId, c.name])).toEqual([
      ['name', 'Room'],
      ['done', 'done'],
    ]);
    // a moment in time stands for the last event at or before it
    expect(await positionAt(store, t, log.events[5]!.metadata.occurredAt, versions)).toBe(log.events[5]!.position);
    expect(await positionAt(store, t, '2025-01-01T00:00:00.000Z', versions)).toBe(0);
  });

  it("lists a record's history and the changes between two moments, each with who and when", async () => {
    const log = createTableLog();
    const t = newTable(log);
    log.record(created(t, 'a', { name: 'Hall', done: false }));
    log.record(updated(t, 'a', { done: [false, true] }), 'u2');
    log.record(deleted(t, 'a'), 'u3');
    await apply(log.events);

    const history = await recordHistory(store, t, 'a');
    expect(history.map((h) => [h.op, h.by, h.cells])).toEqual([
      [
        'RecordCreated',
        'u1',
        [
          { columnId: 'name', from: null, to: 'Hall' },
          { columnId: 'done', from: null, to: 0 },
        ],
      ],
      ['RecordUpdated', 'u2', [{ columnId: 'done', from: 0, to: 1 }]],
      [
        'RecordDeleted',
        'u3',
        [
          { columnId: 'name', from: 'Hall', to: null },
          { columnId: 'done', from: 1, to: null },
        ],
      ],
    ]);
    const span = await changesBetween(store, t, log.events[4]!.metadata.occurredAt, log.events[6]!.metadata.occurredAt, 100);
    expect(span.changes.map((c) => [c.op, c.at])).toEqual([
      ['RecordUpdated', log.events[5]!.metadata.occurredAt],
      ['RecordDeleted', log.events[6]!.metadata.occurredAt],
    ]);
  });

  it('compares two positions: added, removed and changed records with the changed cells', async () => {
    const log = createTableLog();
    const t = newTable(log);
    log.record(created(t, 'kept', { name: 'x' }));
    log.record(created(t, 'gone', { name: 'y' }));
    log.record(created(t, 'same', { name: 'z' }));
    const before = log.head();
    log.record(updated(t, 'kept', { name: ['x', 'x2'] }));
    log.record(deleted(t, 'gone'));
    log.record(created(t, 'new', { name: 'n' }));
    log.record(updated(t, 'same', { name: ['z', 'z2'] }));
    log.record(updated(t, 'same', { name: ['z2', 'z'] }));
    await apply(log.events);

    const diff = await diffPositions(store, t, before, OPEN - 1, 100);
    expect(diff.added.map((r) => r.id)).toEqual(['new']);
    expect(diff.removed.map((r) => r.id)).toEqual(['gone']);
    expect(diff.changed.map((c) => [c.row.id, c.cells])).toEqual([['kept', [{ columnId: 'name', from: 'x', to: 'x2' }]]]);
    const back = await diffPositions(store, t, OPEN - 1, before, 100);
    expect([back.added.map((r) => r.id), back.removed.map((r) => r.id)]).toEqual([['gone'], ['new']]);
  });

  it("stores revisions newest first and drops a deleted table's collections, column versions and revisions", async () => {
    const log = createTableLog();
    const t = newTable(log);
    log.record(created(t, 'a', { name: 'Hall' }));
    log.table({ type: 'RevisionStored', data: { tableId: t, projectId: 'p1', revisionId: 'r1', reason: 'first', position: log.head() } });
    log.table({ type: 'RevisionStored', data: { tableId: t, projectId: 'p1', revisionId: 'r2', reason: 'second', position: log.head() } });
    await apply(log.events);
    expect((await tableRevisions(store, t)).map((r) => r.reason)).toEqual(['second', 'first']);
    const table = (await tableDoc(t))!;
    expect(await ensureRecordIndex(store, table, ['name'], 'size')).toBe(true);
    expect(await ensureRecordIndex(store, table, ['name'], 'size')).toBe(false);
    expect((await tableDoc(t))!.indexes).toEqual(['v.name+v.size+_seq']);

    log.table({ type: 'TableDeleted', data: { tableId: t, projectId: 'p1' } });
    await apply(log.events.slice(-1));
    const collections = await store.listCollections();
    expect(collections).not.toContain(tableRecordsCollection(t));
    expect(collections).not.toContain(tableVersionsCollection(t));
    expect(await store.collection(TABLE_COLUMN_VERSIONS_COLLECTION).count({ tableId: t })).toBe(0);
    expect(await store.collection(TABLE_REVISIONS_COLLECTION).count({ tableId: t })).toBe(0);
    expect(await tableDoc(t)).toMatchObject({ deleted: true, indexes: ['v.name+v.size+_seq'] });
  });

  it('is idempotent: events handled again, or replayed after a crash that lost the table document, change nothing', async () => {
    const scratch = createEmbeddedDocumentStore({ file: ':memory:' });
    const log = createTableLog();
    const t = newTable(log);
    log.record(created(t, 'a', { name: 'Hall', size: 1 }));
    log.record(created(t, 'b', { name: 'Shed' }));
    const mid = log.events.length;
    log.record(updated(t, 'a', { size: [1, 2] }));
    log.record(deleted(t, 'b'));
    log.record(updated(t, 'a', { size: [2, 3] }));
    log.table({
      type: 'ColumnUpdated',
      data: { tableId: t, projectId: 'p1', columnId: 'size', changes: { name: { from: 'size', to: 'm2' } } },
    });
    const dump = async () =>
      Object.fromEntries(
        await Promise.all(
          [TABLES_COLLECTION, TABLE_COLUMN_VERSIONS_COLLECTION, tableRecordsCollection(t), tableVersionsCollection(t)].map(
            async (name) => [name, await scratch.collection(name).find({}, { sort: { _id: 1 } })] as const,
          ),
        ),
      );
    await apply(log.events, scratch);
    const once = await dump();
    await apply(log.events, scratch);
    expect(await dump()).toEqual(once);
    // the table document written last was lost: its old state comes back and the tail is handled again
    const before = createEmbeddedDocumentStore({ file: ':memory:' });
    await apply(log.events.slice(0, mid), before);
    const old = (await tableDoc(t, before))!;
    await scratch.collection(TABLES_COLLECTION).replaceOne({ _id: t }, old);
    await apply(log.events.slice(mid), scratch);
    expect(await dump()).toEqual(once);
    await before.close();
    await scratch.close();
  });

  it('writes a batch in slices with turns of the event loop between them, ending as the batch written at once', async () => {
    const log = createTableLog();
    const t = newTable(log);
    for (let i = 0; i < 60; i++) log.record(created(t, `r${i}`, { name: `n${i}`, size: i }));
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 60; i++) log.record(updated(t, `r${i}`, { size: [i + round, i + round + 1] }));
    }
    log.record(deleted(t, 'r7'));
    const once = createEmbeddedDocumentStore({ file: ':memory:' });
    const sliced = createEmbeddedDocumentStore({ file: ':memory:' });
    await apply(log.events.slice(0, 4), once);
    await apply(log.events.slice(0, 4), sliced);
    expect(await turnsWhile(apply(log.events.slice(4), once))).toBe(0);
    // 240 versions and 60 records in slices of 20, and the 241 events applied in runs of 200
    expect(await turnsWhile(apply(log.events.slice(4), sliced, 20))).toBeGreaterThanOrEqual(240 / 20 + 60 / 20);
    const dump = async (target: DocumentStore) =>
      Promise.all(
        [TABLES_COLLECTION, tableRecordsCollection(t), tableVersionsCollection(t)].map((name) =>
          target.collection(name).find({}, { sort: { _id: 1 } }),
        ),
      );
    const [tables, records, versions] = await dump(sliced);
    expect([tables, records, versions]).toEqual(await dump(once));
    expect(records).toHaveLength(59);
    expect(versions).toHaveLength(60 * 4);
    await once.close();
    await sliced.close();
  });

  it('names the versions of a new table by the position that opened them, and keeps naming those of an older table by record', async () => {
    const log = createTableLog();
    const fresh = newTable(log);
    const older = newTable(log);
    await apply(log.events.splice(0));
    expect((await tableDoc(fresh))!.versionIds).toBe('position');
    // a table made before versions were named by position: its document has no `versionIds`
    await store.collection<TableDoc>(TABLES_COLLECTION).updateOne({ _id: older }, { $unset: { versionIds: 1 } });
    for (const t of [fresh, older]) {
      log.record(created(t, 'a', { name: 'Hall' }));
      log.record(created(t, 'b', { name: 'Shed' }));
      log.record(updated(t, 'a', { name: ['Hall', 'Aula'] }));
    }
    await apply(log.events.splice(0));
    const names = async (t: string) =>
      (await store.collection<VersionDoc>(tableVersionsCollection(t)).find({}, { sort: { from: 1 } })).map((v) => [
        v._id,
        v.recordId,
        v.from,
      ]);
    const freshVersions = await names(fresh);
    expect(freshVersions.map(([id, , from]) => [id, from])).toEqual(freshVersions.map(([, , from]) => [versionIdAt(from as number), from]));
    // the names sort as the positions do (zero-padded), so a new version goes to the end of the `_id` index
    expect([...freshVersions.map(([id]) => id)].sort()).toEqual(freshVersions.map(([id]) => id));
    expect((await names(older)).map(([id, recordId, from]) => id === `${recordId}:${from}`)).toEqual([true, true, true]);
    // both read the same
    expect(await values(fresh)).toEqual({ a: { name: 'Aula' }, b: { name: 'Shed' } });
    expect(await values(older)).toEqual({ a: { name: 'Aula' }, b: { name: 'Shed' } });
    expect((await recordHistory(store, fresh, 'a')).map((c) => c.op)).toEqual(['RecordCreated', 'RecordUpdated']);
    expect(versionIdAt(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
    expect(versionIdAt(42)).toBe('0000000000000042');
  });

  it('is registered and kept by the projection runner from the event log', async () => {
    const eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
    const documentStore = createEmbeddedDocumentStore({ file: join(dir, 'runner.sqlite') });
    expect(allProjections).toContain(tablesProjection);
    const runner = createProjectionRunner({ eventStore, documentStore, projections: [tablesProjection] });
    await runner.start();
    const log = createTableLog();
    const t = newTable(log);
    log.record(created(t, 'a', { name: 'Hall' }));
    let position = 0;
    for (const e of log.events) {
      ({ position } = await eventStore.append(e.streamId, [{ id: e.id, type: e.type, data: e.data, metadata: e.metadata }], 'any'));
    }
    expect(await runner.waitForPosition(position, 5000)).toBe(true);
    expect(await documentStore.collection(tableRecordsCollection(t)).count()).toBe(1);
    await runner.stop();
    await eventStore.close();
    await documentStore.close();
  });
});

/** The property of issue 8: the table as of every stored revision equals a fold of the log up to its position. */
describe('the table as of a revision (property)', () => {
  type Step =
    | { kind: 'create'; v: Values }
    | { kind: 'update'; pick: number; v: Values }
    | { kind: 'restore'; pick: number; v: Values }
    | { kind: 'delete'; pick: number }
    | { kind: 'recreate'; pick: number; v: Values }
    | { kind: 'revision' }
    | { kind: 'rename'; column: 'name' | 'done' | 'size'; to: string }
    | { kind: 'dropSize' };
  const valuesArb: fc.Arbitrary<Values> = fc.record(
    {
      name: fc.oneof(fc.constant(null), fc.string({ maxLength: 6 })),
      done: fc.option(fc.boolean()),
      size: fc.option(fc.integer({ min: -5, max: 5 })),
    },
    { requiredKeys: [] },
  );
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: valuesArb.map((v) => ({ kind: 'create' as const, v })) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), v: valuesArb }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const), pick: fc.nat(), v: valuesArb }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('recreate' as const), pick: fc.nat(), v: valuesArb }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'revision' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('rename' as const),
        column: fc.constantFrom('name' as const, 'done' as const, 'size' as const),
        to: fc.string({ minLength: 1, maxLength: 5 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'dropSize' as const }) },
  );

  /** Turns steps into the events the deciders would write (only changes of live records, only live columns). */
  const eventsOf = (steps: Step[], gap: number) => {
    const log = createTableLog({ gap });
    const t = newTable(log);
    const records = new Map<string, RecordState>();
    const columnNames: Record<string, string> = { name: 'name', done: 'done', size: 'size' };
    const write = (event: RecordEvent) => {
      log.record(event);
      records.set(event.data.recordId, evolveRecord(records.get(event.data.recordId) ?? initialRecordState(), event));
    };
    const live = () => [...records.values()].filter((r) => r.exists && !r.deleted);
    const dead = () => [...records.values()].filter((r) => r.deleted);
    const keep = (v: Values) => Object.fromEntries(Object.entries(v).filter(([c]) => c in columnNames));
    const changesOf = (r: RecordState, v: Values) =>
      Object.fromEntries(
        Object.entries(keep(v))
          .filter(([c, to]) => (r.values[c] ?? null) !== to)
          .map(([c, to]) => [c, { from: r.values[c] ?? null, to }]),
      );
    let n = 0;
    for (const step of steps) {
      const pickLive = 'pick' in step ? live()[step.pick % Math.max(1, live().length)] : undefined;
      switch (step.kind) {
        case 'create':
          write(created(t, `r${n++}`, keep(step.v)));
          break;
        case 'update':
        case 'restore': {
          if (!pickLive) break;
          const changes = changesOf(pickLive, step.v);
          if (Object.keys(changes).length === 0) break;
          const data = { recordId: pickLive.recordId, tableId: t, projectId: 'p1', changes };
          write(
            step.kind === 'update' ? { type: 'RecordUpdated', data } : { type: 'RecordRestored', data: { ...data, revisionId: 'rev' } },
          );
          break;
        }
        case 'delete':
          if (pickLive) write(deleted(t, pickLive.recordId));
          break;
        case 'recreate': {
          const gone = dead()[step.pick % Math.max(1, dead().length)];
          if (gone)
            write({
              type: 'RecordCreated',
              data: { recordId: gone.recordId, tableId: t, projectId: 'p1', values: keep(step.v), restoredFrom: 'rev' },
            });
          break;
        }
        case 'revision':
          log.table({
            type: 'RevisionStored',
            data: { tableId: t, projectId: 'p1', revisionId: randomUUID(), reason: 'r', position: log.head() },
          });
          break;
        case 'rename':
          if (step.column in columnNames) {
            log.table({
              type: 'ColumnUpdated',
              data: {
                tableId: t,
                projectId: 'p1',
                columnId: step.column,
                changes: { name: { from: columnNames[step.column]!, to: step.to } },
              },
            });
            columnNames[step.column] = step.to;
          }
          break;
        case 'dropSize':
          if ('size' in columnNames) {
            log.table({ type: 'ColumnDeleted', data: { tableId: t, projectId: 'p1', columnId: 'size', removedRelationIds: [] } });
            delete columnNames.size;
          }
          break;
      }
    }
    log.table({
      type: 'RevisionStored',
      data: { tableId: t, projectId: 'p1', revisionId: randomUUID(), reason: 'end', position: log.head() },
    });
    return { t, events: log.events };
  };

  /** the log folded up to `position`: live records' values and the columns, by the domain's own evolve */
  const foldTo = (events: EventEnvelope[], position: number) => {
    const records = new Map<string, RecordState>();
    let table = initialTableState();
    for (const e of events.filter((x) => x.position <= position)) {
      if (e.streamId.startsWith('record-')) {
        const id = (e.data as { recordId: string }).recordId;
        records.set(id, evolveRecord(records.get(id) ?? initialRecordState(), { type: e.type, data: e.data } as RecordEvent));
      } else table = evolveTable(table, { type: e.type, data: e.data } as TableEvent);
    }
    return {
      records: Object.fromEntries(
        [...records.values()].filter((r) => r.exists && !r.deleted).map((r) => [r.recordId, encodeValues(r.values)]),
      ),
      columns: table.columns.map((c) => [c.columnId, c.name]).sort(),
    };
  };

  it('holds for random sequences of record commands, applied in random batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        async (steps, gap, cuts, slice) => {
          const { t, events } = eventsOf(steps, gap);
          // the log in batches of random sizes, as the runner would hand it over, written at once or in slices
          for (let i = 0, c = 0; i < events.length; c++) {
            const size = cuts[c % cuts.length]!;
            await apply(events.slice(i, i + size), store, slice);
            i += size;
          }
          const versions = await columnVersions(store, t);
          for (const revision of await tableRevisions(store, t)) {
            const expected = foldTo(events, revision.position);
            expect(await values(t, revision.position)).toEqual(expected.records);
            expect((await recordsAsOf(store, t, revision.position, all)).count).toBe(Object.keys(expected.records).length);
            expect(
              columnsAt(versions, revision.position)
                .map((c) => [c.columnId, c.name])
                .sort(),
            ).toEqual(expected.columns);
          }
          // and now: the current records equal the whole fold
          expect(await values(t)).toEqual(foldTo(events, OPEN).records);
          expect((await tableDoc(t))!.recordCount).toBe(Object.keys(foldTo(events, OPEN).records).length);
        },
      ),
      { numRuns: 60 },
    );
  });
});
