import type { FastifyInstance } from 'fastify';
import { taskPartRoutes } from '@stramien/api';
import { addExactRoute } from '../../plugins/route';
import { loadTaskAccess } from '../../access/taskAccess';
import { taskCommandsOf } from './taskCommands';
import { taskAnswer } from './taskAnswer';

/**
 * `POST/DELETE /tasks/{id}/labels/{labelId}` (spec 1 §7): a licence-wide label or one of the task's project; any
 * other label, of this licence or another, answers 404 'Label not found.'.
 */
export const registerTaskLabelRoutes = (app: FastifyInstance): void => {
  const commands = taskCommandsOf(app);
  addExactRoute(app, taskPartRoutes.addLabel, async ({ params, request }) => {
    const access = await loadTaskAccess(app.deps, request, params.id);
    return taskAnswer(app, access, await commands.addLabel(request, access, params.labelId));
  });
  addExactRoute(app, taskPartRoutes.removeLabel, async ({ params, request }) => {
    const access = await loadTaskAccess(app.deps, request, params.id);
    const result = await commands.send(request, access, { type: 'RemoveTaskLabel', data: { labelId: params.labelId } });
    return taskAnswer(app, access, result);
  });
};
