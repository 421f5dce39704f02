import { describe, expect, it } from 'vitest';
import { initialTaskState } from '@stramien/domain';
import { keepsOneShape } from '@stramien/infra/testing/index';
import { toTaskDoc } from '@stramien/projections/tasks/tasks';
import { taskDetailView, taskListItemView } from './taskQueries';

const doc = toTaskDoc(
  {
    ...initialTaskState(),
    exists: true,
    taskId: 't1',
    number: 3,
    title: 'Order the anchors',
    relations: [{ taskId: 't2', kind: 'predecessor' }],
    messages: [{ messageId: 'm1', userId: 'ann', message: 'Ordered', postedAt: '2026-11-28T10:00:00.000Z' }],
  },
  [],
  '2026-11-28T10:00:00.000Z',
);
const related = new Map([['t2', { number: 2, title: 'Measure' }]]);

describe('the task views', () => {
  it('show the detail and the list row of a task', () => {
    const detail = taskDetailView(doc, 1, related);
    expect(detail).toMatchObject({
      id: 't1',
      number: 3,
      children_count: 1,
      activities: [{ id: 'm1', message: 'Ordered' }],
      appendixes: [],
    });
    expect(detail.relations).toEqual([{ task: 't2', kind: 'predecessor', number: 2, title: 'Measure' }]);
    expect(taskListItemView(doc, 0, related)).toMatchObject({ id: 't1', appendixes_count: 0, activities_count: 1 });
  });

  it('are built with one shape each (no key added to a spread copy: docs/performance.md 40.)', () => {
    expect(keepsOneShape(() => taskDetailView(doc, 0, related))).toBe(true);
    expect(keepsOneShape(() => taskListItemView(doc, 0, related))).toBe(true);
  });
});
