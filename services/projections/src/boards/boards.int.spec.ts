import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProjections, type ProjectionsHarness } from '../testing/projectionHarness';
import { randomUUID } from 'node:crypto';
import { toBoardStreamId, type BoardEvent } from '@stramien/domain';
import { applyBatch, toEnvelope } from '../runner/projectionRunner';
import type { Projection } from '../runner/projection';
import { boardsProjection, sortBoards, type BoardDoc } from './boards';

let h: ProjectionsHarness;

const meta = (occurredAt: string) => ({ userId: 'u1', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt });
const append = async (boardId: string, events: BoardEvent[], occurredAt = '2026-01-01T00:00:00.000Z') => {
  const stream = await h.eventStore.readStream(toBoardStreamId(boardId));
  const last = stream[stream.length - 1];
  const { position } = await h.eventStore.append(
    toBoardStreamId(boardId),
    events.map((e) => ({ id: randomUUID(), ...e, metadata: meta(occurredAt) })),
    last ? last.revision : 'no_stream',
  );
  expect(await h.runner.waitForPosition(position, 5000)).toBe(true);
};
const boards = () => h.documentStore.collection<BoardDoc>('boards');
const created = (boardId: string, name = 'Sprint'): BoardEvent => ({
  type: 'BoardCreated',
  data: { boardId, licenceId: 'l1', ownerId: 'u1', projectId: null, name, isDefault: false },
});

const history: BoardEvent[] = [
  created('b1'),
  { type: 'BoardLaneAdded', data: { boardId: 'b1', laneId: 'open', name: 'Open', rule: { kind: 'status', status: 'open' }, index: 0 } },
  {
    type: 'BoardLaneAdded',
    data: { boardId: 'b1', laneId: 'closed', name: 'Closed', rule: { kind: 'status', status: 'closed' }, index: 1 },
  },
  { type: 'BoardLaneAdded', data: { boardId: 'b1', laneId: 'later', name: 'Later', rule: { kind: 'manual' }, index: 0 } },
  { type: 'BoardCardPlaced', data: { boardId: 'b1', laneId: 'open', taskId: 't1', index: 0 } },
  { type: 'BoardCardPlaced', data: { boardId: 'b1', laneId: 'open', taskId: 't2', index: 0 } },
  { type: 'BoardCardPlaced', data: { boardId: 'b1', laneId: 'closed', taskId: 't1', index: 0 } },
  { type: 'BoardLaneMoved', data: { boardId: 'b1', laneId: 'later', index: 2 } },
  { type: 'BoardLaneUpdated', data: { boardId: 'b1', laneId: 'closed', name: 'Done', rule: { kind: 'status', status: 'closed' } } },
  { type: 'BoardRenamed', data: { boardId: 'b1', name: 'Week 12' } },
  { type: 'BoardProjectChanged', data: { boardId: 'b1', projectId: 'p1' } },
  { type: 'BoardMadeDefault', data: { boardId: 'b1' } },
];

beforeEach(async () => {
  h = await startProjections([boardsProjection]);
});
afterEach(() => h.stop());

describe('the boards read model', () => {
  it('holds a board with its lanes in order and the kept card order of each lane', async () => {
    await append('b1', history);
    expect(await boards().findOne({ _id: 'b1' })).toMatchObject({
      _id: 'b1',
      licenceId: 'l1',
      ownerId: 'u1',
      projectId: 'p1',
      name: 'Week 12',
      isDefault: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      lanes: [
        { laneId: 'open', name: 'Open', cards: ['t2'] },
        { laneId: 'closed', name: 'Done', cards: ['t1'] },
        { laneId: 'later', name: 'Later', rule: { kind: 'manual' }, cards: [] },
      ],
    });
  });

  it('drops the default flag, a lane, a card, and finally the board', async () => {
    await append('b1', history);
    await append('b1', [
      { type: 'BoardDefaultCleared', data: { boardId: 'b1' } },
      { type: 'BoardLaneRemoved', data: { boardId: 'b1', laneId: 'later' } },
      { type: 'BoardCardRemoved', data: { boardId: 'b1', taskId: 't2' } },
    ]);
    const doc = await boards().findOne({ _id: 'b1' });
    expect(doc?.isDefault).toBe(false);
    expect(doc?.lanes.map((l) => [l.laneId, l.cards])).toEqual([
      ['open', []],
      ['closed', ['t1']],
    ]);
    await append('b1', [{ type: 'BoardDeleted', data: { boardId: 'b1' } }]);
    expect(await boards().findOne({ _id: 'b1' })).toBeNull();
  });

  it('sorts boards oldest first, so "the first board" is the oldest', async () => {
    await append('b2', [created('b2', 'Later one')], '2026-02-01T00:00:00.000Z');
    await append('b1', [created('b1', 'Early one')], '2026-01-01T00:00:00.000Z');
    expect(sortBoards(await boards().find({ ownerId: 'u1' })).map((b) => b.name)).toEqual(['Early one', 'Later one']);
  });

  it('leaves the same document when the same events are handled twice', async () => {
    await append('b1', history);
    const recorded = (await h.eventStore.readStream(toBoardStreamId('b1'))).map(toEnvelope);
    const collection = h.documentStore.collection('boards__twice');
    await applyBatch(boardsProjection as unknown as Projection, collection, recorded);
    const once = await collection.findOne({ _id: 'b1' });
    await applyBatch(boardsProjection as unknown as Projection, collection, recorded);
    expect(await collection.findOne({ _id: 'b1' })).toEqual(once);
  });
});
