import type { Doc } from '@stramien/infra';
import {
  evolveTask,
  initialTaskState,
  taskFieldsOf,
  withTask,
  taskEventTypes,
  type EventEnvelope,
  type TaskEvent,
  type TaskRelation,
  type TaskState,
} from '@stramien/domain';
import type { Projection } from '../runner/projection';

export const TASKS_COLLECTION = 'tasks';

/**
 * The `tasks` read model: one document per live task, the domain's own `TaskState` (folded with `evolveTask`, so
 * every event of the task, its parts included, is reflected) plus what queries need:
 * - `linkedRelations`: relations recorded on other tasks, seen from this one (`kind` is what the other task is to
 *   this one), so a task shows its predecessors and successors whichever side the relation was added on;
 * - `updatedAt`: the time of the last event of the task;
 * - `visibility`: 'private' or 'public', `isPrivate` as an indexable string (a boolean is not an exact SQL match in
 *   the embedded store), so counting a licence's visible tasks reads an index only.
 * Dates are stored as the domain normalised them (`normaliseTaskDate`), so they compare as strings.
 * A deleted task's document is removed; its stream keeps the history. Counts that depend on other tasks being
 * deleted (children) are read from the `parentId` index when asked, not stored: `TaskDeleted` does not name the
 * parent, and a count kept by events would drift.
 */
export interface TaskDoc extends Doc, Omit<TaskState, 'exists' | 'deleted' | 'taskId'> {
  _id: string;
  linkedRelations: TaskRelation[];
  updatedAt: string;
  visibility: 'public' | 'private';
}

type E<T extends TaskEvent['type']> = EventEnvelope<Extract<TaskEvent, { type: T }>>;

/** The TaskState a document holds (the inverse of `toTaskDoc`); a field an older document lacks has its initial value. */
export const taskStateOf = (doc: TaskDoc): TaskState =>
  withTask(initialTaskState(), Object.assign(taskFieldsOf(doc), { exists: true, deleted: false, taskId: doc._id }));

/** The document of a task state (the fold), with the derived fields given. */
export const toTaskDoc = (state: TaskState, linkedRelations: TaskRelation[], updatedAt: string): TaskDoc => {
  const doc = taskFieldsOf(state) as TaskDoc;
  doc._id = state.taskId;
  doc.linkedRelations = linkedRelations;
  doc.updatedAt = updatedAt;
  doc.visibility = state.isPrivate ? 'private' : 'public';
  return doc;
};

/** The same relation as the other task records it: A has B as predecessor <=> B has A as successor. */
export const reverseRelation = (taskId: string, relation: TaskRelation): TaskRelation => ({
  taskId,
  kind: relation.kind === 'predecessor' ? 'successor' : 'predecessor',
});

const sameRelation = (a: TaskRelation, b: TaskRelation): boolean => a.taskId === b.taskId && a.kind === b.kind;

/** Both sides of a task's relations, each once: its own and those other tasks recorded towards it. */
export const allRelations = (doc: Pick<TaskDoc, 'relations' | 'linkedRelations'>): TaskRelation[] => {
  const out: TaskRelation[] = [];
  for (const r of [...doc.relations, ...doc.linkedRelations]) if (!out.some((o) => sameRelation(o, r))) out.push(r);
  return out;
};

export const tasksProjection: Projection<TaskDoc> = {
  name: 'tasks',
  collection: TASKS_COLLECTION,
  eventTypes: taskEventTypes,
  documentIds(event) {
    const { taskId } = event.data as { taskId: string };
    if (event.type === 'TaskRelationAdded' || event.type === 'TaskRelationRemoved') {
      const other = (event as E<'TaskRelationAdded'>).data.relation.taskId;
      return other === taskId ? [taskId] : [taskId, other];
    }
    return [taskId];
  },
  indexes: [
    // the licence's task list by due date (the default order), and filtered by status
    { keys: { licenceId: 1, due: 1, number: 1 } },
    { keys: { licenceId: 1, status: 1, due: 1 } },
    // counting the visible tasks of a licence (or of some of its projects, or by status) from indexes alone, the
    // viewer's private tasks apart (as assignee and as creator)
    { keys: { licenceId: 1, visibility: 1, projectId: 1 } },
    { keys: { licenceId: 1, status: 1, visibility: 1 } },
    { keys: { licenceId: 1, visibility: 1, assignedTo: 1 } },
    { keys: { licenceId: 1, visibility: 1, createdBy: 1 } },
    // a project's tasks in number order (the Gantt data, the project list, the number lookup)
    { keys: { projectId: 1, number: 1 } },
    // today's tasks and "my tasks"
    { keys: { assignedTo: 1, due: 1 } },
    // the lazily loaded tree: children of a task
    { keys: { parentId: 1, number: 1 } },
  ],
  evolve(doc, event, id) {
    const taskEvent = { type: event.type, data: event.data } as TaskEvent;
    const { taskId } = event.data as { taskId: string };
    if (id !== taskId) {
      // the other side of a relation recorded on `taskId`
      if (!doc) return null;
      const relation = reverseRelation(taskId, (event as E<'TaskRelationAdded'>).data.relation);
      const others = doc.linkedRelations.filter((r) => !sameRelation(r, relation));
      return { ...doc, linkedRelations: event.type === 'TaskRelationAdded' ? [...others, relation] : others };
    }
    if (!doc && event.type !== 'TaskCreated') return null;
    const state = evolveTask(doc ? taskStateOf(doc) : initialTaskState(), taskEvent);
    if (!state.exists || state.deleted) return null;
    return toTaskDoc(state, doc?.linkedRelations ?? [], event.metadata.occurredAt);
  },
};
