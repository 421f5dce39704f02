import type { FastifyRequest } from 'fastify';
import { can, canSeeTask, DomainError, messages, taskMessages, type Actor, type PermissionCheck } from '@stramien/domain';
import { TASKS_COLLECTION, type TaskDoc } from '@stramien/projections/tasks/tasks';
import type { AppDeps } from '../deps';
import { requireUser } from '../plugins/auth';
import { canSee, projectAccessFor } from '../plugins/permissionSubject';
import { cachedRead } from '../plugins/readModelCache';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import { loadProjectAccess, type ProjectAccess } from './projectAccess';

export interface TaskAccess {
  task: TaskDoc;
  /** the user acting in the task's licence: events of this task carry it */
  actor: Actor;
  project: ProjectAccess;
}

export const taskNotFound = (): DomainError => new DomainError(taskMessages.notFound, 404);

/** task documents the read-model cache keeps; a task document is far larger than a project's id list */
const KEPT_TASKS = 500;

/**
 * A task document the cache may keep: not a miss, and small (a long discussion, many checks or appendixes, or large
 * module metadata make a document of tens of kilobytes, read again rather than kept).
 */
const keptTask = (task: TaskDoc | null): boolean => {
  if (task === null) return false;
  // an older document may lack a list (taskStateOf)
  const lengthOf = (list: unknown): number => (Array.isArray(list) ? list.length : 0);
  const items = [task.checks, task.appendixes, task.labels, task.relations, task.linkedRelations].reduce(
    (sum, list) => sum + lengthOf(list),
    0,
  );
  return (
    lengthOf(task.messages) <= 20 &&
    items <= 80 &&
    (task.metadata === null || task.metadata === undefined || JSON.stringify(task.metadata).length <= 2_000)
  );
};

/**
 * The task document by id, through the read-model cache (readModelCache.ts; docs/performance.md 49.): every command
 * and read of one task checks access on it, and a user works on the same task for a while. Frozen; kept while no
 * write reaches the tasks collection, so a task changed since is read again.
 */
export const taskById = (deps: AppDeps, taskId: string): Promise<TaskDoc | null> => {
  const store = deps.adapters.documentStore;
  return cachedRead<TaskDoc | null>(store, {
    collection: TASKS_COLLECTION,
    kind: 'task',
    key: taskId,
    read: () => store.collection<TaskDoc>(TASKS_COLLECTION).findOne({ _id: taskId }),
    keep: keptTask,
    limit: KEPT_TASKS,
  });
};

/**
 * Loads a task for a request from the `tasks` read model and checks the user may see it: its project visible to
 * the user (members and the user admins of its licence), and a private task only for its creator and its assignee
 * (`canSeeTask`: admins included only when they are one of the two). An unknown or deleted task, a task of another
 * licence or of a project the user cannot see, and a private task of others all answer 404 'Task not found.' (never
 * 403, so nothing tells that it exists). `need` is then checked on the project (403 when it fails).
 */
export const loadTaskAccess = async (
  deps: AppDeps,
  request: FastifyRequest,
  taskId: string,
  need: PermissionCheck = 'project',
): Promise<TaskAccess> => {
  const user = requireUser(request);
  const task = await taskById(deps, taskId);
  if (!task) throw taskNotFound();
  const project = await loadProjectAccess(deps, request, task.projectId, 'project').catch((e: unknown) => {
    throw e instanceof DomainError && e.status === 404 ? taskNotFound() : e;
  });
  if (project.project.licenceId !== task.licenceId || !canSeeTask({ userId: user.userId }, task)) throw taskNotFound();
  if (need !== 'project' && !can(project.subject, need)) throw new DomainError(messages.shared.forbidden, 403);
  return { task, actor: project.actor, project };
};

/** Tasks the viewer may see among these (same rules as `loadTaskAccess`, for tasks of projects already checked). */
export const visibleTasks = <T extends Pick<TaskDoc, 'isPrivate' | 'createdBy' | 'assignedTo'>>(userId: string, tasks: T[]): T[] =>
  tasks.filter((t) => canSeeTask({ userId }, t));

/** The read-model filter that keeps private tasks of others out of a query (`canSeeTask` as a query). */
export const visibleTaskFilter = (userId: string): Record<string, unknown> => ({
  $or: [{ visibility: 'public' }, { createdBy: userId }, { assignedTo: userId }],
});

/** Can this user (by id) see the project? The assignee rule of spec 1 §5; a disabled or unknown user cannot. */
export const userCanSeeProject = async (deps: AppDeps, userId: string, project: ProjectDoc): Promise<boolean> => {
  const { documentStore } = deps.adapters;
  const user = await documentStore
    .collection<{ _id: string; isSystemAdmin: boolean; disabled: boolean; licences: { id: string; isAdmin: boolean }[] }>('users')
    .findOne({ _id: userId });
  if (!user || user.disabled) return false;
  const access = await projectAccessFor(
    deps,
    {
      userId,
      sessionId: '',
      isSystemAdmin: user.isSystemAdmin,
      licences: Object.fromEntries(user.licences.map((l) => [l.id, l.isAdmin])),
      language: 'en',
    },
    project,
  );
  return canSee(access);
};
