import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@stramien/api';
import { addRoute } from '../../plugins/route';

export const registerSystemRoutes = (app: FastifyInstance): void => {
  const { config } = app.deps;
  addRoute(app, systemRoutes.build, async () => ({
    release: config.STRAMIEN_RELEASE,
    date: config.STRAMIEN_RELEASE_DATE,
    commit: config.STRAMIEN_COMMIT,
  }));
};
