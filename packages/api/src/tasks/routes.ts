import { z } from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES, taskQueryFilterSchema, taskTypeInfoSchema } from '@stramien/domain';
import { defineRoute, idParams, uuid, type RouteContract } from '../shared/contract';
import {
  pageMetaSchema,
  TASK_PER_PAGE_MAX,
  taskCommandResult,
  taskDateInput,
  taskDescriptionInput,
  taskHistoryEntrySchema,
  taskIdList,
  taskListItemSchema,
  taskMetadataInput,
  taskSbscodeInput,
  taskSchema,
  taskTitleInput,
} from './taskView';

export * from './taskView';

const position = z.number().int().nonnegative();
/** POST without a body arrives as null */
const emptyBody = z.object({}).strict().nullish();
const project = { access: 'check', check: 'project', scope: 'project' } as const;

/** 'true', '1' (and 'false', '0') as the spec's boolean parsing reads them (spec 1 §5) */
const booleanQuery = z.enum(['true', '1', 'false', '0']);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.');
const statusList = z.string().regex(new RegExp(`^(${TASK_STATUSES.join('|')})(,(${TASK_STATUSES.join('|')}))*$`), 'Unknown status.');
const priorityList = z
  .string()
  .regex(new RegExp(`^(${TASK_PRIORITIES.join('|')})(,(${TASK_PRIORITIES.join('|')}))*$`), 'Unknown priority.');

/** Sort keys of a task list; a leading '-' sorts descending. */
export const TASK_SORT_KEYS = [
  'number',
  'title',
  'status',
  'priority',
  'assigned_to',
  'due',
  'planned_start',
  'planned_end',
  'created_at',
  'updated_at',
] as const;
const sort = z.string().regex(new RegExp(`^-?(${TASK_SORT_KEYS.join('|')})$`), 'Unknown sort key.');
const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(TASK_PER_PAGE_MAX).optional(),
};

/**
 * `POST /api/tasks` query parameters (spec 1 §7 "POST /tasks (query params)", "filter[today]=1"). Without
 * `filter[license]` the selected licence (X-Licence-Id, else the user's first). `filter[assigned_to]=me` is "My
 * tasks"; `filter[today]=1` the tasks due on `filter[day]` (the user's today; default the server's UTC date);
 * `filter[parent]=none` only top-level tasks.
 */
export const taskListQuerySchema = z
  .object({
    'filter[license]': uuid.optional(),
    'filter[project]': uuid.optional(),
    'filter[today]': booleanQuery.optional(),
    'filter[day]': day.optional(),
    'filter[assigned_to]': z.union([uuid, z.literal('me')]).optional(),
    'filter[created_by]': z.union([uuid, z.literal('me')]).optional(),
    'filter[status]': statusList.optional(),
    'filter[priority]': priorityList.optional(),
    'filter[parent]': z.union([uuid, z.literal('none')]).optional(),
    'filter[label]': uuid.optional(),
    'filter[search]': z.string().max(200).optional(),
    sort: sort.optional(),
    ...pageQuery,
  })
  .strict();
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/** Column filters (spec 1 §7: column, operator, values); a filter counts only with operator and value (spec 1 §5). */
const filters = z.array(taskQueryFilterSchema).max(50);

/** spec 1 §7 create-task body, plus the fields modules set (spec 3 §3) and an optional client id for retries. */
export const createTaskBodySchema = z
  .object({
    /** a client-chosen id makes a retried creation harmless: the same id answers the task it created */
    id: uuid.optional(),
    license: uuid.optional(),
    project: uuid.nullish(),
    parent: uuid.nullish(),
    title: taskTitleInput.nullish(),
    description: taskDescriptionInput.optional(),
    priority: z.string().max(20).nullish(),
    assigned_to: uuid.nullish(),
    planned_start: taskDateInput.optional(),
    planned_end: taskDateInput.optional(),
    due: taskDateInput.optional(),
    labels: z.array(uuid).max(100).optional(),
    sbscode: taskSbscodeInput.optional(),
    is_private: z.boolean().optional(),
    task_type: taskTypeInfoSchema.nullish(),
    metadata: taskMetadataInput.optional(),
    automated: z.boolean().optional(),
    automation_id: z.string().max(200).nullish(),
  })
  .strict();
export type CreateTaskBody = z.infer<typeof createTaskBodySchema>;

/** Only the fields present change; null clears a nullable one. Labels, checks and relations have calls of their own. */
export const updateTaskBodySchema = z
  .object({
    parent: uuid.nullable().optional(),
    title: taskTitleInput.optional(),
    description: taskDescriptionInput.optional(),
    priority: z.string().max(20).optional(),
    assigned_to: uuid.nullable().optional(),
    planned_start: taskDateInput.optional(),
    planned_end: taskDateInput.optional(),
    due: taskDateInput.optional(),
    sbscode: taskSbscodeInput.optional(),
    is_private: z.boolean().optional(),
    task_type: taskTypeInfoSchema.nullable().optional(),
    metadata: taskMetadataInput.optional(),
    automation_id: z.string().max(200).nullable().optional(),
  })
  .strict();
export type UpdateTaskBody = z.infer<typeof updateTaskBodySchema>;

const listAnswer = z.object({ data: z.array(taskListItemSchema), meta: pageMetaSchema });

/** A project's Gantt data in one answer (bars, roll-up and arrows): every task the viewer may see, with relations. */
export const ganttAnswerSchema = z.object({ data: z.array(taskListItemSchema) });

export const taskRoutes = {
  query: defineRoute({
    method: 'POST',
    path: '/api/tasks',
    summary:
      "Tasks of the selected licence the user may see (projects they can see; private tasks only their creator's and assignee's), filtered, sorted and paged; filter[today]=1 for the tasks due today",
    tag: 'tasks',
    auth: true,
    policy: { access: 'user' },
    apiTokens: 'read',
    query: taskListQuerySchema.optional(),
    body: z.object({ filters: filters.optional() }).strict().nullish(),
    response: listAnswer,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/tasks/:id',
    summary: 'One task with its checks, labels, appendixes, activities and relations (both sides)',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: idParams,
    response: z.object({ data: taskSchema }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/tasks-create',
    summary: 'Create a task (spec 1 §5 rules); answers "Successfully created task \'{title}\'" and the task',
    tag: 'tasks',
    auth: true,
    policy: project,
    body: createTaskBodySchema,
    response: taskCommandResult,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/tasks/:id',
    summary: "Change a task's details, assignee, schedule or parent in one command; answers 'Successfully updated task' and the task",
    tag: 'tasks',
    auth: true,
    policy: project,
    params: idParams,
    body: updateTaskBodySchema,
    response: taskCommandResult,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/tasks/:id',
    summary: 'Delete a task without subtasks (its history stays in the log)',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: idParams,
    response: z.object({ message: z.string(), position }),
  }),
  deleteMany: defineRoute({
    method: 'POST',
    path: '/api/tasks/delete',
    summary: 'Delete several tasks (subtasks before their parents); every task is checked first, nothing is deleted when one is refused',
    tag: 'tasks',
    auth: true,
    policy: project,
    body: z.object({ tasks: taskIdList }).strict(),
    response: z.object({ message: z.string(), deleted: z.array(z.string()), position }),
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/tasks/:id/cancel',
    summary: 'Cancel an open task',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: idParams,
    body: emptyBody,
    response: taskCommandResult,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/api/tasks/:id/close',
    summary: 'Close an open task',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: idParams,
    body: emptyBody,
    response: taskCommandResult,
  }),
  reopen: defineRoute({
    method: 'POST',
    path: '/api/tasks/:id/reopen',
    summary: 'Reopen a closed or canceled task',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: idParams,
    body: emptyBody,
    response: taskCommandResult,
  }),
  execute: defineRoute({
    method: 'POST',
    path: '/api/tasks/:id/execute',
    summary: "Start an open automated task's automation; a workflow task answers where its job is (`workflow_job`)",
    tag: 'tasks',
    auth: true,
    policy: project,
    params: idParams,
    body: emptyBody,
    response: taskCommandResult.extend({
      /** a task of type workflow: the job it stands for; the web app opens `sessions/{session_id}/{node_id}` */
      workflow_job: z
        .object({
          session_id: z.string(),
          job_id: z.string(),
          node_id: z.string(),
          project_id: z.string(),
          project_workflow_id: z.string(),
        })
        .optional(),
    }),
  }),
  children: defineRoute({
    method: 'GET',
    path: '/api/tasks/:id/children',
    summary: 'The direct subtasks of a task, paged by number (the lazily loaded tree)',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: idParams,
    query: z.object(pageQuery).strict().optional(),
    response: listAnswer,
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/tasks/:id/history',
    summary: "Who changed what and when, from the task's own event stream, oldest first",
    tag: 'tasks',
    auth: true,
    policy: project,
    params: idParams,
    response: z.object({ data: z.array(taskHistoryEntrySchema) }),
  }),
  gantt: defineRoute({
    method: 'GET',
    path: '/api/project/:id/tasks/gantt',
    summary: "A project's Gantt data in one call: every task the user may see with parent, schedule and relations (both sides)",
    tag: 'tasks',
    auth: true,
    policy: project,
    params: idParams,
    response: ganttAnswerSchema,
  }),
  licenceQuery: defineRoute({
    method: 'POST',
    path: '/api/licenses/:id/tasks/query',
    summary:
      'Tasks of a licence matching column filters (spec 1 §7 {filters, depth}); `children` holds their subtasks down to `depth` levels (flat, each with its parent)',
    tag: 'tasks',
    auth: true,
    policy: { access: 'user' },
    apiTokens: 'read',
    params: idParams,
    body: z
      .object({
        filters: filters.optional(),
        depth: z.number().int().min(0).max(10).optional(),
        sort: sort.optional(),
        page: z.number().int().min(1).max(100_000).optional(),
        per_page: z.number().int().min(1).max(TASK_PER_PAGE_MAX).optional(),
      })
      .strict()
      .nullish(),
    response: z.object({ data: z.array(taskListItemSchema), children: z.array(taskListItemSchema), meta: pageMetaSchema }),
  }),
} satisfies Record<string, RouteContract>;
