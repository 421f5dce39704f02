import { z } from 'zod';
import {
  TASK_CHECK_TITLE_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_PRIORITIES,
  TASK_RELATION_KINDS,
  TASK_STATUSES,
  TASK_TITLE_MAX,
  taskTypeInfoSchema,
} from '@stramien/domain';
import { uuid } from '../shared/contract';

/**
 * A task as the API shows it: the spec's names (spec 1 §3, §7: snake_case `assigned_to`, `planned_start`,
 * `task_type`, `is_private` …), ids as plain strings. The domain and the read model keep camelCase.
 */
export const taskCheckViewSchema = z.object({ id: z.string(), title: z.string(), checked: z.boolean() });
export const taskAppendixViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  content_type: z.string(),
  added_by: z.string(),
  added_at: z.string(),
});
/** spec 1 §3 activities: the messages posted on the task */
export const taskActivityViewSchema = z.object({ id: z.string(), user_id: z.string(), message: z.string(), posted_at: z.string() });
/**
 * A relation seen from this task, both sides (the read model derives the side recorded on the other task):
 * `kind` is what the other task is to this one. `number` and `title` of the other task are filled where the
 * answer resolves them (one task); relations to a task the viewer may not see are left out.
 */
export const taskRelationViewSchema = z.object({
  task: z.string(),
  kind: z.enum(TASK_RELATION_KINDS),
  number: z.number().int().optional(),
  title: z.string().optional(),
});

const taskBaseShape = {
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** the parent task's id (spec 1 §3 parent) */
  parent: z.string().nullable(),
  /** how many live subtasks it has: the tree loads them lazily (GET /api/tasks/:id/children) */
  children_count: z.number().int().nonnegative(),
  /** spec 1 §3 type: the same as task_type.type, null for an ordinary task */
  type: z.string().nullable(),
  task_type: taskTypeInfoSchema.nullable(),
  /** spec 3 §3: a JSON object (of language keys for module tasks) */
  metadata: z.record(z.string(), z.unknown()).nullable(),
  sbscode: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  assigned_to: z.string(),
  created_by: z.string(),
  project: z.string(),
  license: z.string(),
  planned_start: z.string().nullable(),
  planned_end: z.string().nullable(),
  due: z.string().nullable(),
  is_private: z.boolean(),
  automated: z.boolean(),
  automation_id: z.string().nullable(),
  /** label ids */
  labels: z.array(z.string()),
  checks: z.array(taskCheckViewSchema),
  relations: z.array(taskRelationViewSchema),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A task in a list (query, children, Gantt): everything but its appendixes and activities. */
export const taskListItemSchema = z.object({
  ...taskBaseShape,
  appendixes_count: z.number().int().nonnegative(),
  activities_count: z.number().int().nonnegative(),
});
export type TaskListItem = z.infer<typeof taskListItemSchema>;

/** One task with everything (GET /api/tasks/:id and every task command's answer). */
export const taskSchema = z.object({
  ...taskBaseShape,
  appendixes: z.array(taskAppendixViewSchema),
  activities: z.array(taskActivityViewSchema),
});
export type Task = z.infer<typeof taskSchema>;

/** One entry of a task's history (`taskHistoryEntry` of the domain, API names). */
export const taskHistoryEntrySchema = z.object({
  id: z.string(),
  position: z.number().int().nonnegative(),
  at: z.string(),
  user_id: z.string(),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown().optional(), to: z.unknown() })),
});
export type TaskHistoryEntryView = z.infer<typeof taskHistoryEntrySchema>;

/** Pagination of a list answer (Laravel's names, as the spec's back end uses). */
export const pageMetaSchema = z.object({
  current_page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  last_page: z.number().int().positive(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const TASK_PER_PAGE_DEFAULT = 50;
export const TASK_PER_PAGE_MAX = 500;

const position = z.number().int().nonnegative();
/** a task command's answer: the server's message, the resulting task and the position of its last event */
export const taskCommandResult = z.object({ message: z.string(), data: taskSchema, position });

/** ISO date or date-time as the API accepts it; the domain checks it parses ('Not a valid date.') */
export const taskDateInput = z.string().max(40).nullable();
/** bounded here, answered with the spec's texts by the domain (422) */
export const taskTitleInput = z.string().max(TASK_TITLE_MAX * 2);
export const taskDescriptionInput = z
  .string()
  .max(TASK_DESCRIPTION_MAX * 4)
  .nullable();
export const taskCheckTitleInput = z.string().max(TASK_CHECK_TITLE_MAX * 2);
export const taskSbscodeInput = z.string().max(200).nullable();
export const taskIdList = z.array(uuid).min(1).max(500);

/**
 * A task's metadata as the API accepts it (spec 3 §3: a JSON object, of language keys for module tasks): JSON like the
 * domain's `taskMetadataSchema`, but at most four levels deep and bounded in size, so no request can make the
 * server's validation recurse without end.
 */
const jsonScalar = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
const jsonUpTo = (depth: number): z.ZodType =>
  depth === 0
    ? jsonScalar
    : z.union([jsonScalar, z.array(jsonUpTo(depth - 1)).max(100), z.record(z.string().max(100), jsonUpTo(depth - 1))]);
export const taskMetadataInput = z.record(z.string().max(100), jsonUpTo(3)).nullable();
