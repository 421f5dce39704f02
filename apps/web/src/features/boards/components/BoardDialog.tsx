import { Checkbox, HTMLSelect } from '@blueprintjs/core';
import type { Board } from '@stramien/api';
import { BOARD_NAME_MAX, TASK_STATUSES } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/forms/FormField';
import { useSession } from '../../identity/session/useSession';
import { boardCalls, boardKeys, boardProjectsQuery } from '../queries';
import { useBoardToasts } from '../useBoardToasts';
import { NameDialog } from '../../../shared/forms/NameDialog';

/** One dialog creates and edits a board: name, project (or all my projects), default flag; new boards may start with status lanes. */
export const BoardDialog = ({ board, onClose, onSaved }: { board?: Board; onClose: () => void; onSaved: (board: Board) => void }) => {
  const { t } = useTranslation('boards');
  const { licence } = useSession();
  const queryClient = useQueryClient();
  const toasts = useBoardToasts();
  const projects = useQuery({ ...boardProjectsQuery(licence?.id ?? ''), enabled: !!licence });
  const [name, setName] = useState(board?.name ?? '');
  const [projectId, setProjectId] = useState(board?.project?.id ?? '');
  const [isDefault, setIsDefault] = useState(board?.is_default ?? false);
  const [statusLanes, setStatusLanes] = useState(true);
  const save = useMutation({
    mutationFn: async (): Promise<Board> => {
      const body = { name: name.trim(), project: projectId ? { id: projectId } : null, is_default: isDefault };
      if (board) return (await boardCalls.update(board.id, body)).data;
      let created = (await boardCalls.create(body)).data;
      if (statusLanes)
        for (const status of TASK_STATUSES)
          created = (await boardCalls.addLane(created.id, { name: t(`boards.status.${status}`), rule: { kind: 'status', status } })).data;
      return created;
    },
    onSuccess: async (saved) => {
      toasts.success(board ? t('boards.toast.saved') : t('boards.toast.created', { name: saved.name }));
      await queryClient.invalidateQueries({ queryKey: boardKeys.all });
      onSaved(saved);
    },
    onError: toasts.failed,
  });
  return (
    <NameDialog
      title={board ? t('boards.dialog.edit-title') : t('boards.dialog.create-title')}
      id="board-name"
      label={t('boards.dialog.name')}
      value={name}
      onChange={setName}
      maxLength={BOARD_NAME_MAX}
      requiredMessage={t('boards.dialog.required')}
      submitText={t('boards.dialog.save')}
      cancelText={t('boards.dialog.cancel')}
      submitTestId="board-save"
      error={save.error}
      pending={save.isPending}
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      <FormField id="board-project" label={t('boards.dialog.project')}>
        <HTMLSelect id="board-project" fill value={projectId} onChange={(e) => setProjectId(e.currentTarget.value)}>
          <option value="">{t('boards.dialog.all-projects')}</option>
          {(projects.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </HTMLSelect>
      </FormField>
      <Checkbox checked={isDefault} label={t('boards.dialog.default')} onChange={(e) => setIsDefault(e.currentTarget.checked)} />
      {board ? null : (
        <Checkbox checked={statusLanes} label={t('boards.dialog.status-lanes')} onChange={(e) => setStatusLanes(e.currentTarget.checked)} />
      )}
    </NameDialog>
  );
};
