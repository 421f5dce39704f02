import { describe, expect, it } from 'vitest';
import type { BoardLane } from './board';
import { boardAfterDelete, canUseBoard, commandForLaneDrop, laneOfTask, orderLaneCards, pickBoard, type BoardTask } from './lanes';

const task = (over: Partial<BoardTask> = {}): BoardTask => ({ taskId: 't1', status: 'open', assignedTo: 'ann', labels: [], ...over });
const lane = (laneId: string, rule: BoardLane['rule'], cards: string[] = []): BoardLane => ({ laneId, name: laneId, rule, cards });

describe('commandForLaneDrop', () => {
  describe('onto a status lane', () => {
    it('closes an open task dropped on a closed lane', () =>
      expect(commandForLaneDrop(lane('done', { kind: 'status', status: 'closed' }), task())).toEqual([{ type: 'CloseTask', data: {} }]));
    it('cancels an open task dropped on a canceled lane', () =>
      expect(commandForLaneDrop(lane('x', { kind: 'status', status: 'canceled' }), task())).toEqual([{ type: 'CancelTask', data: {} }]));
    it('reopens a closed task dropped on an open lane', () =>
      expect(commandForLaneDrop(lane('todo', { kind: 'status', status: 'open' }), task({ status: 'closed' }))).toEqual([
        { type: 'ReopenTask', data: {} },
      ]));
    it('reopens a canceled task before closing it, since a canceled task cannot be closed', () =>
      expect(commandForLaneDrop(lane('done', { kind: 'status', status: 'closed' }), task({ status: 'canceled' }))).toEqual([
        { type: 'ReopenTask', data: {} },
        { type: 'CloseTask', data: {} },
      ]));
    it('means nothing for a task that already has the status', () =>
      expect(commandForLaneDrop(lane('todo', { kind: 'status', status: 'open' }), task())).toEqual([]));
  });

  describe('onto an assignee lane', () => {
    it('assigns the task to the lane’s user', () =>
      expect(commandForLaneDrop(lane('bob', { kind: 'assignee', userId: 'bob' }), task())).toEqual([
        { type: 'UpdateTask', data: { assignedTo: 'bob' } },
      ]));
    it('means nothing when the user already has it', () =>
      expect(commandForLaneDrop(lane('ann', { kind: 'assignee', userId: 'ann' }), task())).toEqual([]));
  });

  describe('onto a label lane', () => {
    it('adds the label', () =>
      expect(commandForLaneDrop(lane('x', { kind: 'label', labelId: 'lb1' }), task())).toEqual([
        { type: 'AddTaskLabel', data: { labelId: 'lb1' } },
      ]));
    it('moves the label when the card comes from another label lane', () =>
      expect(
        commandForLaneDrop(
          lane('x', { kind: 'label', labelId: 'lb2' }),
          task({ labels: ['lb1'] }),
          lane('y', { kind: 'label', labelId: 'lb1' }),
        ),
      ).toEqual([
        { type: 'RemoveTaskLabel', data: { labelId: 'lb1' } },
        { type: 'AddTaskLabel', data: { labelId: 'lb2' } },
      ]));
  });

  it('means no task command onto a manual lane', () => expect(commandForLaneDrop(lane('x', { kind: 'manual' }), task())).toEqual([]));
});

describe('laneOfTask', () => {
  const lanes = [
    lane('todo', { kind: 'status', status: 'open' }),
    lane('done', { kind: 'status', status: 'closed' }),
    lane('later', { kind: 'manual' }, ['t2']),
  ];
  it('puts a card in the first lane whose rule it meets', () => expect(laneOfTask(lanes, task({ status: 'closed' }))?.laneId).toBe('done'));
  it('keeps a card placed in a manual lane there', () => expect(laneOfTask(lanes, task({ taskId: 't2' }))?.laneId).toBe('later'));
  it('moves a card out of a rule lane it no longer meets', () => {
    const placed = [lane('todo', { kind: 'status', status: 'open' }, ['t1']), lane('done', { kind: 'status', status: 'closed' })];
    expect(laneOfTask(placed, task({ status: 'closed' }))?.laneId).toBe('done');
  });
  it('leaves a task off the board when no lane takes it', () => expect(laneOfTask(lanes, task({ status: 'canceled' }))).toBeNull());
});

describe('orderLaneCards', () => {
  it('lists placed cards in their kept order, then the others as given, dropping cards no longer present', () =>
    expect(orderLaneCards(lane('x', { kind: 'manual' }, ['c', 'gone', 'a']), ['a', 'b', 'c', 'd'])).toEqual(['c', 'a', 'b', 'd']));
});

describe('choosing a board (spec 2 §4)', () => {
  const boards = [
    { boardId: 'a', isDefault: false },
    { boardId: 'b', isDefault: true },
  ];
  it('picks the default board after load', () => expect(pickBoard(boards)?.boardId).toBe('b'));
  it('keeps the selected board', () => expect(pickBoard(boards, 'a')?.boardId).toBe('a'));
  it('picks the first when none is default', () => expect(pickBoard([{ boardId: 'a', isDefault: false }])?.boardId).toBe('a'));
  it('shows the first remaining board after a delete', () => expect(boardAfterDelete(boards, 'a')?.boardId).toBe('b'));
  it('shows nothing when no board remains', () => expect(boardAfterDelete([{ boardId: 'a' }], 'a')).toBeNull());
});

describe('canUseBoard', () => {
  it('lets only the owner in the board’s licence use it', () => {
    const board = { ownerId: 'ann', licenceId: 'l1' };
    expect(canUseBoard({ userId: 'ann', licenceId: 'l1' }, board)).toBe(true);
    expect(canUseBoard({ userId: 'bob', licenceId: 'l1' }, board)).toBe(false);
    expect(canUseBoard({ userId: 'ann', licenceId: 'l2' }, board)).toBe(false);
  });
});
