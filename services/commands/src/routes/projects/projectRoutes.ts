import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export const registerProjectRoutes = (_app: FastifyInstance, _deps: AppDeps): void => {};
