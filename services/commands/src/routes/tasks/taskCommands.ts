import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  canSeeTask,
  DomainError,
  relationEdge,
  taskDecider,
  taskSchemas,
  toTaskStreamId,
  wouldCreateCycle,
  type Actor,
  type CreateTask,
  type TaskCommand,
  type TaskEdge,
  type TaskEvent,
  type TaskRelationKind,
  type TaskState,
  type UpdateTask,
} from '@stramien/domain';
import { newEventId, WrongExpectedRevisionError, type EventStore } from '@stramien/infra';
import type { LabelDoc } from '@stramien/projections';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import { allRelations, TASKS_COLLECTION, type TaskDoc } from '@stramien/projections/tasks/tasks';
import { createCommandHandler, type CommandHandler, type Unsent } from '../../pipeline/commandHandler';
import type { PipelineResult } from '../../pipeline/commandPipeline';
import { PROJECTS_COLLECTION } from '../../plugins/permissionSubject';
import { userCanSeeProject, type TaskAccess } from '../../access/taskAccess';

export type TaskResult = PipelineResult<TaskState, TaskEvent>;

/** What a caller knows of a new task; the checked facts and the number are added here. */
export type NewTask = Omit<CreateTask['data'], 'number' | 'assigneeCanSeeProject' | 'parentAvailable' | 'labelsAvailable'>;
/** The changes of `PUT /tasks/{id}` in the domain's names; the checked facts are added here. */
export type TaskChanges = Omit<UpdateTask['data'], 'assigneeCanSeeProject' | 'parentAvailable' | 'parentCycle'>;
/** Commands that need no fact from a read (checks, messages, appendixes, removals, transitions). */
export type PlainTaskCommand = Unsent<
  Exclude<TaskCommand, { type: 'CreateTask' | 'UpdateTask' | 'DeleteTask' | 'AddTaskLabel' | 'AddTaskRelation' }>
>;

/**
 * The per-project task counter: its own stream `taskCounter-<projectId>`, one `TaskNumberTaken` per number,
 * appended with the expected revision so two creations never take one number, and a number of a task that is later
 * deleted (or whose creation then failed) is never given again.
 */
export const toTaskCounterStreamId = (projectId: string): string => `taskCounter-${projectId}`;
export const TASK_NUMBER_TAKEN = 'TaskNumberTaken';
const COUNTER_RETRIES = 50;

/**
 * Takes the project's next numbers, one per task id, in one append (one `TaskNumberTaken` each, in order): an import
 * chunk takes its rows' numbers at once instead of one append per row.
 */
export const takeTaskNumbers = async (
  eventStore: EventStore,
  projectId: string,
  taskIds: readonly string[],
  actor: Actor,
  now: string,
): Promise<number[]> => {
  if (taskIds.length === 0) return [];
  const streamId = toTaskCounterStreamId(projectId);
  for (let attempt = 0; ; attempt++) {
    const [last] = await eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    const first = last ? (last.data as { number: number }).number + 1 : 1;
    const numbers = taskIds.map((_, i) => first + i);
    try {
      await eventStore.append(
        streamId,
        taskIds.map((taskId, i) => ({
          id: newEventId(),
          type: TASK_NUMBER_TAKEN,
          data: { projectId, taskId, number: numbers[i]! },
          metadata: {
            userId: actor.userId,
            licenceId: actor.licenceId,
            projectId,
            correlationId: taskId,
            causationId: taskId,
            occurredAt: now,
          },
        })),
        last ? last.revision : 'no_stream',
      );
      return numbers;
    } catch (e) {
      if (e instanceof WrongExpectedRevisionError && attempt < COUNTER_RETRIES) continue;
      throw e;
    }
  }
};

export const takeTaskNumber = async (
  eventStore: EventStore,
  projectId: string,
  taskId: string,
  actor: Actor,
  now: string,
): Promise<number> => (await takeTaskNumbers(eventStore, projectId, [taskId], actor, now))[0]!;

/** A task command and its answer, sent with its checked facts from one place: routes, boards and the import use it. */
export interface TaskCommands {
  /** the task aggregate's command handler (built once per app) */
  handle: CommandHandler<TaskCommand, TaskEvent, TaskState>;
  /**
   * Creates a task: the facts (assignee sees the project, parent available, labels available) are read first and the
   * command is decided once without a number, so refused input takes no number and appends nothing; then the
   * project's next number is taken and the task created. A retried creation (same task id, same creator) answers the
   * task it created. `number`: one the caller took beforehand (`takeTaskNumbers`, the import's chunk).
   */
  create(request: FastifyRequest, task: NewTask, actor: Actor, options?: { settle?: boolean; number?: number }): Promise<TaskResult>;
  /** `PUT /tasks/{id}`: assignee, parent and cycle facts added when those change */
  update(request: FastifyRequest, access: TaskAccess, changes: TaskChanges): Promise<TaskResult>;
  /** refused while the task has live subtasks outside `alsoDeleted` */
  delete(request: FastifyRequest, access: TaskAccess, alsoDeleted?: ReadonlySet<string>): Promise<TaskResult>;
  addLabel(request: FastifyRequest, access: TaskAccess, labelId: string): Promise<TaskResult>;
  /** `kind` is what `relatedTaskId` is to the task; available = same project and visible to the actor */
  addRelation(request: FastifyRequest, access: TaskAccess, relatedTaskId: string, kind: TaskRelationKind): Promise<TaskResult>;
  send(request: FastifyRequest, access: TaskAccess, command: PlainTaskCommand): Promise<TaskResult>;
  facts: TaskFacts;
}

export interface TaskFacts {
  assigneeCanSeeProject(assignedTo: string | null | undefined, projectId: string): Promise<boolean>;
  /** the parent is a live task of the project that the actor may see */
  parentAvailable(parentId: string | null | undefined, projectId: string, actor: Actor): Promise<boolean>;
  /** would `parentId` make `taskId` a subtask of itself (walks the parent's ancestors) */
  parentCycle(taskId: string, parentId: string | null | undefined): Promise<boolean>;
  /** every label is licence-wide or of the project, in the licence */
  labelsAvailable(labelIds: readonly string[], licenceId: string, projectId: string): Promise<boolean>;
  /** live subtasks of a task */
  childIds(taskId: string): Promise<string[]>;
  /** the relation edges (predecessor -> successor) of a project's tasks */
  relationEdges(projectId: string): Promise<TaskEdge[]>;
}

const PARENT_DEPTH_MAX = 1000;

/**
 * An update's events change only details that no access check or fact reads (title, description, priority… not the
 * private flag, the assignee, the parent or the dates): it is answered without waiting for the read models
 * (docs/performance.md 48.), and the same user's next update reads the task's document a batch behind without harm.
 * Any other change settles, so `loadTaskAccess` and the facts of the next command see it.
 */
export const onlyPlainDetails = (events: readonly TaskEvent[]): boolean =>
  events.every((event) => event.type === 'TaskUpdated' && !('isPrivate' in event.data.changes));

const createTaskCommands = (app: FastifyInstance): TaskCommands => {
  const { deps } = app;
  const { documentStore, eventStore } = deps.adapters;
  const tasks = documentStore.collection<TaskDoc>(TASKS_COLLECTION);
  const projects = documentStore.collection<ProjectDoc>(PROJECTS_COLLECTION);
  const labels = documentStore.collection<LabelDoc>('labels');
  const handle = createCommandHandler(app, { decider: taskDecider, schemas: taskSchemas, toStreamId: toTaskStreamId });

  const facts: TaskFacts = {
    async assigneeCanSeeProject(assignedTo, projectId) {
      if (!assignedTo) return true; // the decider answers 'Please add an assigned user'
      const project = await projects.findOne({ _id: projectId });
      return project !== null && (await userCanSeeProject(deps, assignedTo, project));
    },
    async parentAvailable(parentId, projectId, actor) {
      if (!parentId) return true;
      const parent = await tasks.findOne({ _id: parentId });
      return parent !== null && parent.projectId === projectId && canSeeTask(actor, parent);
    },
    async parentCycle(taskId, parentId) {
      let current = parentId ?? null;
      for (let depth = 0; current !== null && depth < PARENT_DEPTH_MAX; depth++) {
        if (current === taskId) return true;
        const doc: Pick<TaskDoc, 'parentId'> | null = await tasks.findOne({ _id: current }, { projection: { parentId: 1 } });
        current = doc?.parentId ?? null;
      }
      return false;
    },
    async labelsAvailable(labelIds, licenceId, projectId) {
      const wanted = [...new Set(labelIds)];
      if (wanted.length === 0) return true;
      const found = await labels.find(
        { _id: { $in: wanted }, licenceId, $or: [{ projectId: null }, { projectId }] },
        { projection: { _id: 1 } },
      );
      return found.length === wanted.length;
    },
    async childIds(taskId) {
      return (await tasks.find({ parentId: taskId }, { projection: { _id: 1 } })).map((t) => t._id);
    },
    async relationEdges(projectId) {
      const docs = await tasks.find({ projectId }, { projection: { _id: 1, relations: 1, linkedRelations: 1 } });
      return docs.flatMap((d) => allRelations(d).map((r) => relationEdge(d._id, r)));
    },
  };

  const options = (access: TaskAccess) => ({ actor: access.actor, projectId: access.task.projectId });
  const lastPosition = async (taskId: string): Promise<number> =>
    (await eventStore.readStream(toTaskStreamId(taskId), { direction: 'backwards', maxCount: 1 }))[0]?.position ?? 0;

  return {
    handle,
    facts,
    async create(request, task, actor, { settle = true, number: taken } = {}) {
      const current = await handle.load(task.taskId);
      if (current.exists && !current.deleted && current.createdBy === actor.userId && current.projectId === task.projectId) {
        return { state: current, events: [], position: await lastPosition(task.taskId) };
      }
      const [assigneeCanSeeProject, parentAvailable, labelsAvailable] = await Promise.all([
        facts.assigneeCanSeeProject(task.assignedTo, task.projectId),
        facts.parentAvailable(task.parentId, task.projectId, actor),
        facts.labelsAvailable(task.labels ?? [], task.licenceId, task.projectId),
      ]);
      const now = deps.clock().toISOString();
      const data = { ...task, number: 1, assigneeCanSeeProject, parentAvailable, labelsAvailable };
      // decided once before a number is taken: refused input takes no number and appends nothing
      const dryRun = taskDecider.decide({ type: 'CreateTask', data, metadata: { actor, now } }, current);
      if (dryRun instanceof DomainError) throw dryRun;
      const number = taken ?? (await takeTaskNumber(eventStore, task.projectId, task.taskId, actor, now));
      return handle(request, task.taskId, { type: 'CreateTask', data: { ...data, number } }, { actor, projectId: task.projectId, settle });
    },
    async update(request, access, changes) {
      const { task } = access;
      const assigneeChanges = changes.assignedTo !== undefined && changes.assignedTo !== task.assignedTo;
      const parentChanges = changes.parentId !== undefined && changes.parentId !== task.parentId;
      // most updates change neither: no facts to read
      const [assigneeCanSeeProject, parentAvailable, parentCycle] =
        assigneeChanges || parentChanges
          ? await Promise.all([
              assigneeChanges ? facts.assigneeCanSeeProject(changes.assignedTo, task.projectId) : true,
              parentChanges ? facts.parentAvailable(changes.parentId, task.projectId, access.actor) : true,
              parentChanges ? facts.parentCycle(task._id, changes.parentId) : false,
            ])
          : [true, true, false];
      return handle(
        request,
        task._id,
        // the checked facts first: keys added after a spread take V8 11's slow path (projections' tasks.ts)
        { type: 'UpdateTask', data: { assigneeCanSeeProject, parentAvailable, parentCycle, ...changes } },
        // answered before the read models only when it changes details that no access check or fact reads
        { ...options(access), settle: (events) => !onlyPlainDetails(events) },
      );
    },
    async delete(request, access, alsoDeleted = new Set()) {
      const children = await facts.childIds(access.task._id);
      const hasChildren = children.some((id) => !alsoDeleted.has(id));
      return handle(request, access.task._id, { type: 'DeleteTask', data: { hasChildren } }, options(access));
    },
    async addLabel(request, access, labelId) {
      const labelAvailable = await facts.labelsAvailable([labelId], access.task.licenceId, access.task.projectId);
      return handle(request, access.task._id, { type: 'AddTaskLabel', data: { labelId, labelAvailable } }, options(access));
    },
    async addRelation(request, access, relatedTaskId, kind) {
      const { task, actor } = access;
      const related = relatedTaskId === task._id ? null : await tasks.findOne({ _id: relatedTaskId });
      const relatedTaskAvailable = related !== null && related.projectId === task.projectId && canSeeTask(actor, related);
      let cycle = false;
      if (relatedTaskAvailable) {
        const [from, to] = relationEdge(task._id, { taskId: relatedTaskId, kind });
        cycle = wouldCreateCycle(await facts.relationEdges(task.projectId), from, to);
      }
      return handle(
        request,
        task._id,
        { type: 'AddTaskRelation', data: { relatedTaskId, kind, relatedTaskAvailable, wouldCreateCycle: cycle } },
        options(access),
      );
    },
    send(request, access, command) {
      return handle(request, access.task._id, command, options(access));
    },
  };
};

const built = new WeakMap<FastifyInstance, TaskCommands>();
/** The app's task commands, built once per app (one command handler, one state cache). */
export const taskCommandsOf = (app: FastifyInstance): TaskCommands => {
  let commands = built.get(app);
  if (!commands) {
    commands = createTaskCommands(app);
    built.set(app, commands);
  }
  return commands;
};
