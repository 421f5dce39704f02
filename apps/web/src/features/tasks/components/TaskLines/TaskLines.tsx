import { NonIdealState } from '@blueprintjs/core';
import { PropertiesIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../shared/QueryState';
import { useSession } from '../../../identity/session/useSession';
import { projectListQuery } from '../../../projects/queries';
import { taskPageQuery, type TaskListParams } from '../../queries';
import { TaskLine } from '../TaskLine/TaskLine';
import '../../tasks.css';

/** The names of the licence's projects by id ('10 School'), from the project list the dashboard loads too. */
export const useProjectNames = (): ((projectId: string) => string) => {
  const { licence } = useSession();
  const projects = useQuery({ ...projectListQuery(licence?.id ?? ''), enabled: !!licence });
  const names = useMemo(() => new Map((projects.data ?? []).map((p) => [p.id, `${p.number} ${p.name}`])), [projects.data]);
  return (projectId) => names.get(projectId) ?? '';
};

/**
 * A short list of tasks (one page of POST /api/tasks) with the spec's empty state 'No tasks found': today's tasks,
 * My Tasks, the dashboard digest.
 */
export const TaskLines = ({
  params,
  onOpen,
  testId,
  emptyTitle,
}: {
  params: TaskListParams;
  onOpen?: () => void;
  testId?: string;
  /** the empty state's title, the shell's 'No tasks found' unless given */
  emptyTitle?: string;
}) => {
  const { t } = useTranslation('tasks');
  const tasks = useQuery(taskPageQuery(params));
  const projectName = useProjectNames();
  return (
    <QueryState
      query={tasks}
      isEmpty={(data) => data.data.length === 0}
      empty={<NonIdealState icon={<PropertiesIcon size={32} />} title={emptyTitle ?? t('common.tasks.empty', { ns: 'common' })} />}
    >
      {(data) => (
        <ul className="stramien-task-lines" data-testid={testId}>
          {data.data.map((task) => (
            <TaskLine key={task.id} task={task} project={projectName(task.project)} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </QueryState>
  );
};
