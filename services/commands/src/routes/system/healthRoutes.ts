import type { FastifyInstance } from 'fastify';
import { healthRoutes } from '@stramien/api';
import { registerHealthEndpoints, type HealthRegistry } from '@stramien/infra';

/**
 * GET /api/health, /api/health/live and /api/health/ready: public, the state and lag of every reader in this process.
 * The projections worker and the notifier serve the same endpoints from their main.ts.
 */
export const registerHealthRoutes = (app: FastifyInstance, health: HealthRegistry): void => {
  registerHealthEndpoints(app, health, healthRoutes);
};
