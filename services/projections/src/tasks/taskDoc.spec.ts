import { describe, expect, it } from 'vitest';
import { evolveTask, initialTaskState, type TaskState } from '@stramien/domain';
import { keepsOneShape } from '@stramien/infra/testing/index';
import { taskStateOf, toTaskDoc, type TaskDoc } from './tasks';

const state = (): TaskState => ({
  ...initialTaskState(),
  exists: true,
  taskId: 't1',
  licenceId: 'l1',
  projectId: 'p1',
  number: 7,
  title: 'Check the anchors',
  assignedTo: 'ann',
  createdBy: 'bob',
  labels: ['x'],
  createdAt: '2026-11-28T10:00:00.000Z',
});

describe('a task document and its state', () => {
  it('are each other’s inverse: the document has the derived fields, the state its flags', () => {
    const doc = toTaskDoc(state(), [{ taskId: 't2', kind: 'successor' }], '2026-11-28T11:00:00.000Z');
    const { exists: _e, deleted: _d, taskId: _t, ...fields } = state();
    expect(doc).toEqual({
      ...fields,
      _id: 't1',
      linkedRelations: [{ taskId: 't2', kind: 'successor' }],
      updatedAt: '2026-11-28T11:00:00.000Z',
      visibility: 'public',
    });
    expect(Object.keys(doc).slice(-4)).toEqual(['_id', 'linkedRelations', 'updatedAt', 'visibility']);
    expect(taskStateOf({ ...doc, _position: 12 } as TaskDoc)).toEqual(state());
  });

  it('fills a field an older document lacks with its initial value', () => {
    const { checks: _c, automationId: _a, ...older } = toTaskDoc(state(), [], 'x');
    const back = taskStateOf(older as TaskDoc);
    expect(back.checks).toEqual([]);
    expect(back.automationId).toBeNull();
    expect(back.title).toBe('Check the anchors');
  });

  it('are built with one shape each (no key added to a spread copy: docs/performance.md 40.)', () => {
    const held = state();
    const doc = toTaskDoc(held, [], 'x');
    expect(keepsOneShape(() => toTaskDoc(held, [], 'x'))).toBe(true);
    expect(keepsOneShape(() => taskStateOf(JSON.parse(JSON.stringify(doc)) as TaskDoc))).toBe(true);
  });

  it('keeps a task folded over many updates in one shape', () => {
    let held = state();
    let n = 0;
    const update = (): TaskState =>
      (held = evolveTask(held, {
        type: 'TaskUpdated',
        data: { taskId: 't1', changes: { title: `Title ${++n}`, priority: n % 2 ? 'high' : 'low' } },
      }));
    expect(keepsOneShape(update, 200)).toBe(true);
    expect(held.title).toBe(`Title ${n}`);
    const close = (): TaskState =>
      (held = evolveTask(evolveTask(held, { type: 'TaskClosed', data: { taskId: 't1' } } as never), {
        type: 'TaskReopened',
        data: { taskId: 't1' },
      } as never));
    expect(keepsOneShape(close, 200)).toBe(true);
  });
});
