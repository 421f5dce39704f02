import type { Task, TaskListItem } from '@stramien/api';

/** A task as lists show it, numbered in creation order; any field may be given. */
let n = 0;
export const taskItem = (over: Partial<TaskListItem> = {}): TaskListItem => {
  n++;
  return {
    id: `t-${n}`,
    number: n,
    title: `Task ${n}`,
    description: null,
    parent: null,
    children_count: 0,
    type: null,
    task_type: null,
    metadata: null,
    sbscode: null,
    status: 'open',
    priority: 'normal',
    assigned_to: 'u-1',
    created_by: 'u-1',
    project: 'p-1',
    license: 'l-1',
    planned_start: null,
    planned_end: null,
    due: null,
    is_private: false,
    automated: false,
    automation_id: null,
    labels: [],
    checks: [],
    relations: [],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    appendixes_count: 0,
    activities_count: 0,
    ...over,
  };
};

/** A task with everything (detail, command answers). */
export const taskOf = (over: Partial<Task> = {}): Task => {
  const { appendixes_count: _a, activities_count: _b, ...base } = taskItem();
  return { ...base, appendixes: [], activities: [], ...over };
};
