import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { taskMessages } from '../tasks/messages';
import { boardDecider, type BoardCommand } from './decide';
import { boardMessages } from './messages';
import type { BoardEvent } from './board';
import { toBoardStreamId } from './boardStream';

const spec = deciderSpec(boardDecider);
const metadata = { actor: { userId: 'owner', licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' };
const command = <T extends BoardCommand['type']>(type: T, data: Extract<BoardCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as Extract<BoardCommand, { type: T }>;

const created: BoardEvent = {
  type: 'BoardCreated',
  data: { boardId: 'b1', licenceId: 'l1', ownerId: 'owner', projectId: null, name: 'My work', isDefault: false },
};
const openLane: BoardEvent = {
  type: 'BoardLaneAdded',
  data: { boardId: 'b1', laneId: 'open', name: 'To do', rule: { kind: 'status', status: 'open' }, index: 0 },
};
const doneLane: BoardEvent = {
  type: 'BoardLaneAdded',
  data: { boardId: 'b1', laneId: 'done', name: 'Done', rule: { kind: 'status', status: 'closed' }, index: 1 },
};
const manualLane: BoardEvent = {
  type: 'BoardLaneAdded',
  data: { boardId: 'b1', laneId: 'later', name: 'Later', rule: { kind: 'manual' }, index: 2 },
};
const place = (laneId: string, taskId: string, index: number): BoardEvent => ({
  type: 'BoardCardPlaced',
  data: { boardId: 'b1', laneId, taskId, index },
});

describe('Board', () => {
  it('lives in the stream board-<id>', () => expect(toBoardStreamId('b1')).toBe('board-b1'));

  describe('when created', () => {
    it('records its owner from the metadata and the trimmed name', () =>
      spec
        .given([])
        .when(command('CreateBoard', { boardId: 'b1', licenceId: 'l1', name: ' My work ' }))
        .then([created]));
    it("refuses an empty name with 'Required.'", () =>
      spec
        .given([])
        .when(command('CreateBoard', { boardId: 'b1', licenceId: 'l1', name: ' ' }))
        .thenThrows('Required.', 422));
    it('refuses to create the same board twice', () =>
      spec
        .given([created])
        .when(command('CreateBoard', { boardId: 'b1', licenceId: 'l1', name: 'x' }))
        .thenThrows(boardMessages.alreadyExists, 409));
  });

  describe('when updated', () => {
    it('renames it and makes it the default', () =>
      spec
        .given([created])
        .when(command('UpdateBoard', { name: 'Site', isDefault: true }))
        .then([
          { type: 'BoardRenamed', data: { boardId: 'b1', name: 'Site' } },
          { type: 'BoardMadeDefault', data: { boardId: 'b1' } },
        ]));
    it('clears the default flag when another board becomes the default', () =>
      spec
        .given([created, { type: 'BoardMadeDefault', data: { boardId: 'b1' } }])
        .when(command('UpdateBoard', { isDefault: false }))
        .then([{ type: 'BoardDefaultCleared', data: { boardId: 'b1' } }]));
    it('appends nothing when nothing changes', () =>
      spec
        .given([created])
        .when(command('UpdateBoard', { name: 'My work', isDefault: false, projectId: null }))
        .then([]));
  });

  describe('when deleted', () => {
    const deleted: BoardEvent = { type: 'BoardDeleted', data: { boardId: 'b1' } };
    it('records the deletion', () => spec.given([created]).when(command('DeleteBoard', {})).then([deleted]));
    it('answers 404 afterwards', () =>
      spec
        .given([created, deleted])
        .when(command('AddBoardLane', { laneId: 'x', name: 'x', rule: { kind: 'manual' }, ruleTargetAvailable: true }))
        .thenThrows(boardMessages.notFound, 404));
  });

  describe('when lanes change', () => {
    it('adds a lane at the end by default', () =>
      spec
        .given([created, openLane])
        .when(
          command('AddBoardLane', { laneId: 'done', name: 'Done', rule: { kind: 'status', status: 'closed' }, ruleTargetAvailable: false }),
        )
        .then([doneLane]));
    it('appends nothing when the same lane is added again (a retried request)', () =>
      spec
        .given([created, openLane])
        .when(
          command('AddBoardLane', { laneId: 'open', name: 'To do', rule: { kind: 'status', status: 'open' }, ruleTargetAvailable: true }),
        )
        .then([]));
    it('refuses a second lane with the same rule', () =>
      spec
        .given([created, openLane])
        .when(
          command('AddBoardLane', { laneId: 'x', name: 'Open too', rule: { kind: 'status', status: 'open' }, ruleTargetAvailable: true }),
        )
        .thenThrows(boardMessages.ruleTaken, 409));
    it('allows several manual lanes', () =>
      spec
        .given([created, manualLane])
        .when(command('AddBoardLane', { laneId: 'x', name: 'Someday', rule: { kind: 'manual' }, ruleTargetAvailable: true }))
        .then([{ type: 'BoardLaneAdded', data: { boardId: 'b1', laneId: 'x', name: 'Someday', rule: { kind: 'manual' }, index: 1 } }]));
    it('answers 404 for an assignee or label lane whose user or label is not there', () =>
      spec
        .given([created])
        .when(
          command('AddBoardLane', { laneId: 'x', name: 'Ann', rule: { kind: 'assignee', userId: 'ghost' }, ruleTargetAvailable: false }),
        )
        .thenThrows(boardMessages.ruleTargetNotFound, 404));
    it('changes a lane’s name and rule', () =>
      spec
        .given([created, openLane])
        .when(
          command('UpdateBoardLane', {
            laneId: 'open',
            name: 'Urgent',
            rule: { kind: 'label', labelId: 'lb1' },
            ruleTargetAvailable: true,
          }),
        )
        .then([
          { type: 'BoardLaneUpdated', data: { boardId: 'b1', laneId: 'open', name: 'Urgent', rule: { kind: 'label', labelId: 'lb1' } } },
        ]));
    it('moves a lane', () => {
      spec
        .given([created, openLane, doneLane])
        .when(command('MoveBoardLane', { laneId: 'done', index: 0 }))
        .then([{ type: 'BoardLaneMoved', data: { boardId: 'b1', laneId: 'done', index: 0 } }]);
      expect(
        fold(boardDecider, [
          created,
          openLane,
          doneLane,
          { type: 'BoardLaneMoved', data: { boardId: 'b1', laneId: 'done', index: 0 } },
        ]).lanes.map((l) => l.laneId),
      ).toEqual(['done', 'open']);
    });
    it('removes a lane, and answers 404 for an unknown one', () => {
      spec
        .given([created, openLane])
        .when(command('RemoveBoardLane', { laneId: 'open' }))
        .then([{ type: 'BoardLaneRemoved', data: { boardId: 'b1', laneId: 'open' } }]);
      spec
        .given([created])
        .when(command('RemoveBoardLane', { laneId: 'open' }))
        .thenThrows(boardMessages.laneNotFound, 404);
    });
  });

  describe('when cards are placed', () => {
    it('keeps the order within a lane', () => {
      const state = fold(boardDecider, [created, openLane, place('open', 't1', 0), place('open', 't2', 0), place('open', 't3', 1)]);
      expect(state.lanes[0]!.cards).toEqual(['t2', 't3', 't1']);
    });
    it('takes a card out of the lane it was in', () => {
      const state = fold(boardDecider, [created, openLane, doneLane, place('open', 't1', 0), place('done', 't1', 0)]);
      expect(state.lanes.map((l) => l.cards)).toEqual([[], ['t1']]);
    });
    it('records a placement', () =>
      spec
        .given([created, openLane, place('open', 't1', 0)])
        .when(command('PlaceBoardCard', { laneId: 'open', taskId: 't2', index: 0, taskAvailable: true }))
        .then([place('open', 't2', 0)]));
    it('appends nothing when the card is already there', () =>
      spec
        .given([created, openLane, place('open', 't1', 0)])
        .when(command('PlaceBoardCard', { laneId: 'open', taskId: 't1', index: 5, taskAvailable: true }))
        .then([]));
    it('answers 404 for a task the owner may not see', () =>
      spec
        .given([created, openLane])
        .when(command('PlaceBoardCard', { laneId: 'open', taskId: 't9', index: 0, taskAvailable: false }))
        .thenThrows(taskMessages.notFound, 404));
    it('forgets a card (its task deleted)', () => {
      spec
        .given([created, openLane, place('open', 't1', 0)])
        .when(command('RemoveBoardCard', { taskId: 't1' }))
        .then([{ type: 'BoardCardRemoved', data: { boardId: 'b1', taskId: 't1' } }]);
      spec
        .given([created, openLane])
        .when(command('RemoveBoardCard', { taskId: 't1' }))
        .then([]);
    });
  });
});
