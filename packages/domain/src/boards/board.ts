import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';
import { taskStatusSchema } from '../tasks/task';

export const BOARD_NAME_MAX = 100;
export const BOARD_LANES_MAX = 30;
/** cards whose order a lane remembers; a guard against unbounded streams */
export const BOARD_LANE_ORDER_MAX = 5000;

/**
 * What puts a task card in a lane, and what dropping a card there means (spec 2: lanes hold task cards):
 * a status, an assignee, a label, or manual (only cards placed there by hand).
 */
export const laneRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('status'), status: taskStatusSchema }),
  z.object({ kind: z.literal('assignee'), userId: z.string().min(1) }),
  z.object({ kind: z.literal('label'), labelId: z.string().min(1) }),
  z.object({ kind: z.literal('manual') }),
]);
export type LaneRule = z.infer<typeof laneRuleSchema>;

/** A lane; `cards` is the order of the task cards placed in it by hand (others follow, see `orderLaneCards`). */
export const boardLaneSchema = z.object({ laneId: z.string(), name: z.string(), rule: laneRuleSchema, cards: z.array(z.string()) });
export type BoardLane = z.infer<typeof boardLaneSchema>;

export const boardEventSchemas = {
  /** projectId null: the board shows tasks of every project its owner can see */
  BoardCreated: z.object({
    boardId: z.string(),
    licenceId: z.string(),
    ownerId: z.string(),
    projectId: z.string().nullable(),
    name: z.string(),
    isDefault: z.boolean(),
  }),
  BoardRenamed: z.object({ boardId: z.string(), name: z.string() }),
  BoardProjectChanged: z.object({ boardId: z.string(), projectId: z.string().nullable() }),
  BoardMadeDefault: z.object({ boardId: z.string() }),
  BoardDefaultCleared: z.object({ boardId: z.string() }),
  BoardDeleted: z.object({ boardId: z.string() }),
  /** a new lane, at `index` in the lane order */
  BoardLaneAdded: z.object({
    boardId: z.string(),
    laneId: z.string(),
    name: z.string(),
    rule: laneRuleSchema,
    index: z.number().int().nonnegative(),
  }),
  /** the lane's name and rule after the change */
  BoardLaneUpdated: z.object({ boardId: z.string(), laneId: z.string(), name: z.string(), rule: laneRuleSchema }),
  BoardLaneMoved: z.object({ boardId: z.string(), laneId: z.string(), index: z.number().int().nonnegative() }),
  BoardLaneRemoved: z.object({ boardId: z.string(), laneId: z.string() }),
  /** the card of `taskId` now sits at `index` of the lane's order, and in no other lane's order */
  BoardCardPlaced: z.object({ boardId: z.string(), laneId: z.string(), taskId: z.string(), index: z.number().int().nonnegative() }),
  BoardCardRemoved: z.object({ boardId: z.string(), taskId: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof boardEventSchemas;
export type BoardEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type BoardEventType = BoardEvent['type'];
export const boardEventTypes = Object.keys(boardEventSchemas) as BoardEventType[];
export const boardSchemas: EventSchemas<BoardEvent> = boardEventSchemas;

export interface BoardState {
  exists: boolean;
  deleted: boolean;
  boardId: string;
  licenceId: string;
  ownerId: string;
  projectId: string | null;
  name: string;
  isDefault: boolean;
  lanes: BoardLane[];
}

export const initialBoardState = (): BoardState => ({
  exists: false,
  deleted: false,
  boardId: '',
  licenceId: '',
  ownerId: '',
  projectId: null,
  name: '',
  isDefault: false,
  lanes: [],
});

const insertAt = <T>(list: T[], index: number, item: T): T[] => [...list.slice(0, index), item, ...list.slice(index)];
const mapLane = (state: BoardState, laneId: string, change: (lane: BoardLane) => BoardLane): BoardState => ({
  ...state,
  lanes: state.lanes.map((lane) => (lane.laneId === laneId ? change(lane) : lane)),
});

export const evolveBoard = (state: BoardState, event: BoardEvent): BoardState => {
  switch (event.type) {
    case 'BoardCreated':
      return { ...initialBoardState(), ...event.data, exists: true };
    case 'BoardRenamed':
      return { ...state, name: event.data.name };
    case 'BoardProjectChanged':
      return { ...state, projectId: event.data.projectId };
    case 'BoardMadeDefault':
      return { ...state, isDefault: true };
    case 'BoardDefaultCleared':
      return { ...state, isDefault: false };
    case 'BoardDeleted':
      return { ...state, deleted: true };
    case 'BoardLaneAdded': {
      const { laneId, name, rule, index } = event.data;
      const others = state.lanes.filter((lane) => lane.laneId !== laneId);
      return { ...state, lanes: insertAt(others, Math.min(index, others.length), { laneId, name, rule, cards: [] }) };
    }
    case 'BoardLaneUpdated':
      return mapLane(state, event.data.laneId, (lane) => ({ ...lane, name: event.data.name, rule: event.data.rule }));
    case 'BoardLaneMoved': {
      const lane = state.lanes.find((l) => l.laneId === event.data.laneId);
      if (!lane) return state;
      const others = state.lanes.filter((l) => l.laneId !== lane.laneId);
      return { ...state, lanes: insertAt(others, Math.min(event.data.index, others.length), lane) };
    }
    case 'BoardLaneRemoved':
      return { ...state, lanes: state.lanes.filter((lane) => lane.laneId !== event.data.laneId) };
    case 'BoardCardPlaced': {
      const { laneId, taskId, index } = event.data;
      const lanes = state.lanes.map((lane) => {
        const cards = lane.cards.filter((id) => id !== taskId);
        return lane.laneId === laneId ? { ...lane, cards: insertAt(cards, Math.min(index, cards.length), taskId) } : { ...lane, cards };
      });
      return { ...state, lanes };
    }
    case 'BoardCardRemoved':
      return { ...state, lanes: state.lanes.map((lane) => ({ ...lane, cards: lane.cards.filter((id) => id !== event.data.taskId) })) };
  }
};
