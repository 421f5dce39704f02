import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canSeeTask, normaliseTaskDate, relationEdge, remainingTime, validateTaskFields, wouldCreateCycle, type TaskEdge } from './rules';
import { taskMessages } from './messages';

describe('canSeeTask', () => {
  const task = { isPrivate: true, createdBy: 'creator', assignedTo: 'worker' };
  it('shows a private task to its creator and its assignee', () => {
    expect(canSeeTask({ userId: 'creator' }, task)).toBe(true);
    expect(canSeeTask({ userId: 'worker' }, task)).toBe(true);
  });
  it('hides a private task from everyone else, admins included', () => expect(canSeeTask({ userId: 'admin' }, task)).toBe(false));
  it('shows a task that is not private to anyone (project access is checked elsewhere)', () =>
    expect(canSeeTask({ userId: 'admin' }, { ...task, isPrivate: false })).toBe(true));
});

describe('wouldCreateCycle', () => {
  it('sees a task preceding itself', () => expect(wouldCreateCycle([], 'a', 'a')).toBe(true));
  it('sees a cycle through a chain', () =>
    expect(
      wouldCreateCycle(
        [
          ['a', 'b'],
          ['b', 'c'],
        ],
        'c',
        'a',
      ),
    ).toBe(true));
  it('allows a diamond', () =>
    expect(
      wouldCreateCycle(
        [
          ['a', 'b'],
          ['a', 'c'],
          ['b', 'd'],
        ],
        'c',
        'd',
      ),
    ).toBe(false));
  it('maps a relation on a task to the edge predecessor -> successor', () => {
    expect(relationEdge('t1', { taskId: 't0', kind: 'predecessor' })).toEqual(['t0', 't1']);
    expect(relationEdge('t1', { taskId: 't2', kind: 'successor' })).toEqual(['t1', 't2']);
  });

  /** Reference: a graph is acyclic when repeatedly removing nodes without incoming edges empties it (Kahn). */
  const isAcyclic = (edges: TaskEdge[]): boolean => {
    let rest = [...edges];
    const nodes = new Set(edges.flat());
    while (nodes.size > 0) {
      const free = [...nodes].filter((n) => !rest.some(([, to]) => to === n));
      if (free.length === 0) return false;
      for (const n of free) nodes.delete(n);
      rest = rest.filter(([from]) => nodes.has(from));
    }
    return true;
  };
  const node = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
  const edge = fc.tuple(node, node);

  it('keeps every graph built only from accepted edges acyclic', () =>
    fc.assert(
      fc.property(fc.array(edge, { maxLength: 30 }), (candidates) => {
        const accepted: TaskEdge[] = [];
        for (const [from, to] of candidates) if (!wouldCreateCycle(accepted, from, to)) accepted.push([from, to]);
        return isAcyclic(accepted);
      }),
    ));
  it('refuses an edge exactly when adding it would make an acyclic graph cyclic', () =>
    fc.assert(
      fc.property(fc.array(edge, { maxLength: 20 }), edge, (candidates, [from, to]) => {
        const accepted: TaskEdge[] = [];
        for (const [a, b] of candidates) if (!wouldCreateCycle(accepted, a, b)) accepted.push([a, b]);
        return wouldCreateCycle(accepted, from, to) === !isAcyclic([...accepted, [from, to]]);
      }),
    ));
});

describe('remainingTime (spec 1 §4)', () => {
  const now = '2026-03-02T12:00:00.000Z';
  it('shows weeks when more than one, then days, hours and minutes', () =>
    expect(remainingTime('2026-03-19T15:30:00.000Z', now)).toEqual({ overdue: false, weeks: 2, days: 3, hours: 3, minutes: 30 }));
  it('shows one week and some days as days', () =>
    expect(remainingTime('2026-03-11T12:00:00.000Z', now)).toEqual({ overdue: false, weeks: 0, days: 9, hours: 0, minutes: 0 }));
  it('shows less than a day as hours and minutes', () =>
    expect(remainingTime('2026-03-02T17:45:59.000Z', now)).toEqual({ overdue: false, weeks: 0, days: 0, hours: 5, minutes: 45 }));
  it('shows overdue time in hours and minutes only, however long ago', () =>
    expect(remainingTime('2026-02-28T10:15:00.000Z', now)).toEqual({ overdue: true, hours: 49, minutes: 45 }));
  it('is not overdue at the due moment itself', () =>
    expect(remainingTime(now, now)).toEqual({ overdue: false, weeks: 0, days: 0, hours: 0, minutes: 0 }));
});

describe('validateTaskFields', () => {
  const valid = { title: 'T', priority: 'low', projectId: 'p1', assignedTo: 'u1' };
  it('accepts a complete task', () => expect(validateTaskFields(valid)).toEqual({}));
  it('takes a due date with or without a time', () => {
    expect(validateTaskFields({ ...valid, due: '2026-01-01' })).toEqual({});
    expect(validateTaskFields({ ...valid, due: '2026-01-01T10:00:00.000Z' })).toEqual({});
  });
  it('refuses a priority outside low, normal, high, urgent', () =>
    expect(validateTaskFields({ ...valid, priority: 'asap' })).toEqual({ priority: [taskMessages.invalidPriority] }));
  it('refuses a task type that is not a kebab-case slug', () =>
    expect(validateTaskFields({ ...valid, taskType: 'Not A Type' })).toEqual({ task_type: [taskMessages.invalidTaskType] }));
});

describe('normaliseTaskDate', () => {
  it('keeps a date as it is', () => expect(normaliseTaskDate('2026-02-05')).toBe('2026-02-05'));
  it('writes a date-time in UTC', () => expect(normaliseTaskDate(' 2026-02-05T10:00:00+02:00 ')).toBe('2026-02-05T08:00:00.000Z'));
  it('clears an empty value', () => expect(normaliseTaskDate('  ')).toBeNull());
  it('leaves what does not parse for the validator', () => expect(normaliseTaskDate('tomorrow')).toBe('tomorrow'));
});
