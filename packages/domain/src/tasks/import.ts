import { format } from '../shared/messages';
import { taskMessages } from './messages';
import { hasTaskErrors, validateTaskFields, type TaskFieldErrors } from './rules';
import { TASK_IMPORT_CHUNK_SIZE, type TaskPriority, type TaskTypeInfo } from './task';

/**
 * One row of `POST /tasks-import {tasks}` as the client sends it (spec 1 §7 create-task body fields). Users and
 * labels may be named by id or by e-mail / title, since import files are written by people.
 */
export interface TaskImportRow {
  title?: unknown;
  description?: unknown;
  priority?: unknown;
  project?: unknown;
  assigned_to?: unknown;
  planned_start?: unknown;
  planned_end?: unknown;
  due?: unknown;
  labels?: unknown;
  sbscode?: unknown;
  is_private?: unknown;
  task_type?: unknown;
  [custom: `custom_${number}`]: unknown;
}

/** What the handler read once for a whole chunk; keys are ids and lower-case e-mails / titles. */
export interface TaskImportContext {
  /** projects of the licence the importer may create tasks in */
  projectIds: ReadonlySet<string>;
  /** licence users by id and by lower-case e-mail, with the projects each can see */
  users: ReadonlyMap<string, { userId: string; projectIds: ReadonlySet<string> }>;
  /** labels by id and by lower-case title; projectId null for licence-wide labels */
  labels: ReadonlyMap<string, { labelId: string; projectId: string | null }>;
  /** the project the import runs in, when the dialog fixed one (rows then need no project) */
  projectId?: string;
}

/** A valid row, ready to become a CreateTask (the handler adds ids, number and the checked facts). */
export interface ImportedTask {
  title: string;
  description: string | null;
  priority: TaskPriority;
  projectId: string;
  assignedTo: string;
  plannedStart: string | null;
  plannedEnd: string | null;
  due: string | null;
  labels: string[];
  sbscode: string | null;
  isPrivate: boolean;
  taskType: TaskTypeInfo | null;
}

export type TaskImportRowResult = { row: number; ok: true; task: ImportedTask } | { row: number; ok: false; errors: TaskFieldErrors };

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const s = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
  return s === null || s.trim() === '' ? null : s.trim();
};

/** spec 1 §5 parsing: nullable values pass through; booleans accept true, 1, '1', 'true' (and their false twins). */
export const parseImportBoolean = (value: unknown): boolean | null | undefined => {
  if (value === undefined || value === null || value === '') return null;
  if (value === true || value === 1 || value === '1' || (typeof value === 'string' && value.trim().toLowerCase() === 'true')) return true;
  if (value === false || value === 0 || value === '0' || (typeof value === 'string' && value.trim().toLowerCase() === 'false'))
    return false;
  return undefined;
};

const listOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(text).filter((v): v is string => v !== null);
  const s = text(value);
  return s === null
    ? []
    : s
        .split(/[,;]/)
        .map((v) => v.trim())
        .filter((v) => v !== '');
};

/**
 * Validates one import row against the create-task rules (spec 1 §5) and the chunk's context: the project is
 * one the importer may use, the assignee is a user who can see it, every label exists for it. Returns the task
 * or the row's field errors, keyed like the create-task body.
 */
export const validateTaskImportRow = (row: TaskImportRow, index: number, context: TaskImportContext): TaskImportRowResult => {
  const projectId = context.projectId ?? text(row.project);
  const title = text(row.title);
  const description = typeof row.description === 'string' ? row.description.trim() || null : text(row.description);
  const priority = text(row.priority)?.toLowerCase() ?? null;
  const assigneeRef = text(row.assigned_to);
  const taskTypeName = text(row.task_type);
  const input = {
    title,
    description,
    priority,
    projectId,
    assignedTo: assigneeRef,
    plannedStart: text(row.planned_start),
    plannedEnd: text(row.planned_end),
    due: text(row.due),
    taskType: taskTypeName,
  };
  const errors = validateTaskFields(input);
  const add = (field: keyof TaskFieldErrors, message: string) => (errors[field] = [...(errors[field] ?? []), message]);

  if (projectId !== null && !context.projectIds.has(projectId)) add('project', taskMessages.unknownProject);
  const user = assigneeRef === null ? undefined : (context.users.get(assigneeRef) ?? context.users.get(assigneeRef.toLowerCase()));
  if (assigneeRef !== null && !user) add('assigned_to', taskMessages.unknownAssignee);
  else if (user && projectId !== null && !user.projectIds.has(projectId)) add('assigned_to', taskMessages.assigneeCannotSeeProject);
  const labels: string[] = [];
  for (const ref of listOf(row.labels)) {
    const label = context.labels.get(ref) ?? context.labels.get(ref.toLowerCase());
    if (!label || (label.projectId !== null && label.projectId !== projectId))
      add('labels', format(taskMessages.unknownLabel, { label: ref }));
    else if (!labels.includes(label.labelId)) labels.push(label.labelId);
  }
  const isPrivate = parseImportBoolean(row.is_private);
  if (isPrivate === undefined) add('is_private', taskMessages.invalidBoolean);

  if (hasTaskErrors(errors)) return { row: index, ok: false, errors };
  const custom = Object.fromEntries(
    Array.from({ length: 11 }, (_, i) => `custom_${i + 1}` as const)
      .map((key) => [key, text(row[key])] as const)
      .filter(([, value]) => value !== null),
  );
  return {
    row: index,
    ok: true,
    task: {
      title: title!,
      description,
      priority: priority as TaskPriority,
      projectId: projectId!,
      assignedTo: user!.userId,
      plannedStart: input.plannedStart,
      plannedEnd: input.plannedEnd,
      due: input.due,
      labels,
      sbscode: text(row.sbscode),
      isPrivate: isPrivate ?? false,
      taskType: taskTypeName === null ? null : { type: taskTypeName, ...custom },
    },
  };
};

/** A chunk is all or nothing: either every row is a task, or the rows with their errors (spec 1 §9 chunk size 50). */
export type TaskImportChunkResult =
  { ok: true; tasks: ImportedTask[] } | { ok: false; rows: { row: number; errors: TaskFieldErrors }[]; message: string };

export const validateTaskImportChunk = (rows: TaskImportRow[], context: TaskImportContext, firstRow = 0): TaskImportChunkResult => {
  if (rows.length > TASK_IMPORT_CHUNK_SIZE)
    return { ok: false, rows: [], message: format(taskMessages.importChunkTooLarge, { max: TASK_IMPORT_CHUNK_SIZE }) };
  const results = rows.map((row, i) => validateTaskImportRow(row, firstRow + i, context));
  const failed = results.flatMap((r) => (r.ok ? [] : [{ row: r.row, errors: r.errors }]));
  if (failed.length > 0) return { ok: false, rows: failed, message: format(taskMessages.importRowsInvalid, { count: failed.length }) };
  return { ok: true, tasks: results.map((r) => (r as Extract<TaskImportRowResult, { ok: true }>).task) };
};
