import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventEnvelope, RecordEvent } from '@stramien/domain';
import { createEmbeddedDocumentStore, type DocumentStore, type EmbeddedDocumentStore } from '@stramien/infra';
import { applyBatch } from '../runner/projectionRunner';
import { OPEN, TABLES_COLLECTION, tableVersionsCollection, type VersionDoc } from './tableDocs';
import { latestVersionsOf } from './latestVersions';
import { tablesProjection } from './tables';
import { column, createTableLog, type TableLog } from './tablesTesting';

let dir: string;
let file: string;
let store: EmbeddedDocumentStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'latest-versions-'));
  file = join(dir, 'docs.sqlite');
  store = createEmbeddedDocumentStore({ file });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const apply = (events: EventEnvelope[], target: DocumentStore = store) =>
  applyBatch(tablesProjection, target.collection(TABLES_COLLECTION), events, target);

const setUp = (log: TableLog) => {
  const tableId = randomUUID();
  log.table({ type: 'TableCreated', data: { tableId, projectId: 'p1', name: 'Rooms' } });
  log.table({ type: 'ColumnAdded', data: { tableId, projectId: 'p1', column: column('name', 'text', 0) } });
  return tableId;
};
const created = (tableId: string, recordId: string, name: string): RecordEvent => ({
  type: 'RecordCreated',
  data: { recordId, tableId, projectId: 'p1', values: { name } },
});
const renamed = (tableId: string, recordId: string, from: string, to: string): RecordEvent => ({
  type: 'RecordUpdated',
  data: { recordId, tableId, projectId: 'p1', changes: { name: { from, to } } },
});

/** the store's reads (`find(collection, filter, options)`), to see which collections a batch read */
const spyOnFind = () => vi.spyOn(store as unknown as { find: (name: string, ...rest: unknown[]) => unknown }, 'find');

/** the versions of a record, oldest first */
const versionsOf = (tableId: string, recordId: string, target: DocumentStore = store) =>
  target.collection<VersionDoc>(tableVersionsCollection(tableId)).find({ recordId }, { sort: { from: 1 } });

/** a record created and edited once, each in a batch of its own (as live edits come) */
const editedOnce = async () => {
  const log = createTableLog();
  const t = setUp(log);
  await apply(log.events.splice(0));
  await apply([log.record(created(t, 'a', 'Hall'))]);
  await apply([log.record(renamed(t, 'a', 'Hall', 'Aula'))]);
  return { log, t };
};

describe("the tables projection's latest versions", () => {
  it('lets a live edit close the version it replaces without reading the versions collection', async () => {
    const { log, t } = await editedOnce();
    const find = spyOnFind();
    await apply([log.record(renamed(t, 'a', 'Aula', 'Foyer'))]);
    expect(find.mock.calls.filter(([name]) => name === tableVersionsCollection(t))).toEqual([]);
    const versions = await versionsOf(t, 'a');
    expect(versions.map((v) => [v.v.name, v.to === OPEN])).toEqual([
      ['Hall', false],
      ['Aula', false],
      ['Foyer', true],
    ]);
    expect(versions[1]!.to).toBe(versions[2]!.from);
  });

  it('also answers for a batch of many records (many clients editing at once)', async () => {
    const log = createTableLog();
    const t = setUp(log);
    const ids = Array.from({ length: 40 }, (_, i) => `r${i}`);
    await apply(log.events.splice(0));
    await apply(ids.map((id) => log.record(created(t, id, 'Hall'))));
    const find = spyOnFind();
    await apply(ids.map((id) => log.record(renamed(t, id, 'Hall', 'Aula'))));
    expect(find.mock.calls.filter(([name]) => name === tableVersionsCollection(t))).toEqual([]);
    for (const id of ids)
      expect((await versionsOf(t, id)).map((v) => [v.v.name, v.to === OPEN])).toEqual([
        ['Hall', false],
        ['Aula', true],
      ]);
  });

  it('hands out copies: a caller changing one does not change what is kept', async () => {
    const { t } = await editedOnce();
    const kept = latestVersionsOf(store);
    const version = kept.get(t, 'a')!;
    version.to = 1;
    expect(kept.get(t, 'a')!.to).toBe(OPEN);
  });

  it('does not answer once the versions collection was written by anything else: the store is read', async () => {
    const { log, t } = await editedOnce();
    const versions = store.collection<VersionDoc>(tableVersionsCollection(t));
    // a version the projection did not write (e.g. a rebuild's): the next edit must close it, not the kept one
    const [, aula] = await versionsOf(t, 'a');
    const other: VersionDoc = { ...aula!, _id: 'a:900', from: 900, validFrom: 900, v: { name: 'Other' } };
    await versions.replaceOne({ _id: aula!._id }, { ...aula!, to: 900, validTo: 900 });
    await versions.insertOne(other);
    expect(latestVersionsOf(store).get(t, 'a')).toBeUndefined();
    const find = spyOnFind();
    await apply([{ ...log.record(renamed(t, 'a', 'Other', 'Foyer')), position: 1_000 }]);
    expect(find.mock.calls.some(([name]) => name === tableVersionsCollection(t))).toBe(true);
    const after = await versionsOf(t, 'a');
    expect(after.map((v) => [v.v.name, v.to])).toEqual([
      ['Hall', aula!.from],
      ['Aula', 900],
      ['Other', 1_000],
      ['Foyer', OPEN],
    ]);
  });

  it('does not answer after a drop of the versions collection (a rebuild starts from nothing)', async () => {
    const { log, t } = await editedOnce();
    await store.collection(tableVersionsCollection(t)).drop();
    await apply([log.record(renamed(t, 'a', 'Aula', 'Foyer'))]);
    // no live version known to the store: the update changes nothing (a kept version would have been closed)
    expect(await versionsOf(t, 'a')).toEqual([]);
  });

  it("does not answer after another connection's commit to the file", async () => {
    const { log, t } = await editedOnce();
    const other = createEmbeddedDocumentStore({ file });
    try {
      const [, aula] = await versionsOf(t, 'a', other);
      await other.collection<VersionDoc>(tableVersionsCollection(t)).replaceOne({ _id: aula!._id }, { ...aula!, v: { name: 'Changed' } });
    } finally {
      await other.close();
    }
    // the event loop moves on, as between two batches
    await new Promise((resolve) => setImmediate(resolve));
    await apply([log.record(renamed(t, 'a', 'Changed', 'Foyer'))]);
    const versions = await versionsOf(t, 'a');
    // the closed version is the one the other connection wrote (a kept copy would have written 'Aula' back)
    expect(versions.map((v) => v.v.name)).toEqual(['Hall', 'Changed', 'Foyer']);
  });

  it('keeps nothing of a write that failed', async () => {
    const { log, t } = await editedOnce();
    const kept = latestVersionsOf(store);
    await expect(
      kept.write(t, async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(kept.get(t, 'a')).toBeUndefined();
    await apply([log.record(renamed(t, 'a', 'Aula', 'Foyer'))]);
    expect((await versionsOf(t, 'a')).map((v) => v.v.name)).toEqual(['Hall', 'Aula', 'Foyer']);
    expect(kept.get(t, 'a')?.v.name).toBe('Foyer');
  });
});
