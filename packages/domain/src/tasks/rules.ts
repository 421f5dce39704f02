import type { TaskRelation, TaskState } from './task';
import { TASK_PRIORITIES, TASK_DESCRIPTION_MAX, TASK_TITLE_MAX, TASK_TYPE_PATTERN } from './taskLimits';
import { taskMessages } from './messages';

/**
 * Field errors of a task form or import row, keyed by the field names of the create-task body (spec 1 §7:
 * parent, project, title, priority, description, assigned_to, planned_start, planned_end, due, labels, sbscode,
 * is_private; plus automation_id), so the API's `{message, errors}` and the web form use the same keys.
 */
export type TaskField =
  | 'title'
  | 'description'
  | 'priority'
  | 'project'
  | 'assigned_to'
  | 'planned_start'
  | 'planned_end'
  | 'due'
  | 'automation_id'
  | 'task_type'
  | 'labels'
  | 'parent'
  | 'is_private'
  | 'number';
export type TaskFieldErrors = Partial<Record<TaskField, string[]>>;

/** What the create-task dialog, the API and an import row have in hand before any read. */
export interface TaskFieldsInput {
  title?: string | null;
  description?: string | null;
  priority?: string | null;
  projectId?: string | null;
  assignedTo?: string | null;
  plannedStart?: string | null;
  plannedEnd?: string | null;
  due?: string | null;
  /** an automated task needs an automation id (spec 1 §5) */
  automated?: boolean;
  automationId?: string | null;
  taskType?: string | null;
}

const blank = (value: string | null | undefined): boolean => value === undefined || value === null || value.trim() === '';

/** 'YYYY-MM-DD' or a full ISO date-time that the platform can parse. */
export const isTaskDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * One spelling per moment, so dates compare as strings in queries and ranges: a date stays 'YYYY-MM-DD', a
 * date-time becomes UTC ISO ('2026-02-05T08:00:00.000Z'). A date sorts before every time of its day, so the
 * range ['2026-02-05', '2026-02-06') holds both. Anything that does not parse is left for the validator.
 */
export const normaliseTaskDate = (value: string | null | undefined): string | null => {
  if (value === undefined || value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) || !isTaskDate(trimmed)) return trimmed;
  return new Date(trimmed).toISOString();
};

/**
 * The rules of spec 1 §5 that need no read: title, assigned user, priority and project required, description at
 * most 250 characters, an automation id for automated tasks, dates that parse, and a planned end not before the
 * planned start. Empty result: valid. Used by the decider, the import and the create-task machine alike.
 */
export const validateTaskFields = (input: TaskFieldsInput): TaskFieldErrors => {
  const errors: TaskFieldErrors = {};
  const add = (field: TaskField, message: string) => (errors[field] = [...(errors[field] ?? []), message]);
  if (blank(input.title)) {
    add('title', taskMessages.required);
  } else if (input.title!.trim().length > TASK_TITLE_MAX) add('title', taskMessages.titleTooLong);
  if ((input.description ?? '').length > TASK_DESCRIPTION_MAX) add('description', taskMessages.descriptionTooLong);
  if (blank(input.priority)) add('priority', taskMessages.required);
  else if (!(TASK_PRIORITIES as readonly string[]).includes(input.priority!)) add('priority', taskMessages.invalidPriority);
  if (blank(input.projectId)) add('project', taskMessages.required);
  if (blank(input.assignedTo)) add('assigned_to', taskMessages.assigneeRequired);
  if (input.automated && blank(input.automationId)) add('automation_id', taskMessages.automationRequired);
  if (!blank(input.taskType) && !TASK_TYPE_PATTERN.test(input.taskType!)) add('task_type', taskMessages.invalidTaskType);
  const dates = [
    ['planned_start', input.plannedStart],
    ['planned_end', input.plannedEnd],
    ['due', input.due],
  ] as const;
  for (const [field, value] of dates) if (!blank(value) && !isTaskDate(value!)) add(field, taskMessages.invalidDate);
  if (!errors.planned_start && !errors.planned_end && !blank(input.plannedStart) && !blank(input.plannedEnd))
    if (Date.parse(input.plannedEnd!) < Date.parse(input.plannedStart!)) add('planned_end', taskMessages.plannedEndBeforeStart);
  return errors;
};

/**
 * The one-line message for a set of field errors: the spec's own notification texts first ('Please fill in the
 * tasks title', 'Please add an assigned user'), else the first field message.
 */
export const taskErrorsMessage = (errors: TaskFieldErrors): string => {
  if (errors.title?.includes(taskMessages.required)) return taskMessages.titleRequired;
  if (errors.assigned_to) return taskMessages.assigneeRequired;
  const first = Object.values(errors).find((list) => list && list.length > 0);
  return first?.[0] ?? taskMessages.required;
};

export const hasTaskErrors = (errors: TaskFieldErrors): boolean => Object.keys(errors).length > 0;

/** Who is looking at a task. */
export interface TaskViewer {
  userId: string;
}
/**
 * A private task is visible to its creator and its assignee only: admins (licence, project or system) included
 * only when they are one of the two. A task that is not private is visible to whoever may see its project
 * (checked elsewhere). Everyone else gets a 404 for it, never a 403.
 */
export const canSeeTask = (viewer: TaskViewer, task: Pick<TaskState, 'isPrivate' | 'createdBy' | 'assignedTo'>): boolean =>
  !task.isPrivate || viewer.userId === task.createdBy || viewer.userId === task.assignedTo;

/** A directed edge between two task ids. */
export type TaskEdge = readonly [from: string, to: string];

/**
 * Would adding the edge `from -> to` to a directed graph close a cycle? True when `to` already reaches `from`
 * (or they are the same). Used for relations (edges predecessor -> successor) and for parents (edges child ->
 * parent); the handler reads the edges of the project from a read model and passes the answer to the decider.
 */
export const wouldCreateCycle = (edges: Iterable<TaskEdge>, from: string, to: string): boolean => {
  if (from === to) return true;
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) {
    const list = next.get(a);
    if (list) list.push(b);
    else next.set(a, [b]);
  }
  const seen = new Set<string>([to]);
  const stack = [to];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const target of next.get(node) ?? []) {
      if (target === from) return true;
      if (!seen.has(target)) {
        seen.add(target);
        stack.push(target);
      }
    }
  }
  return false;
};

/** The edge (predecessor -> successor) a relation recorded on `taskId` stands for. */
export const relationEdge = (taskId: string, relation: TaskRelation): TaskEdge =>
  relation.kind === 'predecessor' ? [relation.taskId, taskId] : [taskId, relation.taskId];

/**
 * spec 1 §4 remaining-time display: weeks (when more than 1), days, hours, minutes; overdue shows hours and
 * minutes. Whole units, rounded down to the minute. The web app words the parts in the user's language.
 */
export type RemainingTime =
  { overdue: false; weeks: number; days: number; hours: number; minutes: number } | { overdue: true; hours: number; minutes: number };

const MINUTE = 60_000;
export const remainingTime = (due: string, now: string): RemainingTime => {
  const diff = Date.parse(due) - Date.parse(now);
  const totalMinutes = Math.floor(Math.abs(diff) / MINUTE);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (diff < 0) return { overdue: true, hours, minutes };
  const totalDays = Math.floor(hours / 24);
  const wholeWeeks = Math.floor(totalDays / 7);
  // "weeks (when more than 1)": one week and some days reads as days
  const weeks = wholeWeeks > 1 ? wholeWeeks : 0;
  return { overdue: false, weeks, days: totalDays - weeks * 7, hours: hours % 24, minutes };
};
