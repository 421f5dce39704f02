import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOARD_LANE_CARDS_SHOWN, boardRoutes, type Board, type BoardCard } from '@stramien/api';
import {
  boardDecider,
  boardMessages,
  boardSchemas,
  canUseBoard,
  commandForLaneDrop,
  DomainError,
  format,
  isUserAdmin,
  laneOfTask,
  orderLaneCards,
  toBoardStreamId,
  type Actor,
  type BoardLane,
  type BoardState,
  type LaneRule,
  type TaskState,
} from '@stramien/domain';
import { sortBoards, type BoardDoc, type LabelDoc, type UserDoc } from '@stramien/projections';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import { TASKS_COLLECTION, type TaskDoc } from '@stramien/projections/tasks/tasks';
import { loadTaskAccess, taskNotFound, visibleTaskFilter } from '../../access/taskAccess';
import { memberProjectIds, PROJECTS_COLLECTION } from '../../plugins/permissionSubject';
import { taskCommandsOf } from '../tasks/taskCommands';
import { addRoute } from '../../plugins/route';
import { actorOf } from '../../plugins/auth';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadLicenceAccess } from '../../access/licenceAccess';
import { loadProjectAccess, projectNotFound } from '../../access/projectAccess';

type BoardLike = Pick<BoardState, 'boardId' | 'name' | 'isDefault' | 'projectId' | 'lanes'>;

const boardNotFound = () => new DomainError(boardMessages.notFound, 404);

export const toBoard = (board: BoardLike): Board => ({
  id: board.boardId,
  name: board.name,
  is_default: board.isDefault,
  project: board.projectId ? { id: board.projectId } : null,
  lanes: board.lanes.map((lane) => ({ id: lane.laneId, name: lane.name, rule: lane.rule })),
});

const docToBoard = (doc: BoardDoc): Board => toBoard({ ...doc, boardId: doc._id });

type CardTask = Pick<
  TaskDoc,
  '_id' | 'number' | 'title' | 'status' | 'priority' | 'assignedTo' | 'due' | 'labels' | 'isPrivate' | 'projectId'
>;
const CARD_FIELDS = {
  _id: 1,
  number: 1,
  title: 1,
  status: 1,
  priority: 1,
  assignedTo: 1,
  due: 1,
  labels: 1,
  isPrivate: 1,
  projectId: 1,
} as const;

const toCard = (task: CardTask): BoardCard => ({
  id: task._id,
  number: task.number,
  title: task.title,
  status: task.status,
  priority: task.priority,
  assigned_to: task.assignedTo,
  due: task.due,
  labels: [...task.labels],
  is_private: task.isPrivate,
  project: task.projectId,
});
const boardTask = (task: Pick<TaskState, 'status' | 'assignedTo' | 'labels'> & { _id: string }) => ({ ...task, taskId: task._id });

/** The read-model filter of the tasks that can be in a lane: those meeting a rule, and the cards placed by hand. */
const laneFilter = (lanes: BoardLane[]): Record<string, unknown>[] => {
  const byKind = <K extends LaneRule['kind']>(kind: K) =>
    lanes.flatMap((l) => (l.rule.kind === kind ? [l.rule as Extract<LaneRule, { kind: K }>] : []));
  const placed = lanes.flatMap((l) => l.cards);
  return [
    ...(byKind('status').length ? [{ status: { $in: byKind('status').map((r) => r.status) } }] : []),
    ...(byKind('assignee').length ? [{ assignedTo: { $in: byKind('assignee').map((r) => r.userId) } }] : []),
    ...(byKind('label').length ? [{ labels: { $in: byKind('label').map((r) => r.labelId) } }] : []),
    ...(placed.length ? [{ _id: { $in: placed } }] : []),
  ];
};
/** due date first (none last), then number: the order of the cards nobody placed */
const byDue = (a: CardTask, b: CardTask): number =>
  (a.due ?? '\uffff').localeCompare(b.due ?? '\uffff') || a.number - b.number || a._id.localeCompare(b._id);

/**
 * Boards with lanes (spec 2 §7). Boards are personal (docs/tasks.md, Board): only their owner, while still a user of
 * the board's licence, sees or changes one; for anyone else the board does not exist (404).
 */
export const registerBoardRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { documentStore } = deps.adapters;
  const boards = documentStore.collection<BoardDoc>('boards');
  const users = documentStore.collection<UserDoc>('users');
  const labels = documentStore.collection<LabelDoc>('labels');

  const handle = createCommandHandler(app, { decider: boardDecider, schemas: boardSchemas, toStreamId: toBoardStreamId });

  /** the board's state and the owner acting in its licence; 404 for an unknown, deleted or someone else's board */
  const loadBoard = async (request: FastifyRequest, boardId: string): Promise<{ state: BoardState; actor: Actor }> => {
    const state = await handle.load(boardId);
    if (!state.exists || state.deleted) throw boardNotFound();
    const access = await loadLicenceAccess(deps, request, state.licenceId).catch(() => {
      throw boardNotFound();
    });
    if (!canUseBoard(access.actor, state)) throw boardNotFound();
    return { state, actor: access.actor };
  };

  /** the project a board may show: one the user can see, in the board's licence (else 404) */
  const checkProject = async (request: FastifyRequest, projectId: string | null | undefined, licenceId: string): Promise<void> => {
    if (!projectId) return;
    const access = await loadProjectAccess(deps, request, projectId, 'project');
    if (access.project.licenceId !== licenceId) throw projectNotFound();
  };

  /** is the lane's user in the board's licence, or its label one of the licence (and of the board's project, if any)? */
  const ruleTargetAvailable = async (rule: LaneRule | undefined, board: Pick<BoardState, 'licenceId' | 'projectId'>) => {
    if (rule?.kind === 'assignee') {
      const user = await users.findOne({ _id: rule.userId });
      return !!user && user.licences.some((l) => l.id === board.licenceId);
    }
    if (rule?.kind === 'label') {
      const label = await labels.findOne({ _id: rule.labelId });
      return (
        !!label &&
        label.licenceId === board.licenceId &&
        (label.projectId === null || board.projectId === null || label.projectId === board.projectId)
      );
    }
    return true;
  };

  /** one default board per user and licence: the others stop being the default */
  const clearOtherDefaults = async (request: FastifyRequest, actor: Actor, boardId: string): Promise<void> => {
    const others = await boards.find({ ownerId: actor.userId, licenceId: actor.licenceId, isDefault: true });
    for (const other of others.filter((b) => b._id !== boardId))
      await handle(request, other._id, { type: 'UpdateBoard', data: { isDefault: false } }, { actor });
  };

  const tasks = documentStore.collection<TaskDoc>(TASKS_COLLECTION);
  const projects = documentStore.collection<ProjectDoc>(PROJECTS_COLLECTION);

  /** the projects whose tasks the board shows: its own project while the owner can see it, else all the owner sees */
  const boardProjectIds = async (request: FastifyRequest, state: BoardState, actor: Actor): Promise<string[]> => {
    if (state.projectId) {
      const visible = await loadProjectAccess(deps, request, state.projectId, 'project').then(
        (access) => access.project.licenceId === state.licenceId,
        () => false,
      );
      return visible ? [state.projectId] : [];
    }
    const access = await loadLicenceAccess(deps, request, state.licenceId);
    if (isUserAdmin(access.subject))
      return (await projects.find({ licenceId: state.licenceId }, { projection: { _id: 1 } })).map((p) => p._id);
    const ids = await memberProjectIds(deps, actor.userId, state.licenceId);
    const live = await projects.find({ _id: { $in: ids }, archived: false }, { projection: { _id: 1 } });
    return live.map((p) => p._id);
  };

  addRoute(app, boardRoutes.list, async ({ request }) => {
    const { actor } = await loadLicenceAccess(deps, request, actorOf(request).licenceId);
    const docs = await boards.find({ ownerId: actor.userId, licenceId: actor.licenceId });
    return { data: sortBoards(docs).map(docToBoard) };
  });

  addRoute(app, boardRoutes.create, async ({ body, request }) => {
    const { actor } = await loadLicenceAccess(deps, request, actorOf(request).licenceId);
    const projectId = body.project?.id ?? null;
    await checkProject(request, projectId, actor.licenceId);
    const boardId = randomUUID();
    const result = await handle(
      request,
      boardId,
      {
        type: 'CreateBoard',
        data: { boardId, licenceId: actor.licenceId, name: body.name, projectId, isDefault: body.is_default ?? false },
      },
      { actor, ...(projectId ? { projectId } : {}) },
    );
    if (result.state.isDefault) await clearOtherDefaults(request, actor, boardId);
    return { data: toBoard(result.state), position: result.position, message: format(boardMessages.created, { name: result.state.name }) };
  });

  addRoute(app, boardRoutes.get, async ({ params, request }) => {
    const doc = await boards.findOne({ _id: params.id });
    if (!doc) throw boardNotFound();
    const access = await loadLicenceAccess(deps, request, doc.licenceId).catch(() => {
      throw boardNotFound();
    });
    if (!canUseBoard(access.actor, doc)) throw boardNotFound();
    return { data: docToBoard(doc) };
  });

  addRoute(app, boardRoutes.update, async ({ params, body, request }) => {
    const { state, actor } = await loadBoard(request, params.id);
    const projectId = body.project === undefined ? undefined : (body.project?.id ?? null);
    await checkProject(request, projectId, state.licenceId);
    const result = await handle(
      request,
      state.boardId,
      {
        type: 'UpdateBoard',
        data: {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(projectId !== undefined ? { projectId } : {}),
          ...(body.is_default !== undefined ? { isDefault: body.is_default } : {}),
        },
      },
      { actor },
    );
    if (body.is_default === true) await clearOtherDefaults(request, actor, state.boardId);
    return { data: toBoard(result.state), position: result.position };
  });

  addRoute(app, boardRoutes.delete, async ({ params, request }) => {
    const { state, actor } = await loadBoard(request, params.id);
    const result = await handle(request, state.boardId, { type: 'DeleteBoard', data: {} }, { actor });
    return { message: boardMessages.deleted, position: result.position };
  });

  addRoute(app, boardRoutes.addLane, async ({ params, body, request }) => {
    const { state, actor } = await loadBoard(request, params.id);
    const result = await handle(
      request,
      state.boardId,
      {
        type: 'AddBoardLane',
        data: {
          laneId: randomUUID(),
          name: body.name,
          rule: body.rule,
          ...(body.index !== undefined ? { index: body.index } : {}),
          ruleTargetAvailable: await ruleTargetAvailable(body.rule, state),
        },
      },
      { actor },
    );
    return { data: toBoard(result.state), position: result.position };
  });

  addRoute(app, boardRoutes.updateLane, async ({ params, body, request }) => {
    const { state, actor } = await loadBoard(request, params.id);
    if (!state.lanes.some((l) => l.laneId === params.laneId)) throw new DomainError(boardMessages.laneNotFound, 404);
    let result = await handle(
      request,
      state.boardId,
      {
        type: 'UpdateBoardLane',
        data: {
          laneId: params.laneId,
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.rule !== undefined ? { rule: body.rule, ruleTargetAvailable: await ruleTargetAvailable(body.rule, state) } : {}),
        },
      },
      { actor },
    );
    if (body.index !== undefined)
      result = await handle(
        request,
        state.boardId,
        { type: 'MoveBoardLane', data: { laneId: params.laneId, index: body.index } },
        { actor },
      );
    return { data: toBoard(result.state), position: result.position };
  });

  addRoute(app, boardRoutes.deleteLane, async ({ params, request }) => {
    const { state, actor } = await loadBoard(request, params.id);
    const result = await handle(request, state.boardId, { type: 'RemoveBoardLane', data: { laneId: params.laneId } }, { actor });
    return { data: toBoard(result.state), position: result.position };
  });

  addRoute(app, boardRoutes.cards, async ({ params, request }) => {
    const { state, actor } = await loadBoard(request, params.id);
    const rules = laneFilter(state.lanes);
    const projectIds = await boardProjectIds(request, state, actor);
    const found =
      rules.length === 0 || projectIds.length === 0
        ? []
        : await tasks.find(
            { $and: [{ projectId: { $in: projectIds } }, visibleTaskFilter(actor.userId), { $or: rules }] },
            { projection: CARD_FIELDS },
          );
    const byLane = new Map<string, CardTask[]>(state.lanes.map((l) => [l.laneId, []]));
    for (const task of (found as CardTask[]).sort(byDue)) {
      const lane = laneOfTask(state.lanes, boardTask(task));
      if (lane) byLane.get(lane.laneId)!.push(task);
    }
    return {
      data: state.lanes.map((lane) => {
        const inLane = byLane.get(lane.laneId)!;
        const index = new Map(inLane.map((t) => [t._id, t]));
        const ordered = orderLaneCards(
          lane,
          inLane.map((t) => t._id),
        );
        return {
          lane_id: lane.laneId,
          total: ordered.length,
          cards: ordered.slice(0, BOARD_LANE_CARDS_SHOWN).map((id) => toCard(index.get(id)!)),
        };
      }),
    };
  });

  /**
   * A card dropped on a lane: the lane's rule becomes task commands (`commandForLaneDrop`), sent one by one through the
   * tasks context with their checked facts, then the card takes its place in the lane (`PlaceBoardCard`). The task
   * must be one the board shows (its project, visible to the owner); a refused task command places nothing.
   */
  addRoute(app, boardRoutes.moveCard, async ({ params, body, request }) => {
    const { state, actor } = await loadBoard(request, params.id);
    const lane = state.lanes.find((l) => l.laneId === body.lane_id);
    if (!lane) throw new DomainError(boardMessages.laneNotFound, 404);
    const access = await loadTaskAccess(deps, request, params.taskId);
    const inScope = access.task.licenceId === state.licenceId && (state.projectId === null || access.task.projectId === state.projectId);
    if (!inScope) throw taskNotFound();
    const taskCommands = taskCommandsOf(app);
    let task: CardTask = access.task;
    let position = 0;
    for (const command of commandForLaneDrop(lane, boardTask(task), laneOfTask(state.lanes, boardTask(task)))) {
      const current = { ...access, task: { ...access.task, ...task } };
      const result =
        command.type === 'UpdateTask'
          ? await taskCommands.update(request, current, command.data)
          : command.type === 'AddTaskLabel'
            ? await taskCommands.addLabel(request, current, command.data.labelId)
            : await taskCommands.send(request, current, command);
      task = { ...task, status: result.state.status, assignedTo: result.state.assignedTo, labels: result.state.labels };
      position = result.position;
    }
    const placed = await handle(
      request,
      state.boardId,
      { type: 'PlaceBoardCard', data: { laneId: lane.laneId, taskId: task._id, index: body.index, taskAvailable: true } },
      { actor },
    );
    const landed = laneOfTask(placed.state.lanes, boardTask(task));
    return { data: { ...toCard(task), lane_id: landed?.laneId ?? null }, position: Math.max(position, placed.position) };
  });
};
