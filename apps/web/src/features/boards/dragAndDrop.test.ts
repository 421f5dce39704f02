import { describe, expect, it } from 'vitest';
import type { BoardCard, BoardLaneCards } from '@stramien/api';
import { dropTarget, laneDropId, moveCardLocally } from './dragAndDrop';

const card = (id: string): BoardCard => ({
  id,
  number: 1,
  title: id,
  status: 'open',
  priority: 'normal',
  assigned_to: 'u',
  due: null,
  labels: [],
  is_private: false,
  project: 'p',
});
const lanes: BoardLaneCards[] = [
  { lane_id: 'open', total: 3, cards: [card('a'), card('b'), card('c')] },
  { lane_id: 'closed', total: 1, cards: [card('d')] },
  { lane_id: 'empty', total: 0, cards: [] },
];

describe('dropTarget', () => {
  it("lands on another card at that card's place in its lane", () => {
    expect(dropTarget(lanes, 'a', 'd')).toEqual({ laneId: 'closed', index: 0 });
    expect(dropTarget(lanes, 'a', 'c')).toEqual({ laneId: 'open', index: 2 });
  });

  it("lands at the end of a lane dropped on the lane's space", () => {
    expect(dropTarget(lanes, 'a', laneDropId('empty'))).toEqual({ laneId: 'empty', index: 0 });
    expect(dropTarget(lanes, 'a', laneDropId('closed'))).toEqual({ laneId: 'closed', index: 1 });
  });

  it('answers null outside any lane or on its own place', () => {
    expect(dropTarget(lanes, 'a', null)).toBeNull();
    expect(dropTarget(lanes, 'a', 'a')).toBeNull();
    expect(dropTarget(lanes, 'c', laneDropId('open'))).toBeNull();
    expect(dropTarget(lanes, 'a', laneDropId('gone'))).toBeNull();
  });
});

describe('moveCardLocally', () => {
  it('moves the card into the lane at the index and out of the one it left, keeping the totals', () => {
    const next = moveCardLocally(lanes, 'b', { laneId: 'closed', index: 0 });
    expect(next.map((l) => [l.lane_id, l.total, l.cards.map((c) => c.id)])).toEqual([
      ['open', 2, ['a', 'c']],
      ['closed', 2, ['b', 'd']],
      ['empty', 0, []],
    ]);
  });

  it('reorders within a lane', () => {
    expect(moveCardLocally(lanes, 'a', { laneId: 'open', index: 2 })[0]!.cards.map((c) => c.id)).toEqual(['b', 'c', 'a']);
  });
});
