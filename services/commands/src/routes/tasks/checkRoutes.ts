import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { taskPartRoutes } from '@stramien/api';
import { addExactRoute } from '../../plugins/route';
import { loadTaskAccess } from '../../access/taskAccess';
import { taskCommandsOf } from './taskCommands';
import { taskAnswer } from './taskAnswer';

/** Checks of a task (spec 1 §7 "Checks: POST, PUT, DELETE"): add, rename or tick, remove. */
export const registerTaskCheckRoutes = (app: FastifyInstance): void => {
  const commands = taskCommandsOf(app);
  addExactRoute(app, taskPartRoutes.addCheck, async ({ params, body, request }) => {
    const access = await loadTaskAccess(app.deps, request, params.id);
    const result = await commands.send(request, access, {
      type: 'AddTaskCheck',
      data: { checkId: body.id ?? randomUUID(), title: body.title },
    });
    return taskAnswer(app, access, result);
  });
  addExactRoute(app, taskPartRoutes.updateCheck, async ({ params, body, request }) => {
    const access = await loadTaskAccess(app.deps, request, params.id);
    const result = await commands.send(request, access, {
      type: 'UpdateTaskCheck',
      data: {
        checkId: params.checkId,
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.checked !== undefined ? { checked: body.checked } : {}),
      },
    });
    return taskAnswer(app, access, result);
  });
  addExactRoute(app, taskPartRoutes.removeCheck, async ({ params, request }) => {
    const access = await loadTaskAccess(app.deps, request, params.id);
    const result = await commands.send(request, access, { type: 'RemoveTaskCheck', data: { checkId: params.checkId } });
    return taskAnswer(app, access, result);
  });
};
