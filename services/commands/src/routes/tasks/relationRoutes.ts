import type { FastifyInstance } from 'fastify';
import { taskPartRoutes } from '@stramien/api';
import type { TaskRelation } from '@stramien/domain';
import { reverseRelation } from '@stramien/projections/tasks/tasks';
import { addExactRoute } from '../../plugins/route';
import { loadTaskAccess } from '../../access/taskAccess';
import { taskCommandsOf } from './taskCommands';
import { taskAnswer } from './taskAnswer';

const same = (a: TaskRelation, b: TaskRelation): boolean => a.taskId === b.taskId && a.kind === b.kind;

/**
 * Relations (spec 1 §3 predecessor / successor): `kind` is what the other task is to this one. The other task must be
 * one of the same project that the actor may see (else 404 'Related task not found.'), and the relation may not close
 * a cycle over the project's relations (409), which `wouldCreateCycle` of the domain answers from the read model.
 * A relation is recorded on the task it was added to; removing it from either side removes it where it is recorded.
 */
export const registerTaskRelationRoutes = (app: FastifyInstance): void => {
  const commands = taskCommandsOf(app);
  addExactRoute(app, taskPartRoutes.addRelation, async ({ params, body, request }) => {
    const access = await loadTaskAccess(app.deps, request, params.id);
    return taskAnswer(app, access, await commands.addRelation(request, access, body.task, body.kind));
  });
  addExactRoute(app, taskPartRoutes.removeRelation, async ({ params, request }) => {
    const access = await loadTaskAccess(app.deps, request, params.id);
    const relation: TaskRelation = { taskId: params.taskId, kind: params.kind };
    const remove = (on: typeof access, r: TaskRelation) =>
      commands.send(request, on, { type: 'RemoveTaskRelation', data: { relatedTaskId: r.taskId, kind: r.kind } });
    const recordedHere = access.task.relations.some((r) => same(r, relation));
    const recordedThere = access.task.linkedRelations.some((r) => same(r, relation));
    if (recordedThere) {
      // recorded on the other task as its reverse: removed there, with the actor's right to see that task
      const other = await loadTaskAccess(app.deps, request, params.taskId);
      const result = await remove(other, reverseRelation(access.task._id, relation));
      if (!recordedHere)
        return taskAnswer(app, access, { ...result, state: await commands.handle.load(access.task._id) }, undefined, {
          linksChanged: true,
        });
    }
    // recorded here, or nowhere: the decider answers 404 'Relation not found.' for the latter
    return taskAnswer(app, access, await remove(access, relation));
  });
};
