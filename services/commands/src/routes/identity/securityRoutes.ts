import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export const registerSecurityRoutes = (_app: FastifyInstance, _deps: AppDeps): void => {};
