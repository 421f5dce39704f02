import type { TaskListItem, TaskListQuery } from '@stramien/api';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '@stramien/domain';

/** The columns the list sorts by (server-side, so a sort covers all 10,000 rows, not the loaded pages). */
export const TASK_LIST_SORTS = ['number', 'title', 'status', 'priority', 'assigned_to', 'due', 'planned_start'] as const;
export type TaskListSort = (typeof TASK_LIST_SORTS)[number];

/** What the list groups by: a group is a run of rows the server sorted by that key, so paging keeps groups whole. */
export const TASK_LIST_GROUPS = ['none', 'status', 'priority', 'assigned_to'] as const;
export type TaskListGroup = (typeof TASK_LIST_GROUPS)[number];

export interface TaskListState {
  sort: TaskListSort;
  descending: boolean;
  group: TaskListGroup;
  search: string;
  status: TaskStatus | 'all';
  priority: TaskPriority | 'all';
  mine: boolean;
  projectId: string | null;
}

export const initialTaskListState: TaskListState = {
  sort: 'number',
  descending: false,
  group: 'none',
  search: '',
  status: 'open',
  priority: 'all',
  mine: false,
  projectId: null,
};

/** The list state as the query of POST /api/tasks: grouping sorts by the group first (one key: the group's). */
export const taskListQueryOf = (state: TaskListState): Omit<TaskListQuery, 'page' | 'per_page'> => {
  const key = state.group === 'none' ? state.sort : state.group;
  const descending = state.group === 'none' ? state.descending : false;
  return {
    sort: `${descending ? '-' : ''}${key}` as TaskListQuery['sort'],
    ...(state.search.trim() ? { 'filter[search]': state.search.trim() } : {}),
    ...(state.status !== 'all' ? { 'filter[status]': state.status } : {}),
    ...(state.priority !== 'all' ? { 'filter[priority]': state.priority } : {}),
    ...(state.mine ? { 'filter[assigned_to]': 'me' as const } : {}),
    ...(state.projectId ? { 'filter[project]': state.projectId } : {}),
  };
};

export type TaskListEntry =
  | {
      kind: 'group';
      group: Exclude<TaskListGroup, 'none'>;
      value: string;
      /** the project of its first task (assignee names) */ projectId: string;
    }
  | { kind: 'task'; task: TaskListItem };

const groupValue = (task: TaskListItem, group: Exclude<TaskListGroup, 'none'>): string => task[group];

/** The rows of the list with a header before each run of equal group values (rows arrive sorted by the group). */
export const taskListEntries = (tasks: readonly TaskListItem[], group: TaskListGroup): TaskListEntry[] => {
  if (group === 'none') return tasks.map((task) => ({ kind: 'task', task }));
  const entries: TaskListEntry[] = [];
  let current: string | null = null;
  for (const task of tasks) {
    const value = groupValue(task, group);
    if (value !== current) {
      entries.push({ kind: 'group', group, value, projectId: task.project });
      current = value;
    }
    entries.push({ kind: 'task', task });
  }
  return entries;
};

/** The statuses a task may move to from its own (spec 1 §4: open -> closed | canceled; closed | canceled -> open). */
export const statusTargets = (status: TaskStatus): TaskStatus[] => (status === 'open' ? [...TASK_STATUSES] : [status, 'open']);

export const PRIORITIES = TASK_PRIORITIES;

/** A field or event name as the last part of a translation key: 'planned_start', 'plannedStart' -> 'planned-start'. */
export const keyPart = (name: string): string =>
  name
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
