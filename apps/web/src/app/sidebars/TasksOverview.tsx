import { Button, Drawer, DrawerSize, H4, SegmentedControl } from '@blueprintjs/core';
import { CrossIcon, RefreshIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDay, taskKeys, todayTasksParams, type TaskListParams } from '../../features/tasks/queries';
import { setSidebarOpen, useSidebarOpen } from './sidebarStore';
import { TaskLines } from './TaskLines';

export const TASK_FILTERS = ['open', 'today', 'overdue', 'all'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

/** The query of each My Tasks filter: the user's tasks, open ones by due date, due today, overdue, or all. */
export const myTasksParams = (filter: TaskFilter, day: string = localDay()): TaskListParams => {
  const mine = { 'filter[assigned_to]': 'me' as const, sort: 'due' as const };
  switch (filter) {
    case 'open':
      return { query: { ...mine, 'filter[status]': 'open' } };
    case 'today':
      return todayTasksParams(day);
    case 'overdue':
      return { query: { ...mine, 'filter[status]': 'open' }, filters: [{ column: 'due', operator: '<', values: [day] }] };
    case 'all':
      return { query: { ...mine, sort: '-updated_at' } };
  }
};

/** The app bar's tasks overview (spec 1 §2: My Tasks, filters, reload, close). */
export const TasksOverview = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const open = useSidebarOpen('tasksOverview');
  const [filter, setFilter] = useState<TaskFilter>('open');
  const close = () => setSidebarOpen('tasksOverview', false);
  return (
    <Drawer
      isOpen={open}
      onClose={close}
      size={DrawerSize.STANDARD}
      hasBackdrop={false}
      canOutsideClickClose={false}
      aria-label={t('common.tasks.my-tasks')}
      className="stramien-tasks-overview"
    >
      <div className="stramien-sidebar__header stramien-sidebar__header--padded" data-testid="tasks-overview">
        <H4>{t('common.tasks.my-tasks')}</H4>
        <div>
          <Button
            variant="minimal"
            icon={<RefreshIcon />}
            text={t('common.tasks.reload')}
            data-testid="tasks-reload"
            onClick={() => void queryClient.invalidateQueries({ queryKey: taskKeys.lists })}
          />
          <Button
            variant="minimal"
            icon={<CrossIcon />}
            text={t('common.action.close')}
            data-testid="tasks-overview-close"
            onClick={close}
          />
        </div>
      </div>
      <div className="stramien-tasks-overview__filters">
        <SegmentedControl
          size="small"
          value={filter}
          onValueChange={(value) => setFilter(value as TaskFilter)}
          options={TASK_FILTERS.map((value) => ({ value, label: t(`common.tasks.filter-${value}`) }))}
        />
      </div>
      <div className="stramien-tasks-overview__list">
        <TaskLines params={myTasksParams(filter)} onOpen={close} testId="my-task-lines" />
      </div>
    </Drawer>
  );
};
