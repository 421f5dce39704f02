import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { taskPartRoutes } from '@stramien/api';
import { addExactRoute } from '../../plugins/route';
import { loadTaskAccess } from '../../access/taskAccess';
import { taskCommandsOf } from './taskCommands';
import { taskAnswer } from './taskAnswer';

/** `POST /tasks/{id}/messages {message}` (spec 1 §7): a message on the task's activities; also on closed tasks. */
export const registerTaskMessageRoutes = (app: FastifyInstance): void => {
  const commands = taskCommandsOf(app);
  addExactRoute(app, taskPartRoutes.postMessage, async ({ params, body, request }) => {
    const access = await loadTaskAccess(app.deps, request, params.id);
    const result = await commands.send(request, access, {
      type: 'PostTaskMessage',
      data: { messageId: body.id ?? randomUUID(), message: body.message },
    });
    return taskAnswer(app, access, result);
  });
};
