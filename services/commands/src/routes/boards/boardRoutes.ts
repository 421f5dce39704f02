import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { boardRoutes, type Board } from '@stramien/api';
import {
  boardDecider,
  boardMessages,
  boardSchemas,
  canUseBoard,
  DomainError,
  format,
  toBoardStreamId,
  type Actor,
  type BoardState,
  type LaneRule,
} from '@stramien/domain';
import { sortBoards, type BoardDoc, type LabelDoc, type UserDoc } from '@stramien/projections';
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
};
