import { Button, HTMLSelect, InputGroup, NonIdealState, Switch } from '@blueprintjs/core';
import { PropertiesIcon, SearchIcon } from '@blueprintjs/icons';
import { TASK_PRIORITIES, TASK_STATUSES } from '@stramien/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/QueryState';
import { TaskTable } from './components/TaskTable/TaskTable';
import { taskListQuery } from './queries';
import { useTasksOutlet } from './TasksLayout';
import {
  TASK_LIST_GROUPS,
  keyPart,
  initialTaskListState,
  taskListEntries,
  taskListQueryOf,
  type TaskListSort,
  type TaskListState,
} from './taskListView';
import { useTaskActions } from './useTaskActions';

/** /tasks/list — every task the user may see: sorted, filtered and grouped by the server's order, paged while scrolling. */
export const TaskListPage = () => {
  const { t } = useTranslation('tasks');
  const { projects, projectName } = useTasksOutlet();
  const [state, setState] = useState<TaskListState>(initialTaskListState);
  const search = useDeferredValue(state.search);
  const params = useMemo(() => ({ query: taskListQueryOf({ ...state, search }) }), [state, search]);
  const list = useInfiniteQuery(taskListQuery(params));
  const actions = useTaskActions();
  const tasks = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const entries = useMemo(() => taskListEntries(tasks, state.group), [tasks, state.group]);
  const total = list.data?.pages[0]?.meta.total ?? 0;
  const set = (change: Partial<TaskListState>) => setState((s) => ({ ...s, ...change }));
  const sortBy = (sort: TaskListSort) => set(sort === state.sort ? { descending: !state.descending } : { sort, descending: false });

  return (
    <div className="stramien-task-list">
      <div className="stramien-tasks__toolbar" data-testid="task-list-toolbar">
        <InputGroup
          type="search"
          leftIcon={<SearchIcon />}
          placeholder={t('tasks.list.search')}
          aria-label={t('tasks.list.search')}
          value={state.search}
          onValueChange={(value) => set({ search: value })}
        />
        <HTMLSelect
          aria-label={t('tasks.column.project')}
          value={state.projectId ?? ''}
          onChange={(e) => set({ projectId: e.currentTarget.value || null })}
          options={[
            { value: '', label: t('tasks.list.all-projects') },
            ...projects.map((p) => ({ value: p.id, label: projectName(p.id) })),
          ]}
        />
        <HTMLSelect
          aria-label={t('tasks.column.status')}
          value={state.status}
          onChange={(e) => set({ status: e.currentTarget.value as TaskListState['status'] })}
          options={[
            { value: 'all', label: t('tasks.list.all-statuses') },
            ...TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.status.${s}`) })),
          ]}
        />
        <HTMLSelect
          aria-label={t('tasks.column.priority')}
          value={state.priority}
          onChange={(e) => set({ priority: e.currentTarget.value as TaskListState['priority'] })}
          options={[
            { value: 'all', label: t('tasks.list.all-priorities') },
            ...TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priority.${p}`) })),
          ]}
        />
        <HTMLSelect
          aria-label={t('tasks.list.group-by')}
          value={state.group}
          onChange={(e) => set({ group: e.currentTarget.value as TaskListState['group'] })}
          options={TASK_LIST_GROUPS.map((g) => ({ value: g, label: t(`tasks.group.${keyPart(g)}` as 'tasks.group.none') }))}
        />
        <Switch label={t('tasks.list.mine')} checked={state.mine} onChange={(e) => set({ mine: e.currentTarget.checked })} />
        <span className="bp6-text-muted" data-testid="task-count">
          {t('tasks.list.count', { count: total })}
        </span>
        <Button variant="minimal" text={t('tasks.list.reset')} onClick={() => setState(initialTaskListState)} />
      </div>
      <QueryState
        query={{ ...list, data: list.data ? tasks : undefined }}
        empty={<NonIdealState icon={<PropertiesIcon size={48} />} title={t('tasks.list.empty')} />}
      >
        <TaskTable
          entries={entries}
          total={total}
          sort={state.group === 'none' ? state.sort : state.group}
          descending={state.group === 'none' && state.descending}
          onSort={sortBy}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          projectName={projectName}
          busy={actions.busy}
          onStatus={(task, status) => void actions.setStatus(task, status)}
          onPriority={(task, priority) => void actions.update(task.id, { priority })}
          onAssignee={(task, userId) => void actions.update(task.id, { assigned_to: userId })}
        />
      </QueryState>
    </div>
  );
};
