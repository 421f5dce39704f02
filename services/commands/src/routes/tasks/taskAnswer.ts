import type { FastifyInstance } from 'fastify';
import { taskMessages, toTaskStreamId } from '@stramien/domain';
import { TASKS_COLLECTION, toTaskDoc, type TaskDoc } from '@stramien/projections/tasks/tasks';
import type { TaskAccess } from '../../access/taskAccess';
import { taskCommandsOf, type TaskResult } from './taskCommands';
import { createTaskQueries, type TaskQueries } from './taskQueries';

const queriesOf = new WeakMap<FastifyInstance, TaskQueries>();

/**
 * The answer of a part command (spec 1 §4: the resulting task replaces the held one): 'Successfully updated task', the
 * task as `GET /tasks/{id}` shows it — the command's fold, with the relations other tasks record towards it as the read
 * model has them after the command settled — and the position of its last event. `null`: nothing was sent (a retried
 * upload found its appendix), the task as it is.
 */
export const taskAnswer = async (app: FastifyInstance, access: TaskAccess, result: TaskResult | null) => {
  let queries = queriesOf.get(app);
  if (!queries) queriesOf.set(app, (queries = createTaskQueries(app.deps)));
  const { documentStore, eventStore } = app.deps.adapters;
  const taskId = access.task._id;
  const state = result?.state ?? (await taskCommandsOf(app).handle.load(taskId));
  const position =
    result?.position ?? (await eventStore.readStream(toTaskStreamId(taskId), { direction: 'backwards', maxCount: 1 }))[0]?.position ?? 0;
  const fresh = await documentStore.collection<TaskDoc>(TASKS_COLLECTION).findOne({ _id: taskId });
  const updatedAt = result && result.events.length > 0 ? app.deps.clock().toISOString() : (fresh ?? access.task).updatedAt;
  const doc = toTaskDoc(state, (fresh ?? access.task).linkedRelations, updatedAt);
  return { message: taskMessages.updated, data: await queries.detail(doc, access.actor.userId), position };
};
