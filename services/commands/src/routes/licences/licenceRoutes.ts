import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export const registerLicenceRoutes = (_app: FastifyInstance, _deps: AppDeps): void => {};
