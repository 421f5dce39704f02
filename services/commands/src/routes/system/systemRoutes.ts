import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@stramien/api';
import type { Config } from '@stramien/infra';
import { addRoute } from '../../plugins/route';

export const registerSystemRoutes = (app: FastifyInstance, config: Config): void => {
  addRoute(app, systemRoutes.build, async () => ({
    release: config.STRAMIEN_RELEASE,
    date: config.STRAMIEN_RELEASE_DATE,
    commit: config.STRAMIEN_COMMIT,
  }));
};
