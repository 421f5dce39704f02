import { DomainError } from '../shared/domainError';
import type { Command, Decider } from '../shared/decider';
import { format } from '../shared/messages';
import { taskMessages } from '../tasks/messages';
import { boardMessages } from './messages';
import {
  BOARD_LANE_ORDER_MAX,
  BOARD_LANES_MAX,
  BOARD_NAME_MAX,
  evolveBoard,
  initialBoardState,
  type BoardEvent,
  type BoardState,
  type LaneRule,
} from './board';

/**
 * Commands of the board aggregate. Boards are personal: the route lets only the owner use one (`canUseBoard`).
 * Facts that need a read come in checked: `ruleTargetAvailable` (the lane's user is in the licence, its label
 * exists for the board), `taskAvailable` (the card's task exists and the owner may see it).
 */
export type CreateBoard = Command<
  'CreateBoard',
  { boardId: string; licenceId: string; name: string; projectId?: string | null; isDefault?: boolean }
>;
/** The handler clears the previous default board (UpdateBoard {isDefault: false} on it) when one becomes default. */
export type UpdateBoard = Command<'UpdateBoard', { name?: string; projectId?: string | null; isDefault?: boolean }>;
export type DeleteBoard = Command<'DeleteBoard', Record<string, never>>;
export type AddBoardLane = Command<
  'AddBoardLane',
  { laneId: string; name: string; rule: LaneRule; index?: number; ruleTargetAvailable: boolean }
>;
export type UpdateBoardLane = Command<'UpdateBoardLane', { laneId: string; name?: string; rule?: LaneRule; ruleTargetAvailable?: boolean }>;
export type MoveBoardLane = Command<'MoveBoardLane', { laneId: string; index: number }>;
export type RemoveBoardLane = Command<'RemoveBoardLane', { laneId: string }>;
export type PlaceBoardCard = Command<'PlaceBoardCard', { laneId: string; taskId: string; index: number; taskAvailable: boolean }>;
export type RemoveBoardCard = Command<'RemoveBoardCard', { taskId: string }>;

export type BoardCommand =
  | CreateBoard
  | UpdateBoard
  | DeleteBoard
  | AddBoardLane
  | UpdateBoardLane
  | MoveBoardLane
  | RemoveBoardLane
  | PlaceBoardCard
  | RemoveBoardCard;

type Decision = BoardEvent[] | DomainError;

const notFound = () => new DomainError(boardMessages.notFound, 404);
const laneNotFound = () => new DomainError(boardMessages.laneNotFound, 404);
const mustBeLive = (state: BoardState): DomainError | null => (state.exists && !state.deleted ? null : notFound());
const nameError = (name: string): DomainError | null => {
  if (name === '') return new DomainError(boardMessages.nameRequired, 422, { name: [boardMessages.nameRequired] });
  if (name.length > BOARD_NAME_MAX) return new DomainError(boardMessages.nameTooLong, 422, { name: [boardMessages.nameTooLong] });
  return null;
};
const sameRule = (a: LaneRule, b: LaneRule): boolean => JSON.stringify(a) === JSON.stringify(b);
/** Two lanes with one rule would make a card's lane ambiguous; manual lanes may repeat. */
const ruleTaken = (state: BoardState, rule: LaneRule, laneId: string): boolean =>
  rule.kind !== 'manual' && state.lanes.some((lane) => lane.laneId !== laneId && sameRule(lane.rule, rule));
const clampIndex = (index: number | undefined, length: number): number =>
  index === undefined || !Number.isFinite(index) ? length : Math.max(0, Math.min(Math.trunc(index), length));

export const createBoard = (command: CreateBoard, state: BoardState): Decision => {
  if (state.exists) return new DomainError(boardMessages.alreadyExists, 409);
  const name = command.data.name.trim();
  const error = nameError(name);
  if (error) return error;
  const { boardId, licenceId } = command.data;
  return [
    {
      type: 'BoardCreated',
      data: {
        boardId,
        licenceId,
        ownerId: command.metadata.actor.userId,
        projectId: command.data.projectId ?? null,
        name,
        isDefault: command.data.isDefault ?? false,
      },
    },
  ];
};

export const updateBoard = (command: UpdateBoard, state: BoardState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const events: BoardEvent[] = [];
  const { boardId } = state;
  if (command.data.name !== undefined) {
    const name = command.data.name.trim();
    const error = nameError(name);
    if (error) return error;
    if (name !== state.name) events.push({ type: 'BoardRenamed', data: { boardId, name } });
  }
  if (command.data.projectId !== undefined && command.data.projectId !== state.projectId)
    events.push({ type: 'BoardProjectChanged', data: { boardId, projectId: command.data.projectId } });
  if (command.data.isDefault === true && !state.isDefault) events.push({ type: 'BoardMadeDefault', data: { boardId } });
  if (command.data.isDefault === false && state.isDefault) events.push({ type: 'BoardDefaultCleared', data: { boardId } });
  return events;
};

export const deleteBoard = (_command: DeleteBoard, state: BoardState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  return [{ type: 'BoardDeleted', data: { boardId: state.boardId } }];
};

export const addBoardLane = (command: AddBoardLane, state: BoardState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const { laneId, rule } = command.data;
  const name = command.data.name.trim();
  const existing = state.lanes.find((lane) => lane.laneId === laneId);
  if (existing) return existing.name === name && sameRule(existing.rule, rule) ? [] : new DomainError(boardMessages.laneExists, 409);
  const error = nameError(name);
  if (error) return error;
  if (rule.kind !== 'manual' && rule.kind !== 'status' && !command.data.ruleTargetAvailable)
    return new DomainError(boardMessages.ruleTargetNotFound, 404);
  if (ruleTaken(state, rule, laneId)) return new DomainError(boardMessages.ruleTaken, 409);
  if (state.lanes.length >= BOARD_LANES_MAX) return new DomainError(format(boardMessages.tooManyLanes, { max: BOARD_LANES_MAX }), 422);
  const index = clampIndex(command.data.index, state.lanes.length);
  return [{ type: 'BoardLaneAdded', data: { boardId: state.boardId, laneId, name, rule, index } }];
};

export const updateBoardLane = (command: UpdateBoardLane, state: BoardState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const lane = state.lanes.find((l) => l.laneId === command.data.laneId);
  if (!lane) return laneNotFound();
  const name = command.data.name?.trim() ?? lane.name;
  const rule = command.data.rule ?? lane.rule;
  const error = nameError(name);
  if (error) return error;
  if (name === lane.name && sameRule(rule, lane.rule)) return [];
  if (!sameRule(rule, lane.rule)) {
    if (rule.kind !== 'manual' && rule.kind !== 'status' && !command.data.ruleTargetAvailable)
      return new DomainError(boardMessages.ruleTargetNotFound, 404);
    if (ruleTaken(state, rule, lane.laneId)) return new DomainError(boardMessages.ruleTaken, 409);
  }
  return [{ type: 'BoardLaneUpdated', data: { boardId: state.boardId, laneId: lane.laneId, name, rule } }];
};

export const moveBoardLane = (command: MoveBoardLane, state: BoardState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const from = state.lanes.findIndex((l) => l.laneId === command.data.laneId);
  if (from === -1) return laneNotFound();
  const index = clampIndex(command.data.index, state.lanes.length - 1);
  if (index === from) return [];
  return [{ type: 'BoardLaneMoved', data: { boardId: state.boardId, laneId: command.data.laneId, index } }];
};

export const removeBoardLane = (command: RemoveBoardLane, state: BoardState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  if (!state.lanes.some((l) => l.laneId === command.data.laneId)) return laneNotFound();
  return [{ type: 'BoardLaneRemoved', data: { boardId: state.boardId, laneId: command.data.laneId } }];
};

/** Keeps the order of cards within a lane: the card goes to `index` and leaves the order of any other lane. */
export const placeBoardCard = (command: PlaceBoardCard, state: BoardState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const { laneId, taskId } = command.data;
  const lane = state.lanes.find((l) => l.laneId === laneId);
  if (!lane) return laneNotFound();
  if (!command.data.taskAvailable) return new DomainError(taskMessages.notFound, 404);
  const without = lane.cards.filter((id) => id !== taskId);
  const index = clampIndex(command.data.index, without.length);
  if (lane.cards.indexOf(taskId) === index) return [];
  if (without.length >= BOARD_LANE_ORDER_MAX) return new DomainError(format(boardMessages.laneFull, { max: BOARD_LANE_ORDER_MAX }), 422);
  return [{ type: 'BoardCardPlaced', data: { boardId: state.boardId, laneId, taskId, index } }];
};

export const removeBoardCard = (command: RemoveBoardCard, state: BoardState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  if (!state.lanes.some((lane) => lane.cards.includes(command.data.taskId))) return [];
  return [{ type: 'BoardCardRemoved', data: { boardId: state.boardId, taskId: command.data.taskId } }];
};

export const decideBoard = (command: BoardCommand, state: BoardState): Decision => {
  switch (command.type) {
    case 'CreateBoard':
      return createBoard(command, state);
    case 'UpdateBoard':
      return updateBoard(command, state);
    case 'DeleteBoard':
      return deleteBoard(command, state);
    case 'AddBoardLane':
      return addBoardLane(command, state);
    case 'UpdateBoardLane':
      return updateBoardLane(command, state);
    case 'MoveBoardLane':
      return moveBoardLane(command, state);
    case 'RemoveBoardLane':
      return removeBoardLane(command, state);
    case 'PlaceBoardCard':
      return placeBoardCard(command, state);
    case 'RemoveBoardCard':
      return removeBoardCard(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
};

export const boardDecider: Decider<BoardCommand, BoardEvent, BoardState> = {
  initialState: initialBoardState,
  evolve: evolveBoard,
  decide: decideBoard,
};
