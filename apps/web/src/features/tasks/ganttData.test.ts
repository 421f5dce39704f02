import { describe, expect, it } from 'vitest';
import { barDates, isoDay, scheduleOfBar, toGantt } from './ganttData';
import { taskItem } from './testing/fixtures';

describe('the Gantt bars', () => {
  it('run from the planned start to the end of the due day', () => {
    const dates = barDates({ planned_start: '2026-03-02', planned_end: null, due: '2026-03-04' })!;
    expect(isoDay(dates.start)).toBe('2026-03-02');
    expect(isoDay(dates.end)).toBe('2026-03-05');
  });

  it('are the due day alone without a planned start, and absent without any date', () => {
    const dates = barDates({ planned_start: null, planned_end: null, due: '2026-03-04T10:00:00.000Z' })!;
    expect([isoDay(dates.start), isoDay(dates.end)]).toEqual(['2026-03-04', '2026-03-05']);
    expect(barDates({ planned_start: null, planned_end: null, due: null })).toBeNull();
  });

  it('turn a drag back into one schedule: planned start and due', () => {
    expect(scheduleOfBar(new Date(2026, 2, 9), new Date(2026, 2, 12))).toEqual({ planned_start: '2026-03-09', due: '2026-03-11' });
  });

  it("roll a parent's bar up over its children, parents first", () => {
    const parent = taskItem({ planned_start: '2026-03-05', due: '2026-03-06' });
    const early = taskItem({ parent: parent.id, planned_start: '2026-03-01', due: '2026-03-02' });
    const late = taskItem({ parent: parent.id, due: '2026-03-20' });
    const { bars } = toGantt([late, early, parent]);
    expect(bars.map((b) => b.id)).toEqual([parent.id, early.id, late.id]);
    const top = bars[0]!;
    expect(top.type).toBe('summary');
    expect([isoDay(top.start), isoDay(top.end)]).toEqual(['2026-03-01', '2026-03-21']);
    expect(bars[1]!.parent).toBe(parent.id);
    expect(bars.map((b) => b.open)).toEqual([true, false, false]);
  });

  it('draw one arrow per predecessor pair, whichever side recorded it', () => {
    const a = taskItem({ due: '2026-03-01' });
    const b = taskItem({ due: '2026-03-05', relations: [{ task: a.id, kind: 'predecessor' }] });
    a.relations = [{ task: b.id, kind: 'successor' }];
    const undated = taskItem({ relations: [{ task: a.id, kind: 'predecessor' }] });
    const gantt = toGantt([a, b, undated]);
    expect(gantt.links).toEqual([{ id: `${a.id}>${b.id}`, source: a.id, target: b.id, type: 'e2s' }]);
    expect(gantt.undated).toBe(1);
  });
});
