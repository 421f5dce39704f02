import { Button, HTMLSelect } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import type { Board, BoardLaneView, Label } from '@stramien/api';
import { BOARD_NAME_MAX, TASK_STATUSES, type LaneRule, type TaskStatus } from '@stramien/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/forms/FormField';
import { boardCalls, boardKeys } from '../queries';
import { useBoardToasts } from '../useBoardToasts';
import { NameDialog } from '../../../shared/forms/NameDialog';

const KINDS = ['status', 'assignee', 'label', 'manual'] as const satisfies readonly LaneRule['kind'][];

/** Adds or edits a lane: its name and its rule (a status, an assignee, a label, or manual); an existing lane can be deleted here. */
export const LaneDialog = ({
  board,
  lane,
  labels,
  people,
  onClose,
  calls = boardCalls,
}: {
  board: Board;
  lane?: BoardLaneView;
  labels: Label[];
  /** users an assignee lane may name: id -> name, the signed-in user first */
  people: [string, string][];
  onClose: () => void;
  /** the lane calls (tests pass their own) */
  calls?: Pick<typeof boardCalls, 'addLane' | 'updateLane' | 'removeLane'>;
}) => {
  const { t } = useTranslation('boards');
  const queryClient = useQueryClient();
  const toasts = useBoardToasts();
  const rule = lane?.rule;
  const [name, setName] = useState(lane?.name ?? '');
  const [kind, setKind] = useState<LaneRule['kind']>(rule?.kind ?? 'status');
  const [status, setStatus] = useState<TaskStatus>(rule?.kind === 'status' ? rule.status : 'open');
  const [userId, setUserId] = useState(rule?.kind === 'assignee' ? rule.userId : (people[0]?.[0] ?? ''));
  const [labelId, setLabelId] = useState(rule?.kind === 'label' ? rule.labelId : (labels[0]?.id ?? ''));
  const chosen = (): LaneRule | null => {
    if (kind === 'status') return { kind, status };
    if (kind === 'assignee') return userId ? { kind, userId } : null;
    if (kind === 'label') return labelId ? { kind, labelId } : null;
    return { kind: 'manual' };
  };
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: boardKeys.all });
    onClose();
  };
  const save = useMutation({
    mutationFn: (next: LaneRule) =>
      lane
        ? calls.updateLane(board.id, lane.id, { name: name.trim(), rule: next })
        : calls.addLane(board.id, { name: name.trim(), rule: next }),
    onSuccess: done,
    onError: toasts.failed,
  });
  const remove = useMutation({ mutationFn: () => calls.removeLane(board.id, lane!.id), onSuccess: done, onError: toasts.failed });
  return (
    <NameDialog
      title={lane ? t('boards.lane-dialog.edit-title') : t('boards.lane-dialog.create-title')}
      id="lane-name"
      label={t('boards.lane-dialog.name')}
      value={name}
      onChange={setName}
      maxLength={BOARD_NAME_MAX}
      requiredMessage={t('boards.dialog.required')}
      submitText={t('boards.dialog.save')}
      cancelText={t('boards.dialog.cancel')}
      submitTestId="lane-save"
      error={save.error}
      pending={save.isPending}
      onSubmit={() => {
        const next = chosen();
        if (next) save.mutate(next);
      }}
      onClose={onClose}
      actions={
        lane ? (
          <Button
            intent="danger"
            variant="minimal"
            icon={<TrashIcon />}
            text={t('boards.lane-dialog.delete')}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          />
        ) : null
      }
    >
      <FormField id="lane-kind" label={t('boards.lane-dialog.rule')} helper={t(`boards.lane-hint.${kind}`)}>
        <HTMLSelect id="lane-kind" fill value={kind} onChange={(e) => setKind(e.currentTarget.value as LaneRule['kind'])}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`boards.lane-kind.${k}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormField>
      {kind === 'status' ? (
        <FormField id="lane-status" label={t('boards.lane-dialog.status')}>
          <HTMLSelect id="lane-status" fill value={status} onChange={(e) => setStatus(e.currentTarget.value as TaskStatus)}>
            {TASK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`boards.status.${s}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormField>
      ) : null}
      {kind === 'assignee' ? (
        <FormField id="lane-user" label={t('boards.lane-dialog.user')} required>
          <HTMLSelect id="lane-user" fill value={userId} onChange={(e) => setUserId(e.currentTarget.value)}>
            {people.map(([id, person]) => (
              <option key={id} value={id}>
                {person}
              </option>
            ))}
          </HTMLSelect>
        </FormField>
      ) : null}
      {kind === 'label' ? (
        <FormField
          id="lane-label"
          label={t('boards.lane-dialog.label')}
          required
          error={labels.length === 0 ? t('boards.lane-dialog.no-labels') : undefined}
        >
          <HTMLSelect
            id="lane-label"
            fill
            value={labelId}
            disabled={labels.length === 0}
            onChange={(e) => setLabelId(e.currentTarget.value)}
          >
            {labels.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title}
              </option>
            ))}
          </HTMLSelect>
        </FormField>
      ) : null}
    </NameDialog>
  );
};
