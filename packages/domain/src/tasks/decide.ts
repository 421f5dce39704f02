import { DomainError } from '../shared/domainError';
import type { Command, Decider } from '../shared/decider';
import { format } from '../shared/messages';
import { labelMessages } from '../labels/messages';
import { taskMessages } from './messages';
import {
  hasTaskErrors,
  normaliseTaskDate,
  relationEdge,
  taskErrorsMessage,
  validateTaskFields,
  wouldCreateCycle,
  type TaskFieldErrors,
} from './rules';
import {
  evolveTask,
  initialTaskState,
  TASK_APPENDIX_CONTENT_TYPES,
  TASK_APPENDIX_MAX_BYTES,
  TASK_APPENDIXES_MAX,
  TASK_CHECK_TITLE_MAX,
  TASK_CHECKS_MAX,
  TASK_MESSAGE_MAX,
  TASK_RELATIONS_MAX,
  type TaskDetailChanges,
  type TaskEvent,
  type TaskMetadata,
  type TaskPriority,
  type TaskRelationKind,
  type TaskState,
  type TaskTypeInfo,
} from './task';

/**
 * Commands of the task aggregate. Who may send them (project access, `canSeeTask` for private tasks) is checked by
 * the route before deciding. Facts that need a read are established by the handler and passed in, named as the
 * question they answer: `number` (the next value of the project's task counter), `assigneeCanSeeProject`,
 * `parentAvailable` (the parent exists in the same project and the actor may see it), `parentCycle`,
 * `labelsAvailable` / `labelAvailable` (licence-wide or of the task's project), `relatedTaskAvailable`,
 * `wouldCreateCycle` (from the project's relation edges, see `wouldCreateCycle` in rules.ts), `hasChildren`.
 * Time and the acting user come from the command's metadata.
 */
export type CreateTask = Command<
  'CreateTask',
  {
    taskId: string;
    licenceId: string;
    projectId: string;
    number: number;
    title: string;
    description?: string | null;
    parentId?: string | null;
    taskType?: TaskTypeInfo | null;
    metadata?: TaskMetadata;
    sbscode?: string | null;
    priority: TaskPriority | null;
    assignedTo: string | null;
    plannedStart?: string | null;
    plannedEnd?: string | null;
    due?: string | null;
    isPrivate?: boolean;
    labels?: string[];
    automated?: boolean;
    automationId?: string | null;
    assigneeCanSeeProject: boolean;
    parentAvailable: boolean;
    labelsAvailable: boolean;
  }
>;
/** Only the fields present change; `undefined` keeps the current value, `null` clears a nullable one. */
export type UpdateTask = Command<
  'UpdateTask',
  TaskDetailChanges & {
    assignedTo?: string | null;
    plannedStart?: string | null;
    plannedEnd?: string | null;
    due?: string | null;
    parentId?: string | null;
    /** required when assignedTo changes */
    assigneeCanSeeProject?: boolean;
    /** required when parentId changes to a task */
    parentAvailable?: boolean;
    parentCycle?: boolean;
  }
>;
export type DeleteTask = Command<'DeleteTask', { hasChildren: boolean }>;
export type CancelTask = Command<'CancelTask', Record<string, never>>;
export type CloseTask = Command<'CloseTask', Record<string, never>>;
export type ReopenTask = Command<'ReopenTask', Record<string, never>>;
export type ExecuteTask = Command<'ExecuteTask', Record<string, never>>;
/** `contentType` is what the handler detected from the file's bytes; `size` what it counted while storing it. */
export type AddTaskAppendix = Command<
  'AddTaskAppendix',
  { appendixId: string; blobId: string; name: string; size: number; contentType: string }
>;
export type RemoveTaskAppendix = Command<'RemoveTaskAppendix', { appendixId: string }>;
export type PostTaskMessage = Command<'PostTaskMessage', { messageId: string; message: string }>;
export type AddTaskCheck = Command<'AddTaskCheck', { checkId: string; title: string }>;
export type UpdateTaskCheck = Command<'UpdateTaskCheck', { checkId: string; title?: string; checked?: boolean }>;
export type RemoveTaskCheck = Command<'RemoveTaskCheck', { checkId: string }>;
export type AddTaskLabel = Command<'AddTaskLabel', { labelId: string; labelAvailable: boolean }>;
export type RemoveTaskLabel = Command<'RemoveTaskLabel', { labelId: string }>;
/** `kind` is what the related task is to this one. */
export type AddTaskRelation = Command<
  'AddTaskRelation',
  { relatedTaskId: string; kind: TaskRelationKind; relatedTaskAvailable: boolean; wouldCreateCycle: boolean }
>;
export type RemoveTaskRelation = Command<'RemoveTaskRelation', { relatedTaskId: string; kind: TaskRelationKind }>;

export type TaskCommand =
  | CreateTask
  | UpdateTask
  | DeleteTask
  | CancelTask
  | CloseTask
  | ReopenTask
  | ExecuteTask
  | AddTaskAppendix
  | RemoveTaskAppendix
  | PostTaskMessage
  | AddTaskCheck
  | UpdateTaskCheck
  | RemoveTaskCheck
  | AddTaskLabel
  | RemoveTaskLabel
  | AddTaskRelation
  | RemoveTaskRelation;

type Decision = TaskEvent[] | DomainError;

const notFound = () => new DomainError(taskMessages.notFound, 404);
const mustBeLive = (state: TaskState): DomainError | null => (state.exists && !state.deleted ? null : notFound());
/** A closed or canceled task is read-only, apart from reopening, deleting and posting messages. */
const mustBeOpen = (state: TaskState): DomainError | null =>
  mustBeLive(state) ?? (state.status === 'open' ? null : new DomainError(format(taskMessages.notOpen, { status: state.status }), 409));
const invalid = (errors: TaskFieldErrors) => new DomainError(taskErrorsMessage(errors), 422, errors as Record<string, string[]>);
const fieldError = (field: string, message: string, status: 422 | 404 | 409 = 422) =>
  new DomainError(message, status, { [field]: [message] });
const trimOrNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();
/** The task as the notifier needs it on the events it notifies about. */
const notice = (state: Pick<TaskState, 'title' | 'createdBy' | 'assignedTo'>) => ({
  title: state.title,
  createdBy: state.createdBy,
  assignedTo: state.assignedTo,
});
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const createTask = (command: CreateTask, state: TaskState): Decision => {
  if (state.exists) return new DomainError(taskMessages.alreadyExists, 409);
  const d = command.data;
  const automated = d.automated ?? false;
  const errors = validateTaskFields({ ...d, taskType: d.taskType?.type ?? null, automated });
  if (!Number.isInteger(d.number) || d.number < 1) errors.number = [taskMessages.invalidNumber];
  if (hasTaskErrors(errors)) return invalid(errors);
  if (!d.assigneeCanSeeProject) return fieldError('assigned_to', taskMessages.assigneeCannotSeeProject);
  const parentId = trimOrNull(d.parentId);
  if (parentId !== null && !d.parentAvailable) return fieldError('parent', taskMessages.parentNotFound, 404);
  if (parentId === d.taskId) return fieldError('parent', taskMessages.parentIsSelf);
  const labels = [...new Set(d.labels ?? [])];
  if (labels.length > 0 && !d.labelsAvailable) return fieldError('labels', labelMessages.notFound, 404);
  return [
    {
      type: 'TaskCreated',
      data: {
        taskId: d.taskId,
        licenceId: d.licenceId,
        projectId: d.projectId,
        number: d.number,
        title: d.title.trim(),
        description: trimOrNull(d.description),
        parentId,
        taskType: d.taskType ?? null,
        metadata: d.metadata ?? null,
        sbscode: trimOrNull(d.sbscode),
        priority: d.priority!,
        assignedTo: d.assignedTo!,
        createdBy: command.metadata.actor.userId,
        plannedStart: normaliseTaskDate(d.plannedStart),
        plannedEnd: normaliseTaskDate(d.plannedEnd),
        due: normaliseTaskDate(d.due),
        isPrivate: d.isPrivate ?? false,
        labels,
        automated,
        automationId: automated ? trimOrNull(d.automationId) : null,
        createdAt: command.metadata.now,
      },
    },
  ];
};

const pick = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

export const updateTask = (command: UpdateTask, state: TaskState): Decision => {
  const refused = mustBeOpen(state);
  if (refused) return refused;
  const d = command.data;
  const next = {
    title: d.title === undefined ? state.title : d.title.trim(),
    description: d.description === undefined ? state.description : trimOrNull(d.description),
    priority: pick(d.priority, state.priority),
    sbscode: d.sbscode === undefined ? state.sbscode : trimOrNull(d.sbscode),
    isPrivate: pick(d.isPrivate, state.isPrivate),
    taskType: pick(d.taskType, state.taskType),
    metadata: pick(d.metadata, state.metadata),
    automationId: d.automationId === undefined ? state.automationId : trimOrNull(d.automationId),
    assignedTo: d.assignedTo === undefined ? state.assignedTo : (d.assignedTo?.trim() ?? ''),
    plannedStart: d.plannedStart === undefined ? state.plannedStart : normaliseTaskDate(d.plannedStart),
    plannedEnd: d.plannedEnd === undefined ? state.plannedEnd : normaliseTaskDate(d.plannedEnd),
    due: d.due === undefined ? state.due : normaliseTaskDate(d.due),
    parentId: d.parentId === undefined ? state.parentId : trimOrNull(d.parentId),
  };
  const errors = validateTaskFields({
    title: next.title,
    description: next.description,
    priority: next.priority,
    projectId: state.projectId,
    assignedTo: next.assignedTo,
    plannedStart: next.plannedStart,
    plannedEnd: next.plannedEnd,
    due: next.due,
    automated: state.automated,
    automationId: next.automationId,
    taskType: next.taskType?.type ?? null,
  });
  if (hasTaskErrors(errors)) return invalid(errors);

  const events: TaskEvent[] = [];
  const changes: TaskDetailChanges = {};
  const detailKeys = ['title', 'description', 'priority', 'sbscode', 'isPrivate', 'taskType', 'metadata', 'automationId'] as const;
  for (const key of detailKeys) if (!same(next[key], state[key])) (changes as Record<string, unknown>)[key] = next[key];
  if (Object.keys(changes).length > 0) events.push({ type: 'TaskUpdated', data: { taskId: state.taskId, changes } });

  if (next.assignedTo !== state.assignedTo) {
    if (!d.assigneeCanSeeProject) return fieldError('assigned_to', taskMessages.assigneeCannotSeeProject);
    events.push({
      type: 'TaskAssigned',
      data: {
        taskId: state.taskId,
        assignedTo: next.assignedTo,
        previousAssignee: state.assignedTo,
        title: next.title,
        createdBy: state.createdBy,
      },
    });
  }
  if (next.plannedStart !== state.plannedStart || next.plannedEnd !== state.plannedEnd || next.due !== state.due)
    events.push({
      type: 'TaskRescheduled',
      data: {
        taskId: state.taskId,
        plannedStart: next.plannedStart,
        plannedEnd: next.plannedEnd,
        due: next.due,
        previousDue: state.due,
        ...notice({ ...state, ...next }),
      },
    });
  if (next.parentId !== state.parentId) {
    if (next.parentId === state.taskId) return fieldError('parent', taskMessages.parentIsSelf);
    if (next.parentId !== null && !d.parentAvailable) return fieldError('parent', taskMessages.parentNotFound, 404);
    if (next.parentId !== null && d.parentCycle) return fieldError('parent', taskMessages.parentCycle, 409);
    events.push({ type: 'TaskParentChanged', data: { taskId: state.taskId, parentId: next.parentId, previousParentId: state.parentId } });
  }
  return events;
};

export const deleteTask = (command: DeleteTask, state: TaskState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  if (command.data.hasChildren) return new DomainError(taskMessages.hasChildren, 409);
  return [{ type: 'TaskDeleted', data: { taskId: state.taskId, projectId: state.projectId } }];
};

/** Closing a closed task again changes nothing (a retried request); closing a canceled one is refused. */
export const closeTask = (_command: CloseTask, state: TaskState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  if (state.status === 'closed') return [];
  if (state.status === 'canceled') return new DomainError(taskMessages.closeCanceled, 409);
  return [{ type: 'TaskClosed', data: { taskId: state.taskId, ...notice(state) } }];
};

export const cancelTask = (_command: CancelTask, state: TaskState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  if (state.status === 'canceled') return [];
  if (state.status === 'closed') return new DomainError(taskMessages.cancelClosed, 409);
  return [{ type: 'TaskCanceled', data: { taskId: state.taskId, ...notice(state) } }];
};

export const reopenTask = (_command: ReopenTask, state: TaskState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  if (state.status === 'open') return [];
  return [{ type: 'TaskReopened', data: { taskId: state.taskId, previousStatus: state.status, ...notice(state) } }];
};

export const executeTask = (_command: ExecuteTask, state: TaskState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  if (!state.automated || state.automationId === null) return new DomainError(taskMessages.notAutomated, 422);
  if (state.status !== 'open') return new DomainError(taskMessages.executeNotOpen, 409);
  return [{ type: 'TaskExecuted', data: { taskId: state.taskId, automationId: state.automationId } }];
};

export const addTaskAppendix = (command: AddTaskAppendix, state: TaskState): Decision => {
  const refused = mustBeOpen(state);
  if (refused) return refused;
  const { appendixId, blobId, size, contentType } = command.data;
  const name = command.data.name.trim();
  const existing = state.appendixes.find((a) => a.appendixId === appendixId);
  if (existing) return existing.blobId === blobId ? [] : new DomainError(taskMessages.appendixExists, 409);
  if (name === '') return fieldError('name', taskMessages.required);
  if (size <= 0) return fieldError('file', taskMessages.appendixEmpty);
  if (size > TASK_APPENDIX_MAX_BYTES)
    return fieldError('file', format(taskMessages.appendixTooLarge, { max: TASK_APPENDIX_MAX_BYTES / 1024 / 1024 }));
  if (!(TASK_APPENDIX_CONTENT_TYPES as readonly string[]).includes(contentType)) return fieldError('file', taskMessages.appendixType);
  if (state.appendixes.length >= TASK_APPENDIXES_MAX)
    return new DomainError(format(taskMessages.tooManyAppendixes, { max: TASK_APPENDIXES_MAX }), 422);
  const { actor } = command.metadata;
  return [
    {
      type: 'TaskAppendixAdded',
      data: {
        taskId: state.taskId,
        appendix: { appendixId, blobId, name, size, contentType, addedBy: actor.userId, addedAt: command.metadata.now },
      },
    },
  ];
};

export const removeTaskAppendix = (command: RemoveTaskAppendix, state: TaskState): Decision => {
  const refused = mustBeOpen(state);
  if (refused) return refused;
  const appendix = state.appendixes.find((a) => a.appendixId === command.data.appendixId);
  if (!appendix) return new DomainError(taskMessages.appendixNotFound, 404);
  return [{ type: 'TaskAppendixRemoved', data: { taskId: state.taskId, appendixId: appendix.appendixId, blobId: appendix.blobId } }];
};

/** Messages stay possible on a closed or canceled task: the discussion may go on after the work. */
export const postTaskMessage = (command: PostTaskMessage, state: TaskState): Decision => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const { messageId } = command.data;
  if (state.messages.some((m) => m.messageId === messageId)) return [];
  const message = command.data.message.trim();
  if (message === '') return fieldError('message', taskMessages.required);
  if (message.length > TASK_MESSAGE_MAX) return fieldError('message', taskMessages.messageTooLong);
  return [
    {
      type: 'TaskMessagePosted',
      data: {
        taskId: state.taskId,
        message: { messageId, userId: command.metadata.actor.userId, message, postedAt: command.metadata.now },
      },
    },
  ];
};

const checkTitleError = (title: string): DomainError | null => {
  if (title === '') return fieldError('title', taskMessages.required);
  if (title.length > TASK_CHECK_TITLE_MAX) return fieldError('title', taskMessages.titleTooLong);
  return null;
};

export const addTaskCheck = (command: AddTaskCheck, state: TaskState): Decision => {
  const refused = mustBeOpen(state);
  if (refused) return refused;
  const title = command.data.title.trim();
  const existing = state.checks.find((c) => c.checkId === command.data.checkId);
  if (existing) return existing.title === title ? [] : new DomainError(taskMessages.checkExists, 409);
  const error = checkTitleError(title);
  if (error) return error;
  if (state.checks.length >= TASK_CHECKS_MAX) return new DomainError(format(taskMessages.tooManyChecks, { max: TASK_CHECKS_MAX }), 422);
  return [{ type: 'TaskCheckAdded', data: { taskId: state.taskId, check: { checkId: command.data.checkId, title, checked: false } } }];
};

export const updateTaskCheck = (command: UpdateTaskCheck, state: TaskState): Decision => {
  const refused = mustBeOpen(state);
  if (refused) return refused;
  const current = state.checks.find((c) => c.checkId === command.data.checkId);
  if (!current) return new DomainError(taskMessages.checkNotFound, 404);
  const check = { ...current, title: command.data.title?.trim() ?? current.title, checked: command.data.checked ?? current.checked };
  const error = checkTitleError(check.title);
  if (error) return error;
  if (same(check, current)) return [];
  return [{ type: 'TaskCheckUpdated', data: { taskId: state.taskId, check } }];
};

export const removeTaskCheck = (command: RemoveTaskCheck, state: TaskState): Decision => {
  const refused = mustBeOpen(state);
  if (refused) return refused;
  if (!state.checks.some((c) => c.checkId === command.data.checkId)) return new DomainError(taskMessages.checkNotFound, 404);
  return [{ type: 'TaskCheckRemoved', data: { taskId: state.taskId, checkId: command.data.checkId } }];
};

export const addTaskLabel = (command: AddTaskLabel, state: TaskState): Decision => {
  const refused = mustBeOpen(state);
  if (refused) return refused;
  // a label of another licence or project is not even known here
  if (!command.data.labelAvailable) return new DomainError(labelMessages.notFound, 404);
  if (state.labels.includes(command.data.labelId)) return [];
  return [{ type: 'TaskLabelAdded', data: { taskId: state.taskId, labelId: command.data.labelId } }];
};

export const removeTaskLabel = (command: RemoveTaskLabel, state: TaskState): Decision => {
  const refused = mustBeOpen(state);
  if (refused) return refused;
  if (!state.labels.includes(command.data.labelId)) return new DomainError(taskMessages.labelNotOnTask, 404);
  return [{ type: 'TaskLabelRemoved', data: { taskId: state.taskId, labelId: command.data.labelId } }];
};

export const addTaskRelation = (command: AddTaskRelation, state: TaskState): Decision => {
  const refused = mustBeOpen(state);
  if (refused) return refused;
  const relation = { taskId: command.data.relatedTaskId, kind: command.data.kind };
  if (relation.taskId === state.taskId) return new DomainError(taskMessages.relationToSelf, 422);
  if (!command.data.relatedTaskAvailable) return new DomainError(taskMessages.relatedTaskNotFound, 404);
  if (state.relations.some((r) => r.taskId === relation.taskId && r.kind === relation.kind)) return [];
  const [from, to] = relationEdge(state.taskId, relation);
  const ownEdges = state.relations.map((r) => relationEdge(state.taskId, r));
  if (command.data.wouldCreateCycle || wouldCreateCycle(ownEdges, from, to)) return new DomainError(taskMessages.relationCycle, 409);
  if (state.relations.length >= TASK_RELATIONS_MAX)
    return new DomainError(format(taskMessages.tooManyRelations, { max: TASK_RELATIONS_MAX }), 422);
  return [{ type: 'TaskRelationAdded', data: { taskId: state.taskId, relation } }];
};

export const removeTaskRelation = (command: RemoveTaskRelation, state: TaskState): Decision => {
  const refused = mustBeOpen(state);
  if (refused) return refused;
  const relation = { taskId: command.data.relatedTaskId, kind: command.data.kind };
  if (!state.relations.some((r) => r.taskId === relation.taskId && r.kind === relation.kind))
    return new DomainError(taskMessages.relationNotFound, 404);
  return [{ type: 'TaskRelationRemoved', data: { taskId: state.taskId, relation } }];
};

export const decideTask = (command: TaskCommand, state: TaskState): Decision => {
  switch (command.type) {
    case 'CreateTask':
      return createTask(command, state);
    case 'UpdateTask':
      return updateTask(command, state);
    case 'DeleteTask':
      return deleteTask(command, state);
    case 'CancelTask':
      return cancelTask(command, state);
    case 'CloseTask':
      return closeTask(command, state);
    case 'ReopenTask':
      return reopenTask(command, state);
    case 'ExecuteTask':
      return executeTask(command, state);
    case 'AddTaskAppendix':
      return addTaskAppendix(command, state);
    case 'RemoveTaskAppendix':
      return removeTaskAppendix(command, state);
    case 'PostTaskMessage':
      return postTaskMessage(command, state);
    case 'AddTaskCheck':
      return addTaskCheck(command, state);
    case 'UpdateTaskCheck':
      return updateTaskCheck(command, state);
    case 'RemoveTaskCheck':
      return removeTaskCheck(command, state);
    case 'AddTaskLabel':
      return addTaskLabel(command, state);
    case 'RemoveTaskLabel':
      return removeTaskLabel(command, state);
    case 'AddTaskRelation':
      return addTaskRelation(command, state);
    case 'RemoveTaskRelation':
      return removeTaskRelation(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
};

export const taskDecider: Decider<TaskCommand, TaskEvent, TaskState> = {
  initialState: initialTaskState,
  evolve: evolveTask,
  decide: decideTask,
};

/** "Successfully created task '{title}'" for a task title (spec 3 §4). */
export const taskCreatedMessage = (title: string): string => format(taskMessages.created, { title });
