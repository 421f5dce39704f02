import type { FastifyInstance } from 'fastify';
import { registerTaskAppendixRoutes } from './appendixRoutes';
import { registerTaskMessageRoutes } from './messageRoutes';
import { registerTaskCheckRoutes } from './checkRoutes';
import { registerTaskLabelRoutes } from './taskLabelRoutes';
import { registerTaskRelationRoutes } from './relationRoutes';
import { registerTaskImportRoutes } from './importRoutes';

/** The routes of a task's parts (`taskPartRoutes`): appendixes, messages, checks, labels, relations, and the import. */
export const registerTaskPartRoutes = (app: FastifyInstance): void => {
  registerTaskAppendixRoutes(app);
  registerTaskMessageRoutes(app);
  registerTaskCheckRoutes(app);
  registerTaskLabelRoutes(app);
  registerTaskRelationRoutes(app);
  registerTaskImportRoutes(app);
};
