import type { TaskListItem } from '@stramien/api';

/** One bar of the Gantt chart (SVAR's task shape). */
export interface GanttBar {
  id: string;
  text: string;
  start: Date;
  end: Date;
  type: 'task' | 'summary';
  parent: string | 0;
  open: boolean;
  progress: number;
  /** the task's status, for the bar's colour */
  status: TaskListItem['status'];
  number: number;
}

/** A predecessor -> successor arrow (finish to start). */
export interface GanttLink {
  id: string;
  source: string;
  target: string;
  type: 'e2s';
}

const DAY = 86_400_000;
const dayOf = (value: string): Date => {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const addDays = (date: Date, days: number): Date => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** 'YYYY-MM-DD' of a local date. */
export const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The bar of a task: planned start to due (whole days; the due day is included, so the bar ends the next midnight).
 * Without a planned start the bar is the due day alone; without a due date it runs to the planned end, else one
 * day. A task with no date at all has no bar (null).
 */
export const barDates = (task: Pick<TaskListItem, 'planned_start' | 'planned_end' | 'due'>): { start: Date; end: Date } | null => {
  const last = task.due ?? task.planned_end;
  if (!task.planned_start && !last) return null;
  const start = dayOf(task.planned_start ?? last!);
  const endDay = last ? dayOf(last) : start;
  const end = addDays(endDay < start ? start : endDay, 1);
  return { start, end };
};

/** A drag's result as the task's schedule: PUT /tasks/{id} {planned_start, due} (one command, one event). */
export const scheduleOfBar = (start: Date, end: Date): { planned_start: string; due: string } => {
  const lastDay = addDays(end, -1);
  return { planned_start: isoDay(start), due: isoDay(lastDay < start ? start : lastDay) };
};

/**
 * The chart's bars and arrows for a project's tasks: parents become summaries whose bar spans their own dates and all
 * of their descendants' (the roll-up); tasks without dates and without dated descendants have no bar; arrows run from
 * predecessor to successor, once per pair, between tasks that have bars.
 */
export const toGantt = (tasks: readonly TaskListItem[]): { bars: GanttBar[]; links: GanttLink[]; undated: number } => {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const children = new Map<string, TaskListItem[]>();
  for (const task of tasks) {
    if (task.parent && byId.has(task.parent)) {
      const list = children.get(task.parent);
      if (list) list.push(task);
      else children.set(task.parent, [task]);
    }
  }
  const span = new Map<string, { start: Date; end: Date } | null>();
  const spanOf = (task: TaskListItem, seen: Set<string>): { start: Date; end: Date } | null => {
    if (span.has(task.id)) return span.get(task.id)!;
    if (seen.has(task.id)) return null;
    seen.add(task.id);
    let result = barDates(task);
    for (const child of children.get(task.id) ?? []) {
      const sub = spanOf(child, seen);
      if (!sub) continue;
      result = result
        ? { start: sub.start < result.start ? sub.start : result.start, end: sub.end > result.end ? sub.end : result.end }
        : { ...sub };
    }
    span.set(task.id, result);
    return result;
  };
  const bars: GanttBar[] = [];
  let undated = 0;
  const ordered = [...tasks].sort((a, b) => a.number - b.number);
  for (const task of ordered) {
    const dates = spanOf(task, new Set());
    if (!dates) {
      undated++;
      continue;
    }
    const parent = task.parent && byId.has(task.parent) && spanOf(byId.get(task.parent)!, new Set()) ? task.parent : 0;
    const isSummary = (children.get(task.id) ?? []).some((c) => spanOf(c, new Set()) !== null);
    bars.push({
      id: task.id,
      text: `#${task.number} ${task.title}`,
      start: dates.start,
      end: dates.end,
      type: isSummary ? 'summary' : 'task',
      parent,
      // SVAR walks the children of every open row: only a summary has them
      open: isSummary,
      progress: task.status === 'open' ? 0 : 100,
      status: task.status,
      number: task.number,
    });
  }
  const withBar = new Set(bars.map((b) => b.id));
  const links = new Map<string, GanttLink>();
  for (const task of tasks) {
    for (const relation of task.relations) {
      const [source, target] = relation.kind === 'predecessor' ? [relation.task, task.id] : [task.id, relation.task];
      if (!withBar.has(source) || !withBar.has(target)) continue;
      const id = `${source}>${target}`;
      if (!links.has(id)) links.set(id, { id, source, target, type: 'e2s' });
    }
  }
  // parents before their children, as the chart's tree needs them
  const index = new Map(bars.map((b, i) => [b.id, i]));
  const depth = (bar: GanttBar): number => {
    let d = 0;
    let p = bar.parent;
    while (p && d < 100) {
      d++;
      const parentBar = bars[index.get(p)!];
      p = parentBar ? parentBar.parent : 0;
    }
    return d;
  };
  bars.sort((a, b) => depth(a) - depth(b) || a.number - b.number);
  return { bars, links: [...links.values()], undated };
};

export const GANTT_DAY_MS = DAY;
