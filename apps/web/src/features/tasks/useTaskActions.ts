import type { Body, Task, taskRoutes } from '@stramien/api';
import type { TaskStatus } from '@stramien/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../shared/apiErrors';
import { serverText } from '../../shared/serverText';
import { showToast } from '../../shared/toaster';
import { storeTask, taskCalls } from './queries';

type Answer = { message: string; data: Task; position: number };

/**
 * The task commands of the screens: each shows the server's message, puts the resulting task in every view that
 * holds it (spec 1 §4), and marks the task busy while it runs, so its inline fields wait.
 */
export const useTaskActions = () => {
  const { t } = useTranslation('tasks');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const run = useCallback(
    async (taskId: string, call: () => Promise<Answer>): Promise<Task | null> => {
      setBusy((ids) => new Set(ids).add(taskId));
      try {
        const answer = await call();
        storeTask(queryClient, answer.data, answer.position);
        showToast({ intent: 'success', message: serverText(answer.message), timeout: 2500 });
        return answer.data;
      } catch (error) {
        showToast({ intent: 'danger', message: serverMessage(error) ?? t('tasks.error.failed') });
        return null;
      } finally {
        setBusy((ids) => {
          const next = new Set(ids);
          next.delete(taskId);
          return next;
        });
      }
    },
    [queryClient, t],
  );

  const setStatus = useCallback(
    (task: { id: string; status: TaskStatus }, status: TaskStatus) => {
      if (status === task.status) return Promise.resolve(null);
      if (status === 'open') return run(task.id, () => taskCalls.reopen(task.id));
      return run(task.id, () => (status === 'closed' ? taskCalls.close(task.id) : taskCalls.cancel(task.id)));
    },
    [run],
  );

  const update = useCallback(
    (taskId: string, body: Body<typeof taskRoutes.update>) => run(taskId, () => taskCalls.update(taskId, body)),
    [run],
  );

  return { busy, run, setStatus, update };
};
