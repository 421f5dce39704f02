import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toTaskStreamId, type TaskEvent } from '@stramien/domain';
import { startProjection, type ProjectionHarness } from '../testing/projectionHarness';
import { tasksProjection, type TaskDoc } from './tasks';

let h: ProjectionHarness;
beforeEach(async () => {
  h = await startProjection(tasksProjection);
});
afterEach(async () => {
  await h.stop();
});

const created = (taskId: string, number: number, over: Partial<Extract<TaskEvent, { type: 'TaskCreated' }>['data']> = {}): TaskEvent => ({
  type: 'TaskCreated',
  data: {
    taskId,
    licenceId: 'l1',
    projectId: 'p1',
    number,
    title: `Task ${number}`,
    description: null,
    parentId: null,
    taskType: null,
    metadata: null,
    sbscode: null,
    priority: 'normal',
    assignedTo: 'ann',
    createdBy: 'bob',
    plannedStart: null,
    plannedEnd: null,
    due: '2026-03-02',
    isPrivate: false,
    labels: ['red'],
    automated: false,
    automationId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  },
});
const append = (taskId: string, events: TaskEvent[], at?: string) =>
  h.append(
    toTaskStreamId(taskId),
    events.map((e) => ({ ...e, ...(at ? { at } : {}) })),
  );
const find = async (id: string) => (await h.find(id)) as TaskDoc | null;
const notice = { title: 'Task 1', createdBy: 'bob', assignedTo: 'ann' };

describe('the tasks read model', () => {
  it("holds a task as the domain's evolve folds it, parts included, with the time of its last change", async () => {
    await append('a', [created('a', 1)]);
    await append(
      'a',
      [
        { type: 'TaskUpdated', data: { taskId: 'a', changes: { title: 'Pour the slab', priority: 'urgent' } } },
        {
          type: 'TaskAssigned',
          data: { taskId: 'a', assignedTo: 'cas', previousAssignee: 'ann', title: 'Pour the slab', createdBy: 'bob' },
        },
        { type: 'TaskCheckAdded', data: { taskId: 'a', check: { checkId: 'c1', title: 'Rebar', checked: false } } },
        { type: 'TaskMessagePosted', data: { taskId: 'a', message: { messageId: 'm1', userId: 'bob', message: 'Hi', postedAt: 'x' } } },
        { type: 'TaskLabelRemoved', data: { taskId: 'a', labelId: 'red' } },
        { type: 'TaskClosed', data: { taskId: 'a', ...notice } },
      ],
      '2026-02-01T10:00:00.000Z',
    );
    expect(await find('a')).toMatchObject({
      _id: 'a',
      licenceId: 'l1',
      projectId: 'p1',
      number: 1,
      title: 'Pour the slab',
      priority: 'urgent',
      assignedTo: 'cas',
      status: 'closed',
      due: '2026-03-02',
      labels: [],
      checks: [{ checkId: 'c1', title: 'Rebar', checked: false }],
      messages: [{ messageId: 'm1', message: 'Hi' }],
      linkedRelations: [],
      updatedAt: '2026-02-01T10:00:00.000Z',
      visibility: 'public',
    });
    expect(await find('a')).not.toHaveProperty('exists');
  });

  it('shows a relation on both tasks, whichever side it was recorded on, and forgets it when removed', async () => {
    await append('a', [created('a', 1)]);
    await append('b', [created('b', 2)]);
    const relation = { taskId: 'a', kind: 'predecessor' as const };
    await append('b', [{ type: 'TaskRelationAdded', data: { taskId: 'b', relation } }]);
    expect((await find('b'))?.relations).toEqual([relation]);
    expect((await find('a'))?.linkedRelations).toEqual([{ taskId: 'b', kind: 'successor' }]);
    await append('b', [{ type: 'TaskRelationRemoved', data: { taskId: 'b', relation } }]);
    expect((await find('b'))?.relations).toEqual([]);
    expect((await find('a'))?.linkedRelations).toEqual([]);
  });

  it('removes a deleted task (its stream keeps the history)', async () => {
    await append('a', [created('a', 1), { type: 'TaskDeleted', data: { taskId: 'a', projectId: 'p1' } }]);
    expect(await find('a')).toBeNull();
  });

  it('leaves the same document when the same events are handled twice', async () => {
    await append('a', [created('a', 1)]);
    await append('b', [
      created('b', 2, { parentId: 'a' }),
      { type: 'TaskRelationAdded', data: { taskId: 'b', relation: { taskId: 'a', kind: 'successor' } } },
      {
        type: 'TaskRescheduled',
        data: { taskId: 'b', plannedStart: '2026-01-05', plannedEnd: null, due: '2026-01-09', previousDue: null, ...notice },
      },
    ]);
    const streams = [toTaskStreamId('a'), toTaskStreamId('b')];
    for (const id of ['a', 'b']) {
      const { once, twice } = await h.handleTwice(streams, id);
      expect(once).not.toBeNull();
      expect(twice).toEqual(once);
    }
    expect((await find('a'))?.linkedRelations).toEqual([{ taskId: 'b', kind: 'predecessor' }]);
  });
});
