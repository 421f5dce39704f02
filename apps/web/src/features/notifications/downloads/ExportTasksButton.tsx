import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { ExportIcon } from '@blueprintjs/icons';
import { jobRoutes, TASK_EXPORT_FORMATS } from '@stramien/api';
import type { TaskQueryFilter } from '@stramien/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { serverMessage } from '../../../shared/apiErrors';
import { serverText } from '../../../shared/serverText';
import { showToast } from '../../../shared/toaster';
import { useSession } from '../../identity/session/useSession';
import { notificationKeys } from '../queries';

export interface ExportTasksButtonProps {
  /** the task query's filters (column, operator, values); none: every task the user sees */
  filters?: TaskQueryFilter[];
  /** one project's tasks */
  projectId?: string;
}

/**
 * Starts a background export of a task list (CSV or XLSX) and says so with the spec's message; the file comes to
 * /downloads, and a download notification tells when it is there.
 */
export const ExportTasksButton = ({ filters = [], projectId }: ExportTasksButtonProps) => {
  const { t } = useTranslation('notifications');
  const { licence } = useSession();
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<(typeof TASK_EXPORT_FORMATS)[number]>('csv');
  const exportTasks = useMutation({
    mutationFn: () =>
      api.call(jobRoutes.exportTasks, {
        body: {
          format,
          filters,
          ...(projectId ? { project: { id: projectId } } : {}),
          ...(licence ? { license: { id: licence.id } } : {}),
        },
      }),
    onSuccess: (res) => {
      showToast({ intent: 'success', message: serverText(res.message) });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.downloads() });
    },
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('notifications.downloads.export-failed') }),
  });
  return (
    <ButtonGroup>
      <HTMLSelect
        aria-label={t('notifications.downloads.format')}
        data-testid="export-format"
        value={format}
        onChange={(e) => setFormat(e.currentTarget.value as typeof format)}
        options={TASK_EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
      />
      <Button
        icon={<ExportIcon />}
        intent="primary"
        data-testid="export-tasks"
        loading={exportTasks.isPending}
        text={t('notifications.downloads.export-tasks')}
        onClick={() => exportTasks.mutate()}
      />
    </ButtonGroup>
  );
};
