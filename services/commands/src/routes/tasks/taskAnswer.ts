import type { FastifyInstance } from 'fastify';
import { taskMessages, toTaskStreamId } from '@stramien/domain';
import type { Task } from '@stramien/api';
import { TASKS_COLLECTION, toTaskDoc, type TaskDoc } from '@stramien/projections/tasks/tasks';
import type { TaskAccess } from '../../access/taskAccess';
import { taskCommandsOf, type TaskResult } from './taskCommands';
import { taskQueriesOf } from './taskQueries';

/**
 * The answer of every command on an existing task (spec 1 §4: the resulting task replaces the held one): its message
 * ('Successfully updated task' unless told), the task as `GET /tasks/{id}` shows it — the command's fold, with the
 * relations other tasks record towards it — and the position of its last event. Those relations are the ones the
 * request's access check read, as a command on the task itself leaves them as they were; `linksChanged`: the command
 * went to the other task of a relation, so they are read again (the command settled). `null`: nothing was sent (a
 * retried upload found its appendix), the task as the read model has it.
 */
export const taskAnswer = async (
  app: FastifyInstance,
  access: TaskAccess,
  result: TaskResult | null,
  message: string = taskMessages.updated,
  { linksChanged = false }: { linksChanged?: boolean } = {},
): Promise<{ message: string; data: Task; position: number }> => {
  const { documentStore, eventStore } = app.deps.adapters;
  const taskId = access.task._id;
  const state = result?.state ?? (await taskCommandsOf(app).handle.load(taskId));
  const position =
    result?.position ?? (await eventStore.readStream(toTaskStreamId(taskId), { direction: 'backwards', maxCount: 1 }))[0]?.position ?? 0;
  const read =
    result === null || linksChanged
      ? ((await documentStore.collection<TaskDoc>(TASKS_COLLECTION).findOne({ _id: taskId })) ?? access.task)
      : access.task;
  const updatedAt = result && result.events.length > 0 ? app.deps.clock().toISOString() : read.updatedAt;
  const doc = toTaskDoc(state, read.linkedRelations, updatedAt);
  return { message, data: await taskQueriesOf(app).detail(doc, access.actor.userId), position };
};
