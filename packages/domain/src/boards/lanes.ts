import type { TaskState } from '../tasks/task';
import type { BoardLane, BoardState, LaneRule } from './board';

/** The parts of a task a board needs to place its card. */
export type BoardTask = Pick<TaskState, 'taskId' | 'status' | 'assignedTo' | 'labels'>;

/** Does the task meet the lane's rule? A manual lane holds only the cards placed there. */
export const laneRuleMatches = (rule: LaneRule, task: BoardTask): boolean => {
  switch (rule.kind) {
    case 'status':
      return task.status === rule.status;
    case 'assignee':
      return task.assignedTo === rule.userId;
    case 'label':
      return task.labels.includes(rule.labelId);
    case 'manual':
      return false;
  }
};

/**
 * The lane a task's card sits in: the lane it was placed in, while that lane's rule still holds (a manual lane
 * always holds); otherwise the first lane, left to right, whose rule it meets; otherwise none (the card is not
 * on the board). So a task closed elsewhere leaves an 'open' lane for the 'closed' one by itself.
 */
export const laneOfTask = (lanes: BoardLane[], task: BoardTask): BoardLane | null => {
  const placed = lanes.find((lane) => lane.cards.includes(task.taskId));
  if (placed && (placed.rule.kind === 'manual' || laneRuleMatches(placed.rule, task))) return placed;
  return lanes.find((lane) => laneRuleMatches(lane.rule, task)) ?? null;
};

/** Cards of a lane in order: the placed ones in their kept order, then the rest in the order given (e.g. by due). */
export const orderLaneCards = (lane: BoardLane, taskIds: string[]): string[] => {
  const present = new Set(taskIds);
  const placed = lane.cards.filter((id) => present.has(id));
  const placedSet = new Set(placed);
  return [...placed, ...taskIds.filter((id) => !placedSet.has(id))];
};

/**
 * A task command a lane drop stands for; the handler adds the checked facts (`assigneeCanSeeProject`,
 * `labelAvailable`) and the metadata, and sends them in this order before placing the card.
 */
export type LaneDropCommand =
  | { type: 'CloseTask'; data: Record<string, never> }
  | { type: 'CancelTask'; data: Record<string, never> }
  | { type: 'ReopenTask'; data: Record<string, never> }
  | { type: 'UpdateTask'; data: { assignedTo: string } }
  | { type: 'AddTaskLabel'; data: { labelId: string } }
  | { type: 'RemoveTaskLabel'; data: { labelId: string } };

const reopen: LaneDropCommand = { type: 'ReopenTask', data: {} };
const close: LaneDropCommand = { type: 'CloseTask', data: {} };
const cancel: LaneDropCommand = { type: 'CancelTask', data: {} };

/**
 * What dropping a task's card onto a lane means, as task commands (spec 2: dragging a card to another lane
 * applies that lane's rule). Status lanes move the task there, through open when the task module refuses a
 * direct step (a canceled task is reopened before it is closed); assignee lanes reassign; label lanes add the
 * label, and take off the label of the lane the card came from; manual lanes only keep the order (no command).
 * An empty list means the task already meets the rule.
 */
export const commandForLaneDrop = (
  lane: Pick<BoardLane, 'rule'>,
  task: BoardTask,
  fromLane?: Pick<BoardLane, 'rule'> | null,
): LaneDropCommand[] => {
  const { rule } = lane;
  switch (rule.kind) {
    case 'status': {
      if (task.status === rule.status) return [];
      if (rule.status === 'open') return [reopen];
      const step = rule.status === 'closed' ? close : cancel;
      return task.status === 'open' ? [step] : [reopen, step];
    }
    case 'assignee':
      return task.assignedTo === rule.userId ? [] : [{ type: 'UpdateTask', data: { assignedTo: rule.userId } }];
    case 'label': {
      const commands: LaneDropCommand[] = [];
      const from = fromLane?.rule;
      if (from?.kind === 'label' && from.labelId !== rule.labelId && task.labels.includes(from.labelId))
        commands.push({ type: 'RemoveTaskLabel', data: { labelId: from.labelId } });
      if (!task.labels.includes(rule.labelId)) commands.push({ type: 'AddTaskLabel', data: { labelId: rule.labelId } });
      return commands;
    }
    case 'manual':
      return [];
  }
};

/** Boards are personal: only their owner, in the board's licence, uses one; everyone else gets a 404. */
export const canUseBoard = (actor: { userId: string; licenceId: string }, board: Pick<BoardState, 'ownerId' | 'licenceId'>): boolean =>
  board.ownerId === actor.userId && board.licenceId === actor.licenceId;

/** spec 2 §4: after load, the selected board if it is still there, else the default board, else the first. */
export const pickBoard = <B extends { boardId: string; isDefault: boolean }>(boards: B[], selectedId?: string | null): B | null =>
  boards.find((b) => b.boardId === selectedId) ?? boards.find((b) => b.isDefault) ?? boards[0] ?? null;

/** spec 2 §4: after a delete the first remaining board is shown. */
export const boardAfterDelete = <B extends { boardId: string }>(boards: B[], deletedId: string): B | null =>
  boards.find((b) => b.boardId !== deletedId) ?? null;
