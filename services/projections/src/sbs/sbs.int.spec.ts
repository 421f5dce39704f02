import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createEmbeddedDocumentStore, createSqliteEventStore, type DocumentStore, type EventStore } from '@stramien/infra';
import { toSbsNodeStreamId, toSbsVersionStreamId, type SbsNodeEvent, type SbsVersionEvent } from '@stramien/domain';
import { applyBatch, createProjectionRunner, toEnvelope, type ProjectionRunner } from '../runner/projectionRunner';
import { sbsProjections } from './index';
import { SBS_NODES_COLLECTION, type SbsNodeDoc } from './sbsNodes';
import { OPEN_POSITION, SBS_HISTORY_COLLECTION, type SbsHistoryDoc } from './sbsHistory';
import { SBS_VERSIONS_COLLECTION, type SbsVersionDoc } from './sbsVersions';
import { SBS_TERMS_COLLECTION, sbsSearchTerms, type SbsTermDoc } from './sbsTerms';

let dir: string;
let eventStore: EventStore;
let documentStore: DocumentStore;
let runner: ProjectionRunner;

const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
let minute = 0;
const append = async (streamId: string, events: (SbsNodeEvent | SbsVersionEvent)[]) => {
  const stream = await eventStore.readStream(streamId);
  const last = stream[stream.length - 1];
  const metadata = { userId: 'u1', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: at(++minute) };
  const { position } = await eventStore.append(
    streamId,
    events.map((e) => ({ id: randomUUID(), ...e, metadata })),
    last ? last.revision : 'no_stream',
  );
  expect(await runner.waitForPosition(position, 5000)).toBe(true);
  return position;
};
const node = (nodeId: string, code: string, parentId: string | null = null) => ({
  nodeId,
  projectId: 'p1',
  versionId: 'p1',
  code,
  label: `L ${code}`,
  parentId,
});
const nodes = () => documentStore.collection<SbsNodeDoc>(SBS_NODES_COLLECTION);
const history = () => documentStore.collection<SbsHistoryDoc>(SBS_HISTORY_COLLECTION);

beforeEach(async () => {
  minute = 0;
  dir = mkdtempSync(join(tmpdir(), 'sbs-'));
  eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  documentStore = createEmbeddedDocumentStore({ file: join(dir, 'docs.sqlite') });
  runner = createProjectionRunner({ eventStore, documentStore, projections: sbsProjections });
  await runner.start();
});
afterEach(async () => {
  await runner.stop();
  await eventStore.close();
  await documentStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SBS read models', () => {
  it('keep the live nodes with the number of their children', async () => {
    await append(toSbsNodeStreamId('a'), [{ type: 'SbsNodeCreated', data: node('a', 'A') }]);
    await append(toSbsNodeStreamId('b'), [{ type: 'SbsNodeCreated', data: node('b', 'B') }]);
    await append(toSbsNodeStreamId('c'), [{ type: 'SbsNodeCreated', data: node('c', 'A.1', 'a') }]);
    expect(await nodes().findOne({ _id: 'a' })).toMatchObject({ childCount: 1, parentKey: '', search: 'a l a' });
    // moving c from a to b moves the count
    await append(toSbsNodeStreamId('c'), [
      { type: 'SbsNodeUpdated', data: { ...node('c', 'B.1', 'b'), previous: { code: 'A.1', label: 'L A.1', parentId: 'a' } } },
    ]);
    expect((await nodes().findOne({ _id: 'a' }))!.childCount).toBe(0);
    expect(await nodes().findOne({ _id: 'c' })).toMatchObject({ code: 'B.1', parentKey: 'b' });
    await append(toSbsNodeStreamId('c'), [{ type: 'SbsNodeDeleted', data: node('c', 'B.1', 'b') }]);
    expect(await nodes().findOne({ _id: 'c' })).toBeNull();
    expect((await nodes().findOne({ _id: 'b' }))!.childCount).toBe(0);
  });

  it('keep each version of a node with the positions and times it was valid', async () => {
    const p1 = await append(toSbsNodeStreamId('a'), [{ type: 'SbsNodeCreated', data: node('a', 'A') }]);
    const p2 = await append(toSbsNodeStreamId('a'), [
      { type: 'SbsNodeUpdated', data: { ...node('a', 'A'), label: 'New', previous: { code: 'A', label: 'L A', parentId: null } } },
    ]);
    const p3 = await append(toSbsNodeStreamId('a'), [{ type: 'SbsNodeDeleted', data: { ...node('a', 'A'), label: 'New' } }]);
    const versions = await history().find({ nodeId: 'a' }, { sort: { from: 1 } });
    expect(versions.map((v) => [v.op, v.label, v.from, v.to, v.fromAt, v.toAt])).toEqual([
      ['created', 'L A', p1, p2, at(1), at(2)],
      ['updated', 'New', p2, p3, at(2), at(3)],
      ['deleted', 'New', p3, p3, at(3), at(3)],
    ]);
    // as of a moment: one range
    const asOf = (t: string) => history().find({ projectId: 'p1', versionId: 'p1', fromAt: { $lte: t }, toAt: { $gt: t } });
    expect((await asOf('2026-01-01T00:01:30.000Z')).map((v) => v.label)).toEqual(['L A']);
    expect(await asOf(at(3))).toEqual([]);
    expect(versions[0]!.to).not.toBe(OPEN_POSITION);
  });

  it('keep a term for each segment start of the code and label, and drop the old ones on a change and a deletion', async () => {
    expect(sbsSearchTerms('a.1-b/2_c  wall x')).toEqual([
      'a.1-b/2_c  wall x',
      '1-b/2_c  wall x',
      'b/2_c  wall x',
      '2_c  wall x',
      'c  wall x',
      'wall x',
      'x',
    ]);
    const terms = async () =>
      (await documentStore.collection<SbsTermDoc>(SBS_TERMS_COLLECTION).find({ nodeId: 'a' })).map((t) => t.term).sort();
    await append(toSbsNodeStreamId('a'), [{ type: 'SbsNodeCreated', data: node('a', 'A.1') }]);
    expect(await terms()).toEqual(['1', '1 l a.1', 'a.1', 'a.1 l a.1', 'l a.1']);
    await append(toSbsNodeStreamId('a'), [
      { type: 'SbsNodeUpdated', data: { ...node('a', 'B'), label: 'Wall', previous: { code: 'A.1', label: 'L A.1', parentId: null } } },
    ]);
    expect(await terms()).toEqual(['b wall', 'wall']);
    await append(toSbsNodeStreamId('a'), [{ type: 'SbsNodeDeleted', data: { ...node('a', 'B'), label: 'Wall' } }]);
    expect(await terms()).toEqual([]);
  });

  it('keep the live versions of a project', async () => {
    await append(toSbsVersionStreamId('v1'), [{ type: 'SbsVersionCreated', data: { versionId: 'v1', projectId: 'p1', name: '2026' } }]);
    const versions = documentStore.collection<SbsVersionDoc>(SBS_VERSIONS_COLLECTION);
    expect(await versions.findOne({ _id: 'v1' })).toMatchObject({ projectId: 'p1', name: '2026', createdAt: at(1) });
    await append(toSbsVersionStreamId('v1'), [{ type: 'SbsVersionDeleted', data: { versionId: 'v1', projectId: 'p1' } }]);
    expect(await versions.findOne({ _id: 'v1' })).toBeNull();
  });

  it('leave the same documents when the same events are handled twice', async () => {
    await append(toSbsNodeStreamId('a'), [{ type: 'SbsNodeCreated', data: node('a', 'A') }]);
    await append(toSbsNodeStreamId('c'), [{ type: 'SbsNodeCreated', data: node('c', 'A.1', 'a') }]);
    await append(toSbsNodeStreamId('c'), [{ type: 'SbsNodeDeleted', data: node('c', 'A.1', 'a') }]);
    const recorded = (await eventStore.readAll()).map(toEnvelope);
    for (const projection of sbsProjections) {
      const collection = documentStore.collection(`${projection.collection}__twice`);
      await applyBatch(projection, collection, recorded);
      const once = await collection.find({});
      await applyBatch(projection, collection, recorded);
      expect(await collection.find({})).toEqual(once);
    }
  });
});
