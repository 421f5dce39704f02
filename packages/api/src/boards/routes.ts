import { z } from 'zod';
import { BOARD_LANE_ORDER_MAX, BOARD_LANES_MAX, BOARD_NAME_MAX, laneRuleSchema, TASK_PRIORITIES, TASK_STATUSES } from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RouteContract, type RoutePolicy } from '../shared/contract';

/** A lane as the API shows it: its rule decides which task cards it holds and what a drop onto it means. */
export const boardLaneViewSchema = z.object({ id: z.string(), name: z.string(), rule: laneRuleSchema });
export type BoardLaneView = z.infer<typeof boardLaneViewSchema>;

/** A board (spec 2 §3: id, default flag, lanes); personal to its owner, optionally of one project. */
export const boardSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  /** null: tasks of every project the owner can see */
  project: z.object({ id: z.string() }).nullable(),
  lanes: z.array(boardLaneViewSchema),
});
export type Board = z.infer<typeof boardSchema>;

/** A task as a board card shows it (the task's own names, as in the task API). */
export const boardCardSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  assigned_to: z.string(),
  due: z.string().nullable(),
  labels: z.array(z.string()),
  is_private: z.boolean(),
  project: z.string(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** Cards a lane answers at most; `total` counts them all. */
export const BOARD_LANE_CARDS_SHOWN = 200;

/** The cards of one lane: the kept order first, then the others by due date and number. */
export const boardLaneCardsSchema = z.object({
  lane_id: z.string(),
  total: z.number().int().nonnegative(),
  cards: z.array(boardCardSchema),
});
export type BoardLaneCards = z.infer<typeof boardLaneCardsSchema>;

// boards are personal: any signed-in user has their own; another user's board answers 404 (route-level check)
const mine: RoutePolicy = { access: 'user' };
const boardParams = z.object({ id: uuid });
const laneParams = z.object({ id: uuid, laneId: uuid });
const name = z.string().max(BOARD_NAME_MAX);
const projectRef = z.object({ id: uuid }).strict();
const laneIndex = z
  .number()
  .int()
  .min(0)
  .max(BOARD_LANES_MAX - 1);
const okMessage = z.object({ message: z.string(), position: z.number().int().nonnegative() });

/** Boards with lanes (spec 2 §7 News, tokens, boards); the card calls are Stramien's (docs/tasks.md, Board API). */
export const boardRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/boards',
    summary: "The signed-in user's boards in the selected licence, oldest first",
    tag: 'boards',
    auth: true,
    policy: mine,
    response: z.object({ data: z.array(boardSchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/boards',
    summary: 'Create a board; with a project it shows the tasks of that project, else of every project the user can see',
    tag: 'boards',
    auth: true,
    policy: mine,
    body: z.object({ name, project: projectRef.nullable().optional(), is_default: z.boolean().optional() }).strict(),
    response: commandResult(boardSchema).extend({ message: z.string() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/boards/:id',
    summary: 'One board with its lanes',
    tag: 'boards',
    auth: true,
    policy: mine,
    params: boardParams,
    response: z.object({ data: boardSchema }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/boards/:id',
    summary: 'Rename a board, change its project, or make it the default (the previous default stops being one)',
    tag: 'boards',
    auth: true,
    policy: mine,
    params: boardParams,
    body: z.object({ name: name.optional(), project: projectRef.nullable().optional(), is_default: z.boolean().optional() }).strict(),
    response: commandResult(boardSchema),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/boards/:id',
    summary: 'Delete a board',
    tag: 'boards',
    auth: true,
    policy: mine,
    params: boardParams,
    response: okMessage,
  }),
  addLane: defineRoute({
    method: 'POST',
    path: '/api/boards/:id/lanes',
    summary: 'Add a lane with a rule (a status, an assignee, a label, or manual), at the end or at index',
    tag: 'boards',
    auth: true,
    policy: mine,
    params: boardParams,
    body: z.object({ name, rule: laneRuleSchema, index: laneIndex.optional() }).strict(),
    alsoAnswers: [409],
    response: commandResult(boardSchema),
  }),
  updateLane: defineRoute({
    method: 'PUT',
    path: '/api/boards/:id/lanes/:laneId',
    summary: "Change a lane's name or rule, or move it to index",
    tag: 'boards',
    auth: true,
    policy: mine,
    params: laneParams,
    body: z.object({ name: name.optional(), rule: laneRuleSchema.optional(), index: laneIndex.optional() }).strict(),
    alsoAnswers: [409],
    response: commandResult(boardSchema),
  }),
  deleteLane: defineRoute({
    method: 'DELETE',
    path: '/api/boards/:id/lanes/:laneId',
    summary: 'Remove a lane',
    tag: 'boards',
    auth: true,
    policy: mine,
    params: laneParams,
    response: commandResult(boardSchema),
  }),
  cards: defineRoute({
    method: 'GET',
    path: '/api/boards/:id/cards',
    summary:
      "The task cards of each lane: tasks of the board's project (or of every project the user can see) that meet a lane's rule or were placed in a manual lane; private tasks only for their creator and assignee",
    tag: 'boards',
    auth: true,
    policy: mine,
    params: boardParams,
    response: z.object({ data: z.array(boardLaneCardsSchema) }),
  }),
  moveCard: defineRoute({
    method: 'PUT',
    path: '/api/boards/:id/cards/:taskId',
    summary:
      "Drop a task's card on a lane at index: the lane's rule is applied to the task as task commands (close, reopen, cancel, assign, label), then the card keeps its place in the lane",
    tag: 'boards',
    auth: true,
    policy: mine,
    params: z.object({ id: uuid, taskId: uuid }),
    body: z.object({ lane_id: uuid, index: z.number().int().min(0).max(BOARD_LANE_ORDER_MAX) }).strict(),
    alsoAnswers: [409, 422],
    response: commandResult(boardCardSchema.extend({ lane_id: z.string().nullable() })),
  }),
} satisfies Record<string, RouteContract>;
