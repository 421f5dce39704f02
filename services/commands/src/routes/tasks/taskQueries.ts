import type { FastifyInstance } from 'fastify';
import { can, taskHistoryEntry, toTaskStreamId, type EventEnvelope, type EventMetadata, type TaskEvent } from '@stramien/domain';
import type { Task, TaskHistoryEntryView, TaskListItem, PageMeta } from '@stramien/api';
import { TASK_PER_PAGE_DEFAULT } from '@stramien/api';
import type { Filter, SortSpec } from '@stramien/infra';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import { allRelations, TASKS_COLLECTION, type TaskDoc } from '@stramien/projections/tasks/tasks';
import type { AppDeps } from '../../deps';
import { memberProjectIds, PROJECTS_COLLECTION } from '../../plugins/permissionSubject';
import { cachedRead } from '../../plugins/readModelCache';
import type { LicenceAccess } from '../../access/licenceAccess';
import { visibleTaskFilter } from '../../access/taskAccess';

/** What the view of a task's relation needs of the other task. */
interface RelatedTask {
  number: number;
  title: string;
}

/** API sort keys -> read-model fields (TaskState names). */
const SORT_FIELDS: Record<string, string> = {
  number: 'number',
  title: 'title',
  status: 'status',
  priority: 'priority',
  assigned_to: 'assignedTo',
  due: 'due',
  planned_start: 'plannedStart',
  planned_end: 'plannedEnd',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
};

/**
 * A sort key of the API ('due', '-number' …; default due) as a read-model sort, ties broken by number and id so pages
 * never overlap.
 */
export const taskSort = (key: string | undefined): SortSpec => {
  const descending = key?.startsWith('-') ?? false;
  const field = SORT_FIELDS[(key ?? 'due').replace(/^-/, '')] ?? 'due';
  const direction = descending ? -1 : 1;
  return { [field]: direction, ...(field === 'number' ? {} : { number: direction }), _id: direction };
};

const baseView = (doc: TaskDoc, childrenCount: number, related: ReadonlyMap<string, RelatedTask>) => ({
  id: doc._id,
  number: doc.number,
  title: doc.title,
  description: doc.description,
  parent: doc.parentId,
  children_count: childrenCount,
  type: doc.taskType?.type ?? null,
  task_type: doc.taskType,
  metadata: doc.metadata,
  sbscode: doc.sbscode,
  status: doc.status,
  priority: doc.priority,
  assigned_to: doc.assignedTo,
  created_by: doc.createdBy,
  project: doc.projectId,
  license: doc.licenceId,
  planned_start: doc.plannedStart,
  planned_end: doc.plannedEnd,
  due: doc.due,
  is_private: doc.isPrivate,
  automated: doc.automated,
  automation_id: doc.automationId,
  labels: doc.labels,
  checks: doc.checks.map((c) => ({ id: c.checkId, title: c.title, checked: c.checked })),
  // relations to tasks that were deleted or that the viewer may not see are left out
  relations: allRelations(doc).flatMap((r) => {
    const other = related.get(r.taskId);
    return other ? [{ task: r.taskId, kind: r.kind, number: other.number, title: other.title }] : [];
  }),
  created_at: doc.createdAt,
  updated_at: doc.updatedAt,
});

/** The list row: the base view with its counts (added to the base object: a spread of it would copy it slowly, see tasks.ts). */
export const taskListItemView = (doc: TaskDoc, childrenCount: number, related: ReadonlyMap<string, RelatedTask>): TaskListItem =>
  Object.assign(baseView(doc, childrenCount, related), {
    appendixes_count: doc.appendixes.length,
    activities_count: doc.messages.length,
  });

export const taskDetailView = (doc: TaskDoc, childrenCount: number, related: ReadonlyMap<string, RelatedTask>): Task =>
  Object.assign(baseView(doc, childrenCount, related), {
    appendixes: doc.appendixes.map((a) => ({
      id: a.appendixId,
      name: a.name,
      size: a.size,
      content_type: a.contentType,
      added_by: a.addedBy,
      added_at: a.addedAt,
    })),
    activities: doc.messages.map((m) => ({ id: m.messageId, user_id: m.userId, message: m.message, posted_at: m.postedAt })),
  });

/**
 * Filters that must all hold, as one flat filter where their fields do not overlap (the store turns a flat filter
 * into one indexed condition more often than nested `$and`s), else as `$and`.
 */
export const mergeFilters = (parts: Filter[]): Filter => {
  const merged: Filter = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key in merged) return { $and: parts };
      merged[key] = value;
    }
  }
  return merged;
};

/** Laravel-style pagination of a list answer (`pageMetaSchema`). */
export const pageMeta = (page: number, perPage: number, total: number): PageMeta => ({
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

/** Reads of the `tasks` read model for the task routes; every read goes through an index of the collection. */
export const createTaskQueries = (deps: AppDeps) => {
  const { documentStore, eventStore } = deps.adapters;
  const tasks = documentStore.collection<TaskDoc>(TASKS_COLLECTION);
  const projects = documentStore.collection<ProjectDoc>(PROJECTS_COLLECTION);

  /** live subtasks the viewer may see, per parent (parentId index) */
  const childCounts = async (parentIds: string[], userId: string): Promise<Map<string, number>> => {
    const counts = new Map<string, number>();
    if (parentIds.length === 0) return counts;
    const children = await tasks.find(
      { $and: [{ parentId: { $in: parentIds } }, visibleTaskFilter(userId)] },
      { projection: { _id: 1, parentId: 1 } },
    );
    for (const c of children) counts.set(c.parentId!, (counts.get(c.parentId!) ?? 0) + 1);
    return counts;
  };

  /** number and title of the related tasks the viewer may see (by id) */
  const relatedTasks = async (docs: TaskDoc[], userId: string, known: TaskDoc[] = []): Promise<Map<string, RelatedTask>> => {
    const related = new Map<string, RelatedTask>();
    for (const k of known) related.set(k._id, { number: k.number, title: k.title });
    const wanted = [...new Set(docs.flatMap((d) => allRelations(d).map((r) => r.taskId)))].filter((id) => !related.has(id));
    if (wanted.length > 0) {
      const found = await tasks.find(
        { $and: [{ _id: { $in: wanted } }, visibleTaskFilter(userId)] },
        { projection: { _id: 1, number: 1, title: 1 } },
      );
      for (const f of found) related.set(f._id, { number: f.number, title: f.title });
    }
    return related;
  };

  /**
   * one task's live subtasks the viewer may see, counted (parentId index) rather than read, through the read-model
   * cache (readModelCache.ts): every answer of a command on the task shows it, and it changes only with the tasks
   * collection
   */
  const visibleSubtaskCount = (taskId: string, userId: string): Promise<number> =>
    cachedRead<number>(documentStore, {
      collection: TASKS_COLLECTION,
      kind: 'visible subtasks',
      key: `${taskId}\u0001${userId}`,
      read: () => tasks.count({ parentId: taskId, ...visibleTaskFilter(userId) }),
    });

  const detail = async (doc: TaskDoc, userId: string): Promise<Task> => {
    const [count, related] = await Promise.all([visibleSubtaskCount(doc._id, userId), relatedTasks([doc], userId)]);
    return taskDetailView(doc, count, related);
  };

  /** list items of these tasks, with their subtask counts and resolved relations */
  const listItems = async (docs: TaskDoc[], userId: string): Promise<TaskListItem[]> => {
    const [counts, related] = await Promise.all([
      childCounts(
        docs.map((d) => d._id),
        userId,
      ),
      relatedTasks(docs, userId),
    ]);
    return docs.map((d) => taskListItemView(d, counts.get(d._id) ?? 0, related));
  };

  return {
    listItems,

    /** one task with everything, as GET /tasks/{id} and every task command answers it */
    detail,

    /**
     * The filter part that keeps a licence's tasks to the projects the user may see: user admins see every project
     * of the licence, everyone else the projects they are a member of (archived ones excluded).
     */
    async projectScope(access: LicenceAccess, licenceId: string): Promise<Filter> {
      if (can(access.subject, 'admin')) return { licenceId };
      const [mine, all] = await Promise.all([
        memberProjectIds(deps, access.userId, licenceId),
        projects.find({ licenceId }, { projection: { _id: 1, archived: 1 } }),
      ]);
      const live = new Set(all.filter((p) => !p.archived).map((p) => p._id));
      const visible = mine.filter((id) => live.has(id));
      // a member of every live project of a licence without archived ones sees the whole licence: no list of ids
      if (visible.length === all.length) return { licenceId };
      return visible.length === 1 ? { licenceId, projectId: visible[0] } : { licenceId, projectId: { $in: visible } };
    },

    /**
     * One page of the tasks matching `base` that the viewer may see. The total counts the public tasks and the
     * viewer's private ones (as assignee, as creator, less those they are both) apart: each count is a range of one
     * index of the read model, where one count with the visibility rule would read every document of the licence.
     */
    async page(
      base: Filter,
      sort: SortSpec,
      page = 1,
      perPage = TASK_PER_PAGE_DEFAULT,
      userId: string,
    ): Promise<{ docs: TaskDoc[]; data: TaskListItem[]; meta: PageMeta }> {
      const count = (part: Filter) => tasks.count(mergeFilters([base, part]));
      const [docs, open, assigned, created, both] = await Promise.all([
        tasks.find(mergeFilters([base, visibleTaskFilter(userId)]), { sort, skip: (page - 1) * perPage, limit: perPage }),
        count({ visibility: 'public' }),
        count({ visibility: 'private', assignedTo: userId }),
        count({ visibility: 'private', createdBy: userId }),
        count({ visibility: 'private', createdBy: userId, assignedTo: userId }),
      ]);
      return { docs, data: await listItems(docs, userId), meta: pageMeta(page, perPage, open + assigned + created - both) };
    },

    /** subtasks of these tasks down to `depth` levels (flat), at most `limit` of them */
    async descendants(parentIds: string[], depth: number, userId: string, limit: number): Promise<TaskDoc[]> {
      const out: TaskDoc[] = [];
      let frontier = parentIds;
      for (let level = 0; level < depth && frontier.length > 0 && out.length < limit; level++) {
        const children = await tasks.find(
          { $and: [{ parentId: { $in: frontier } }, visibleTaskFilter(userId)] },
          { sort: { parentId: 1, number: 1 }, limit: limit - out.length },
        );
        out.push(...children);
        frontier = children.map((c) => c._id);
      }
      return out;
    },

    /** every task of a project the viewer may see, in number order, with relations inside the set (the Gantt data) */
    async gantt(projectId: string, userId: string): Promise<TaskListItem[]> {
      const docs = await tasks.find({ $and: [{ projectId }, visibleTaskFilter(userId)] }, { sort: { number: 1 } });
      const counts = new Map<string, number>();
      for (const d of docs) if (d.parentId) counts.set(d.parentId, (counts.get(d.parentId) ?? 0) + 1);
      const related = new Map(docs.map((d) => [d._id, { number: d.number, title: d.title }]));
      return docs.map((d) => taskListItemView(d, counts.get(d._id) ?? 0, related));
    },

    /** the task's history from its own stream, oldest first */
    async history(taskId: string): Promise<TaskHistoryEntryView[]> {
      const recorded = await eventStore.readStream(toTaskStreamId(taskId));
      return recorded.map((r) => {
        const entry = taskHistoryEntry({
          id: r.id,
          type: r.type,
          data: r.data,
          metadata: r.metadata as unknown as EventMetadata,
          streamId: r.streamId,
          revision: r.revision,
          position: r.position,
          recordedAt: r.recordedAt,
        } as EventEnvelope<TaskEvent>);
        return {
          id: entry.eventId,
          position: entry.position,
          at: entry.at,
          user_id: entry.userId,
          action: entry.action,
          changes: entry.changes,
        };
      });
    },
  };
};
export type TaskQueries = ReturnType<typeof createTaskQueries>;

const built = new WeakMap<FastifyInstance, TaskQueries>();
/** The task queries of an app, built once (the task routes, the task answer and the job routes share them). */
export const taskQueriesOf = (app: FastifyInstance): TaskQueries => {
  let queries = built.get(app);
  if (!queries) built.set(app, (queries = createTaskQueries(app.deps)));
  return queries;
};
