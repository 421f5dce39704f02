import { describe, expect, it } from 'vitest';
import { activeTaskFilters, dueOnDayQuery, taskFiltersToQuery, taskQueryFilterSchema } from './query';

describe('Task query filters', () => {
  it('count only when both operator and value are set (spec 1 §5)', () =>
    expect(
      activeTaskFilters([
        { column: 'status', operator: '=', values: ['open'] },
        { column: 'priority', operator: null, values: ['high'] },
        { column: 'title', operator: 'contains', values: [] },
        { column: 'due', operator: '<', values: [''] },
      ]).map((f) => f.column),
    ).toEqual(['status']));
  it('give no condition at all when none is active', () =>
    expect(taskFiltersToQuery([{ column: 'status', values: ['open'] }])).toEqual({}));
  it('map columns to the read model fields and operators to conditions', () =>
    expect(
      taskFiltersToQuery([
        { column: 'assigned_to', operator: 'in', values: ['u1', 'u2'] },
        { column: 'due', operator: '>=', values: ['2026-01-01'] },
        { column: 'custom_1', operator: '=', values: ['planned'] },
      ]),
    ).toEqual({ $and: [{ assignedTo: { $in: ['u1', 'u2'] } }, { due: { $gte: '2026-01-01' } }, { 'taskType.custom_1': 'planned' }] }));
  it('search text without treating it as a pattern', () =>
    expect(taskFiltersToQuery([{ column: 'title', operator: 'contains', values: ['a.b*'] }])).toEqual({
      title: { $regex: 'a\\.b\\*', $options: 'i' },
    }));
  it('refuse an unknown column', () =>
    expect(taskQueryFilterSchema.safeParse({ column: 'password', operator: '=', values: ['x'] }).success).toBe(false));
  it('find tasks due on a day, dates and times alike', () => {
    expect(dueOnDayQuery('2026-12-31')).toEqual({ due: { $gte: '2026-12-31', $lt: '2027-01-01' } });
    const { $gte, $lt } = dueOnDayQuery('2026-02-05').due as { $gte: string; $lt: string };
    for (const due of ['2026-02-05', '2026-02-05T00:00:00.000Z', '2026-02-05T23:59:59.999Z']) expect(due >= $gte && due < $lt).toBe(true);
    for (const due of ['2026-02-04T23:59:59.999Z', '2026-02-06']) expect(due >= $gte && due < $lt).toBe(false);
  });
});
