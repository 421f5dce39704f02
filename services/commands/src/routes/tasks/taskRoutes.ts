import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { taskRoutes, type TaskListQuery } from '@stramien/api';
import {
  DomainError,
  dueOnDayQuery,
  format,
  taskCreatedMessage,
  taskErrorsMessage,
  taskFiltersToQuery,
  taskMessages,
  validateTaskFields,
  workflowJobOfTask,
  workflowMessages,
  type TaskMetadata,
  type TaskPriority,
  type TaskQueryFilter,
} from '@stramien/domain';
import type { Filter } from '@stramien/infra';
import { toTaskDoc } from '@stramien/projections/tasks/tasks';
import { addExactRoute, addRoute } from '../../plugins/route';
import { actorOf } from '../../plugins/auth';
import { loadLicenceAccess } from '../../access/licenceAccess';
import { loadProjectAccess, projectNotFound } from '../../access/projectAccess';
import { loadTaskAccess, type TaskAccess } from '../../access/taskAccess';
import { taskCommandsOf, type TaskChanges } from './taskCommands';
import { mergeFilters, taskQueriesOf, taskSort } from './taskQueries';
import { taskAnswer } from './taskAnswer';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const oneOrIn = (values: string[]): unknown => (values.length === 1 ? values[0] : { $in: values });
const truthy = (value: string | undefined): boolean => value === '1' || value === 'true';

/** `PUT /tasks/{id}` body names -> the domain's. */
const UPDATE_FIELDS = {
  parent: 'parentId',
  title: 'title',
  description: 'description',
  priority: 'priority',
  assigned_to: 'assignedTo',
  planned_start: 'plannedStart',
  planned_end: 'plannedEnd',
  due: 'due',
  sbscode: 'sbscode',
  is_private: 'isPrivate',
  task_type: 'taskType',
  metadata: 'metadata',
  automation_id: 'automationId',
} as const;

/** The LIMIT of subtasks a licence query answers with `depth` (a bound, not a business rule). */
const DESCENDANTS_MAX = 5000;

/**
 * The task calls of spec 1 §7 (the parts — appendixes, messages, checks, labels, relations, import — are in their own
 * module). Load -> authorise (`loadTaskAccess`: 404 for what the user may not see) -> command with its checked facts
 * (`taskCommandsOf`) -> the resulting task (spec 1 §4: it replaces the held one) and the position of the last event.
 */
export const registerTaskRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const commands = taskCommandsOf(app);
  const queries = taskQueriesOf(app);

  /** the visible tasks of a licence (or one project of it) matching the list's query parameters and column filters */
  const listFilter = async (request: FastifyRequest, query: TaskListQuery, filters: TaskQueryFilter[]) => {
    const projectId = query['filter[project]'];
    let licenceId = query['filter[license]'];
    const parts: Filter[] = [];
    let userId: string;
    if (projectId) {
      const project = await loadProjectAccess(deps, request, projectId, 'project');
      if (licenceId && licenceId !== project.project.licenceId) throw projectNotFound();
      licenceId = project.project.licenceId;
      userId = project.actor.userId;
      parts.push({ licenceId, projectId });
    } else {
      licenceId ??= actorOf(request).licenceId;
      const access = await loadLicenceAccess(deps, request, licenceId);
      userId = access.userId;
      parts.push(await queries.projectScope(access, licenceId));
    }
    const me = (value: string) => (value === 'me' ? userId : value);
    if (query['filter[assigned_to]']) parts.push({ assignedTo: me(query['filter[assigned_to]']) });
    if (query['filter[created_by]']) parts.push({ createdBy: me(query['filter[created_by]']) });
    if (query['filter[status]']) parts.push({ status: oneOrIn(query['filter[status]'].split(',')) });
    if (query['filter[priority]']) parts.push({ priority: oneOrIn(query['filter[priority]'].split(',')) });
    if (query['filter[parent]']) parts.push({ parentId: query['filter[parent]'] === 'none' ? null : query['filter[parent]'] });
    if (query['filter[label]']) parts.push({ labels: query['filter[label]'] });
    if (query['filter[search]']?.trim()) parts.push({ title: { $regex: escapeRegex(query['filter[search]'].trim()), $options: 'i' } });
    if (truthy(query['filter[today]'])) parts.push(dueOnDayQuery(query['filter[day]'] ?? deps.clock().toISOString().slice(0, 10)));
    const columns = taskFiltersToQuery(filters);
    if (Object.keys(columns).length > 0) parts.push(columns);
    return { filter: mergeFilters(parts), userId };
  };

  addRoute(app, taskRoutes.query, async ({ query, body, request }) => {
    const q = query ?? {};
    const { filter, userId } = await listFilter(request, q, body?.filters ?? []);
    const { data, meta } = await queries.page(filter, taskSort(q.sort), q.page, q.per_page, userId);
    return { data, meta };
  });

  addRoute(app, taskRoutes.licenceQuery, async ({ params, body, request }) => {
    const access = await loadLicenceAccess(deps, request, params.id);
    const parts: Filter[] = [await queries.projectScope(access, params.id)];
    const columns = taskFiltersToQuery(body?.filters ?? []);
    if (Object.keys(columns).length > 0) parts.push(columns);
    const { docs, data, meta } = await queries.page(mergeFilters(parts), taskSort(body?.sort), body?.page, body?.per_page, access.userId);
    const descendants = await queries.descendants(
      docs.map((d) => d._id),
      body?.depth ?? 0,
      access.userId,
      DESCENDANTS_MAX,
    );
    return { data, children: await queries.listItems(descendants, access.userId), meta };
  });

  addExactRoute(app, taskRoutes.get, async ({ params, request }) => {
    const access = await loadTaskAccess(deps, request, params.id);
    return { data: await queries.detail(access.task, access.actor.userId) };
  });

  addRoute(app, taskRoutes.children, async ({ params, query, request }) => {
    const access = await loadTaskAccess(deps, request, params.id);
    const { data, meta } = await queries.page(
      { parentId: access.task._id },
      { parentId: 1, number: 1 },
      query?.page,
      query?.per_page,
      access.actor.userId,
    );
    return { data, meta };
  });

  addRoute(app, taskRoutes.history, async ({ params, request }) => {
    const access = await loadTaskAccess(deps, request, params.id);
    return { data: await queries.history(access.task._id) };
  });

  addRoute(app, taskRoutes.gantt, async ({ params, request }) => {
    const access = await loadProjectAccess(deps, request, params.id, 'project');
    return { data: await queries.gantt(access.project._id, access.actor.userId) };
  });

  addExactRoute(app, taskRoutes.create, async ({ body, request }) => {
    const fields = {
      title: body.title ?? '',
      description: body.description ?? null,
      priority: (body.priority ?? null) as TaskPriority | null,
      assignedTo: body.assigned_to ?? null,
      plannedStart: body.planned_start ?? null,
      plannedEnd: body.planned_end ?? null,
      due: body.due ?? null,
      automated: body.automated ?? false,
      automationId: body.automation_id ?? null,
    };
    if (!body.project) {
      // without a project there is nothing to load: every field rule of spec 1 §5 at once, 'Required.' for the project
      const errors = validateTaskFields({ ...fields, projectId: null, taskType: body.task_type?.type ?? null });
      throw new DomainError(taskErrorsMessage(errors), 422, errors as Record<string, string[]>);
    }
    const project = await loadProjectAccess(deps, request, body.project, 'project');
    if (body.license && body.license !== project.project.licenceId) throw projectNotFound();
    const taskId = body.id ?? randomUUID();
    const result = await commands.create(
      request,
      {
        ...fields,
        taskId,
        licenceId: project.project.licenceId,
        projectId: project.project._id,
        parentId: body.parent ?? null,
        taskType: body.task_type ?? null,
        metadata: (body.metadata ?? null) as TaskMetadata,
        sbscode: body.sbscode ?? null,
        isPrivate: body.is_private ?? false,
        labels: body.labels ?? [],
      },
      project.actor,
    );
    const doc = toTaskDoc(result.state, [], result.state.createdAt);
    return {
      message: taskCreatedMessage(result.state.title),
      data: await queries.detail(doc, project.actor.userId),
      position: result.position,
    };
  });

  addExactRoute(
    app,
    taskRoutes.update,
    async ({ params, body, request }) => {
      const access = await loadTaskAccess(deps, request, params.id);
      const changes: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(UPDATE_FIELDS)) {
        const value = (body as Record<string, unknown>)[key];
        if (value !== undefined) changes[field] = value;
      }
      const result = await commands.update(request, access, changes as TaskChanges);
      return taskAnswer(app, access, result);
    },
    // an update of plain details is answered before the read models (`TaskCommands.update`): the same user's updates
    // in a row do not wait for them; their other requests do (OwnWrites)
    { waitForOwnWrites: false },
  );

  const transition =
    (type: 'CloseTask' | 'CancelTask' | 'ReopenTask' | 'ExecuteTask', message: string) =>
    async ({ params, request }: { params: { id: string }; request: FastifyRequest }) => {
      const access = await loadTaskAccess(deps, request, params.id);
      return taskAnswer(app, access, await commands.send(request, access, { type, data: {} }), message);
    };
  addExactRoute(app, taskRoutes.close, transition('CloseTask', taskMessages.closed));
  addExactRoute(app, taskRoutes.cancel, transition('CancelTask', taskMessages.canceled));
  addExactRoute(app, taskRoutes.reopen, transition('ReopenTask', taskMessages.reopened));
  const execute = transition('ExecuteTask', taskMessages.executed);
  addRoute(app, taskRoutes.execute, async (input) => {
    // a task of type workflow stands for a manual job (services/workflows): executing it opens the job, nothing is appended
    const access = await loadTaskAccess(deps, input.request, input.params.id);
    const job = workflowJobOfTask(access.task);
    if (!job) return execute(input);
    const workflowJob = {
      session_id: job.sessionId,
      job_id: job.jobId,
      node_id: job.nodeId,
      project_id: job.projectId,
      project_workflow_id: job.projectWorkflowId,
    };
    return { ...(await taskAnswer(app, access, null, workflowMessages.openJob)), workflow_job: workflowJob };
  });

  addRoute(app, taskRoutes.delete, async ({ params, request }) => {
    const access = await loadTaskAccess(deps, request, params.id);
    const result = await commands.delete(request, access);
    return { message: taskMessages.deleted, position: result.position };
  });

  addRoute(app, taskRoutes.deleteMany, async ({ body, request }) => {
    const ids = [...new Set(body.tasks)];
    // every task is loaded and checked before anything is deleted: one refusal deletes nothing
    const accesses = new Map<string, TaskAccess>();
    for (const id of ids) accesses.set(id, await loadTaskAccess(deps, request, id));
    const chosen = new Set(ids);
    for (const id of ids) {
      const children = await commands.facts.childIds(id);
      if (children.some((c) => !chosen.has(c))) throw new DomainError(taskMessages.hasChildren, 409);
    }
    // subtasks before their parents: deepest first (depth counted inside the chosen set)
    const depth = (id: string): number => {
      let d = 0;
      for (let parent = accesses.get(id)?.task.parentId ?? null; parent !== null && chosen.has(parent); d++)
        parent = accesses.get(parent)?.task.parentId ?? null;
      return d;
    };
    const order = [...ids].sort((a, b) => depth(b) - depth(a));
    const deleted = new Set<string>();
    let position = 0;
    for (const id of order) {
      const result = await commands.delete(request, accesses.get(id)!, deleted);
      deleted.add(id);
      position = Math.max(position, result.position);
    }
    return { message: format(taskMessages.deletedMany, { count: deleted.size }), deleted: order, position };
  });
};
