import type { Doc } from '@stramien/infra';
import type { BoardEvent, BoardLane, BoardState, EventEnvelope } from '@stramien/domain';
import { boardEventTypes, evolveBoard, initialBoardState } from '@stramien/domain';
import type { Projection } from '../runner/projection';

/**
 * The `boards` read model: one document per live board, folded with the domain's own `evolveBoard`, so the list
 * and the aggregate never disagree about lanes and kept card order.
 */
export interface BoardDoc extends Doc {
  _id: string;
  licenceId: string;
  ownerId: string;
  projectId: string | null;
  name: string;
  isDefault: boolean;
  lanes: BoardLane[];
  createdAt: string;
}

const toState = (doc: BoardDoc): BoardState => ({
  ...initialBoardState(),
  exists: true,
  boardId: doc._id,
  licenceId: doc.licenceId,
  ownerId: doc.ownerId,
  projectId: doc.projectId,
  name: doc.name,
  isDefault: doc.isDefault,
  lanes: doc.lanes,
});

export const boardsProjection: Projection<BoardDoc> = {
  name: 'boards',
  collection: 'boards',
  eventTypes: boardEventTypes,
  documentIds: (event) => [(event.data as { boardId: string }).boardId],
  indexes: [{ keys: { ownerId: 1, licenceId: 1 } }],
  evolve(doc, envelope) {
    const event = { type: envelope.type, data: envelope.data } as BoardEvent;
    if (event.type !== 'BoardCreated' && !doc) return doc;
    const state = evolveBoard(doc ? toState(doc) : initialBoardState(), event);
    if (state.deleted) return null;
    return {
      _id: state.boardId,
      licenceId: state.licenceId,
      ownerId: state.ownerId,
      projectId: state.projectId,
      name: state.name,
      isDefault: state.isDefault,
      lanes: state.lanes,
      createdAt: doc?.createdAt ?? (envelope as EventEnvelope).metadata.occurredAt,
    };
  },
};

/** The user's live boards in a licence, oldest first (spec 2 §4: "the first" board is the oldest). */
export const sortBoards = (docs: BoardDoc[]): BoardDoc[] =>
  [...docs].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
