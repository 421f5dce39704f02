import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';

export * from './taskLimits';
import { TASK_STATUSES, TASK_PRIORITIES, TASK_RELATION_KINDS, TASK_TYPE_PATTERN } from './taskLimits';
import type { TaskStatus, TaskPriority } from './taskLimits';

export const taskStatusSchema = z.enum(TASK_STATUSES);
export const taskPrioritySchema = z.enum(TASK_PRIORITIES);

const customValue = z
  .union([z.string().max(1000), z.number(), z.boolean()])
  .nullable()
  .optional();
/**
 * spec 1 §3 `task_type` and spec 3 §3: the type plus the free fields modules use. Field names keep the
 * spec's spelling (`rfi_x`, `custom_1` …) because modules and their tables refer to them by those names.
 */
export const taskTypeInfoSchema = z.object({
  type: z.string().regex(TASK_TYPE_PATTERN).max(100),
  rfi_x: z.number().nullable().optional(),
  rfi_y: z.number().nullable().optional(),
  rfi_z: z.number().nullable().optional(),
  rfi_module: z.string().max(200).nullable().optional(),
  custom_1: customValue,
  custom_2: customValue,
  custom_3: customValue,
  custom_4: customValue,
  custom_5: customValue,
  custom_6: customValue,
  custom_7: customValue,
  custom_8: customValue,
  custom_9: customValue,
  custom_10: customValue,
  custom_11: customValue,
});
export type TaskTypeInfo = z.infer<typeof taskTypeInfoSchema>;

/** spec 3 §3: metadata is a JSON object (of language keys for module tasks) */
export const taskMetadataSchema = z.record(z.string(), z.json()).nullable();
export type TaskMetadata = z.infer<typeof taskMetadataSchema>;

/** ISO date or date-time; null when not set */
const when = z.string().nullable();

export const taskCheckSchema = z.object({ checkId: z.string(), title: z.string(), checked: z.boolean() });
export type TaskCheck = z.infer<typeof taskCheckSchema>;

/** An appendix's metadata; the file itself is in the BlobStore under `blobId`. */
export const taskAppendixSchema = z.object({
  appendixId: z.string(),
  blobId: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  addedBy: z.string(),
  addedAt: z.string(),
});
export type TaskAppendix = z.infer<typeof taskAppendixSchema>;

/** A message on the task (spec 1 §3 activities). */
export const taskMessageSchema = z.object({ messageId: z.string(), userId: z.string(), message: z.string(), postedAt: z.string() });
export type TaskMessage = z.infer<typeof taskMessageSchema>;

/** A relation as recorded on this task: `kind` is what the other task is to this one. */
export const taskRelationSchema = z.object({ taskId: z.string(), kind: z.enum(TASK_RELATION_KINDS) });
export type TaskRelation = z.infer<typeof taskRelationSchema>;

/** Fields UpdateTask may change through TaskUpdated (assignee, schedule and parent have events of their own). */
export const taskDetailChangesSchema = z
  .object({
    title: z.string(),
    description: z.string().nullable(),
    priority: taskPrioritySchema,
    sbscode: z.string().nullable(),
    isPrivate: z.boolean(),
    taskType: taskTypeInfoSchema.nullable(),
    metadata: taskMetadataSchema,
    automationId: z.string().nullable(),
  })
  .partial();
export type TaskDetailChanges = z.infer<typeof taskDetailChangesSchema>;

/**
 * Carried by the events a task notification is made of (assignee, due date and status changes, spec 1 §3), so
 * the notifier derives the notification from the event alone: the task's title and its creator (and, where the
 * event does not name it already, its assignee) at the time of the change.
 */
const taskNoticeFields = { title: z.string(), createdBy: z.string() };

export const taskEventSchemas = {
  TaskCreated: z.object({
    taskId: z.string(),
    licenceId: z.string(),
    projectId: z.string(),
    number: z.number().int().positive(),
    title: z.string(),
    description: z.string().nullable(),
    parentId: z.string().nullable(),
    taskType: taskTypeInfoSchema.nullable(),
    metadata: taskMetadataSchema,
    sbscode: z.string().nullable(),
    priority: taskPrioritySchema,
    assignedTo: z.string(),
    createdBy: z.string(),
    plannedStart: when,
    plannedEnd: when,
    due: when,
    isPrivate: z.boolean(),
    labels: z.array(z.string()),
    /** an automated task runs an automation (spec 1 §5); `automationId` names it */
    automated: z.boolean(),
    automationId: z.string().nullable(),
    createdAt: z.string(),
  }),
  /** the changed detail fields with their new values */
  TaskUpdated: z.object({ taskId: z.string(), changes: taskDetailChangesSchema }),
  TaskAssigned: z.object({ taskId: z.string(), assignedTo: z.string(), previousAssignee: z.string(), ...taskNoticeFields }),
  /** the full schedule after the change; `previousDue` lets the notifier tell a due-date change */
  TaskRescheduled: z.object({
    taskId: z.string(),
    plannedStart: when,
    plannedEnd: when,
    due: when,
    previousDue: when,
    ...taskNoticeFields,
    assignedTo: z.string(),
  }),
  TaskParentChanged: z.object({ taskId: z.string(), parentId: z.string().nullable(), previousParentId: z.string().nullable() }),
  TaskClosed: z.object({ taskId: z.string(), ...taskNoticeFields, assignedTo: z.string() }),
  TaskCanceled: z.object({ taskId: z.string(), ...taskNoticeFields, assignedTo: z.string() }),
  TaskReopened: z.object({
    taskId: z.string(),
    previousStatus: z.enum(['closed', 'canceled']),
    ...taskNoticeFields,
    assignedTo: z.string(),
  }),
  /** an automated task's automation was started */
  TaskExecuted: z.object({ taskId: z.string(), automationId: z.string() }),
  TaskDeleted: z.object({ taskId: z.string(), projectId: z.string() }),
  TaskAppendixAdded: z.object({ taskId: z.string(), appendix: taskAppendixSchema }),
  TaskAppendixRemoved: z.object({ taskId: z.string(), appendixId: z.string(), blobId: z.string() }),
  TaskMessagePosted: z.object({ taskId: z.string(), message: taskMessageSchema }),
  TaskCheckAdded: z.object({ taskId: z.string(), check: taskCheckSchema }),
  /** the check after the change */
  TaskCheckUpdated: z.object({ taskId: z.string(), check: taskCheckSchema }),
  TaskCheckRemoved: z.object({ taskId: z.string(), checkId: z.string() }),
  TaskLabelAdded: z.object({ taskId: z.string(), labelId: z.string() }),
  TaskLabelRemoved: z.object({ taskId: z.string(), labelId: z.string() }),
  TaskRelationAdded: z.object({ taskId: z.string(), relation: taskRelationSchema }),
  TaskRelationRemoved: z.object({ taskId: z.string(), relation: taskRelationSchema }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof taskEventSchemas;
export type TaskEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type TaskEventType = TaskEvent['type'];
export const taskEventTypes = Object.keys(taskEventSchemas) as TaskEventType[];
export const taskSchemas: EventSchemas<TaskEvent> = taskEventSchemas;

export interface TaskState {
  exists: boolean;
  deleted: boolean;
  taskId: string;
  licenceId: string;
  projectId: string;
  number: number;
  title: string;
  description: string | null;
  parentId: string | null;
  taskType: TaskTypeInfo | null;
  metadata: TaskMetadata;
  sbscode: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  assignedTo: string;
  createdBy: string;
  plannedStart: string | null;
  plannedEnd: string | null;
  due: string | null;
  isPrivate: boolean;
  automated: boolean;
  automationId: string | null;
  labels: string[];
  checks: TaskCheck[];
  appendixes: TaskAppendix[];
  messages: TaskMessage[];
  relations: TaskRelation[];
  createdAt: string;
}

export const initialTaskState = (): TaskState => ({
  exists: false,
  deleted: false,
  taskId: '',
  licenceId: '',
  projectId: '',
  number: 0,
  title: '',
  description: null,
  parentId: null,
  taskType: null,
  metadata: null,
  sbscode: null,
  status: 'open',
  priority: 'normal',
  assignedTo: '',
  createdBy: '',
  plannedStart: null,
  plannedEnd: null,
  due: null,
  isPrivate: false,
  automated: false,
  automationId: null,
  labels: [],
  checks: [],
  appendixes: [],
  messages: [],
  relations: [],
  createdAt: '',
});

const sameRelation = (a: TaskRelation, b: TaskRelation): boolean => a.taskId === b.taskId && a.kind === b.kind;

/** A task's fields but its flags and id: what its read-model document shares with its state. */
export type TaskFields = Omit<TaskState, 'exists' | 'deleted' | 'taskId'>;

/**
 * A task's fields copied one by one. On Node 20 (V8 11) a spread copy with keys added or changed after it
 * (`{ ...state, status }`, `{ ...state, _id }`) can get a new hidden class on every call, and a fold of many events
 * gave each state a new one: slow copies, and every reader of the states megamorphic (docs/performance.md 40.). Every
 * task state and document is built from this one literal, so they all share one shape; `TaskState`'s type keeps the
 * list complete (a field added to it and not here fails to compile).
 */
export const taskFieldsOf = (from: TaskFields): TaskFields => ({
  licenceId: from.licenceId,
  projectId: from.projectId,
  number: from.number,
  title: from.title,
  description: from.description,
  parentId: from.parentId,
  taskType: from.taskType,
  metadata: from.metadata,
  sbscode: from.sbscode,
  status: from.status,
  priority: from.priority,
  assignedTo: from.assignedTo,
  createdBy: from.createdBy,
  plannedStart: from.plannedStart,
  plannedEnd: from.plannedEnd,
  due: from.due,
  isPrivate: from.isPrivate,
  automated: from.automated,
  automationId: from.automationId,
  labels: from.labels,
  checks: from.checks,
  appendixes: from.appendixes,
  messages: from.messages,
  relations: from.relations,
  createdAt: from.createdAt,
});

/** The state with `change`'s defined fields set (a copy built with `taskFieldsOf`; the state is left as it was). */
export const withTask = (state: TaskState, change: Partial<TaskState>): TaskState => {
  const next = taskFieldsOf(state) as TaskState;
  next.exists = state.exists;
  next.deleted = state.deleted;
  next.taskId = state.taskId;
  const values = change as Record<string, unknown>;
  for (const key in values) if (values[key] !== undefined) (next as unknown as Record<string, unknown>)[key] = values[key];
  return next;
};

export const evolveTask = (state: TaskState, event: TaskEvent): TaskState => {
  switch (event.type) {
    case 'TaskCreated': {
      const created = withTask(initialTaskState(), event.data);
      created.labels = [...event.data.labels];
      created.exists = true;
      return created;
    }
    case 'TaskUpdated':
      return withTask(state, event.data.changes as Partial<TaskState>);
    case 'TaskAssigned':
      return withTask(state, { assignedTo: event.data.assignedTo });
    case 'TaskRescheduled': {
      const { plannedStart, plannedEnd, due } = event.data;
      return withTask(state, { plannedStart, plannedEnd, due });
    }
    case 'TaskParentChanged':
      return withTask(state, { parentId: event.data.parentId });
    case 'TaskClosed':
      return withTask(state, { status: 'closed' });
    case 'TaskCanceled':
      return withTask(state, { status: 'canceled' });
    case 'TaskReopened':
      return withTask(state, { status: 'open' });
    case 'TaskExecuted':
      return state;
    case 'TaskDeleted':
      return withTask(state, { deleted: true });
    case 'TaskAppendixAdded':
      return withTask(state, {
        appendixes: [...state.appendixes.filter((a) => a.appendixId !== event.data.appendix.appendixId), event.data.appendix],
      });
    case 'TaskAppendixRemoved':
      return withTask(state, { appendixes: state.appendixes.filter((a) => a.appendixId !== event.data.appendixId) });
    case 'TaskMessagePosted':
      return state.messages.some((m) => m.messageId === event.data.message.messageId)
        ? state
        : withTask(state, { messages: [...state.messages, event.data.message] });
    case 'TaskCheckAdded':
    case 'TaskCheckUpdated': {
      const check = event.data.check;
      const index = state.checks.findIndex((c) => c.checkId === check.checkId);
      return withTask(state, { checks: index === -1 ? [...state.checks, check] : state.checks.map((c, i) => (i === index ? check : c)) });
    }
    case 'TaskCheckRemoved':
      return withTask(state, { checks: state.checks.filter((c) => c.checkId !== event.data.checkId) });
    case 'TaskLabelAdded':
      return state.labels.includes(event.data.labelId) ? state : withTask(state, { labels: [...state.labels, event.data.labelId] });
    case 'TaskLabelRemoved':
      return withTask(state, { labels: state.labels.filter((id) => id !== event.data.labelId) });
    case 'TaskRelationAdded':
      return state.relations.some((r) => sameRelation(r, event.data.relation))
        ? state
        : withTask(state, { relations: [...state.relations, event.data.relation] });
    case 'TaskRelationRemoved':
      return withTask(state, { relations: state.relations.filter((r) => !sameRelation(r, event.data.relation)) });
  }
};
