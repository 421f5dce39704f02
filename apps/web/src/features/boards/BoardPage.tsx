import { Alert, Button, ButtonGroup, HTMLSelect, NonIdealState, Tag } from '@blueprintjs/core';
import { AddColumnRightIcon, EditIcon, PlusIcon, TrashIcon, ColumnLayoutIcon } from '@blueprintjs/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCorners, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { Board, BoardLaneCards, BoardLaneView } from '@stramien/api';
import { boardAfterDelete, pickBoard } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { QueryState } from '../../shared/QueryState';
import { useSession } from '../identity/session/useSession';
import { BoardDialog } from './components/BoardDialog';
import { BoardLaneColumn } from './components/BoardLaneColumn';
import { LaneDialog } from './components/LaneDialog';
import { dropTarget, moveCardLocally, type DropTarget } from './dragAndDrop';
import { boardCalls, boardCardsQuery, boardKeys, boardLabelsQuery, boardMembersQuery, boardsQuery } from './queries';
import { useBoardToasts } from './useBoardToasts';
import './boards.css';

const withIds = (boards: Board[]) => boards.map((b) => ({ ...b, boardId: b.id, isDefault: b.is_default }));

type Dialog = { kind: 'board'; board?: Board } | { kind: 'lane'; lane?: BoardLaneView } | { kind: 'delete' } | null;

/**
 * /tasks/board (spec 2 §4): the user's boards; after load the one in the address, else the default, else the first;
 * after a delete the first remaining one. Lanes hold task cards; a card dragged to another lane gets that lane's rule.
 */
export const BoardPage = () => {
  const { t } = useTranslation('boards');
  const [search, setSearch] = useSearchParams();
  const boards = useQuery(boardsQuery());
  const [dialog, setDialog] = useState<Dialog>(null);
  const toasts = useBoardToasts();
  const queryClient = useQueryClient();
  const select = (id: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('board', id);
        else next.delete('board');
        return next;
      },
      { replace: true },
    );
  const board = pickBoard(withIds(boards.data ?? []), search.get('board'));
  const remove = useMutation({
    mutationFn: (id: string) => boardCalls.remove(id),
    onSuccess: async (_res, id) => {
      toasts.success(t('boards.toast.deleted'));
      select(boardAfterDelete(withIds(boards.data ?? []), id)?.id ?? null);
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: boardKeys.list() });
    },
    onError: toasts.failed,
  });

  return (
    <div className="stramien-board" data-testid="board-page">
      <div className="stramien-board__toolbar">
        {boards.data && boards.data.length > 0 ? (
          <HTMLSelect
            aria-label={t('boards.select.label')}
            value={board?.id ?? ''}
            onChange={(e) => select(e.currentTarget.value)}
            data-testid="board-select"
          >
            {boards.data.map((b) => (
              <option key={b.id} value={b.id}>
                {b.is_default ? `${b.name} (${t('boards.toolbar.default')})` : b.name}
              </option>
            ))}
          </HTMLSelect>
        ) : null}
        <ButtonGroup>
          <Button icon={<PlusIcon />} text={t('boards.toolbar.new')} onClick={() => setDialog({ kind: 'board' })} data-testid="board-new" />
          {board ? (
            <>
              <Button icon={<AddColumnRightIcon />} text={t('boards.lane.add')} onClick={() => setDialog({ kind: 'lane' })} />
              <Button icon={<EditIcon />} text={t('boards.toolbar.edit')} onClick={() => setDialog({ kind: 'board', board })} />
              <Button
                icon={<TrashIcon />}
                intent="danger"
                variant="minimal"
                text={t('boards.toolbar.delete')}
                onClick={() => setDialog({ kind: 'delete' })}
              />
            </>
          ) : null}
        </ButtonGroup>
        {board?.is_default ? <Tag minimal>{t('boards.toolbar.default')}</Tag> : null}
      </div>
      <QueryState
        query={boards}
        empty={
          <NonIdealState
            icon={<ColumnLayoutIcon size={48} />}
            title={t('boards.empty.title')}
            description={t('boards.empty.description')}
            action={
              <Button intent="primary" icon={<PlusIcon />} text={t('boards.toolbar.new')} onClick={() => setDialog({ kind: 'board' })} />
            }
          />
        }
      >
        {board ? <BoardLanes board={board} onEditLane={(lane) => setDialog({ kind: 'lane', lane })} /> : null}
      </QueryState>
      {dialog?.kind === 'board' ? (
        <BoardDialog
          board={dialog.board}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            select(saved.id);
          }}
        />
      ) : null}
      {dialog?.kind === 'lane' && board ? <LaneDialogFor board={board} lane={dialog.lane} onClose={() => setDialog(null)} /> : null}
      <Alert
        isOpen={dialog?.kind === 'delete'}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={t('boards.delete.ok')}
        cancelButtonText={t('boards.dialog.cancel')}
        loading={remove.isPending}
        onConfirm={() => board && remove.mutate(board.id)}
        onCancel={() => setDialog(null)}
      >
        {t('boards.delete.confirm', { name: board?.name ?? '' })}
      </Alert>
    </div>
  );
};

/** The users an assignee lane may name: the signed-in user, and the members of the board's project. */
const usePeople = (board: Board): [string, string][] => {
  const { t } = useTranslation('boards');
  const { user } = useSession();
  const members = useQuery({ ...boardMembersQuery(board.project?.id ?? ''), enabled: !!board.project });
  return useMemo(
    () => [
      [user.id, t('boards.lane-dialog.me')],
      ...(members.data ?? []).filter((m) => m.id !== user.id).map((m): [string, string] => [m.id, m.name]),
    ],
    [members.data, user.id, t],
  );
};

const LaneDialogFor = ({ board, lane, onClose }: { board: Board; lane?: BoardLaneView; onClose: () => void }) => {
  const labels = useQuery(boardLabelsQuery());
  const people = usePeople(board);
  return <LaneDialog board={board} lane={lane} labels={labels.data ?? []} people={people} onClose={onClose} />;
};

/** The lanes of a board with their cards; a dropped card is moved at once and the server's answer settles it. */
const BoardLanes = ({ board, onEditLane }: { board: Board; onEditLane: (lane: BoardLaneView) => void }) => {
  const { t } = useTranslation('boards');
  const queryClient = useQueryClient();
  const toasts = useBoardToasts();
  const cards = useQuery(boardCardsQuery(board.id));
  const labels = useQuery(boardLabelsQuery());
  const people = usePeople(board);
  const labelMap = useMemo(() => new Map((labels.data ?? []).map((l) => [l.id, l])), [labels.data]);
  const peopleMap = useMemo(() => new Map(people), [people]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const key = boardKeys.cards(board.id);
  const move = useMutation({
    mutationFn: ({ taskId, target }: { taskId: string; target: DropTarget }) =>
      boardCalls.moveCard(board.id, taskId, target.laneId, target.index),
    onMutate: async ({ taskId, target }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<BoardLaneCards[]>(key, (lanes) => (lanes ? moveCardLocally(lanes, taskId, target) : lanes));
    },
    onError: toasts.moveFailed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const lanes = queryClient.getQueryData<BoardLaneCards[]>(key) ?? [];
    const target = dropTarget(lanes, String(active.id), over ? String(over.id) : null);
    if (target) move.mutate({ taskId: String(active.id), target });
  };
  if (board.lanes.length === 0) return <NonIdealState icon={<ColumnLayoutIcon size={48} />} description={t('boards.empty.no-lanes')} />;
  return (
    <QueryState query={cards}>
      {(lanes) => (
        <DndContext sensors={sensors} collisionDetection={closestCorners} onDragEnd={onDragEnd}>
          <div className="stramien-board__lanes">
            {board.lanes.map((lane) => (
              <BoardLaneColumn
                key={lane.id}
                lane={lane}
                cards={lanes.find((l) => l.lane_id === lane.id)}
                labels={labelMap}
                people={peopleMap}
                onEdit={() => onEditLane(lane)}
              />
            ))}
          </div>
        </DndContext>
      )}
    </QueryState>
  );
};
