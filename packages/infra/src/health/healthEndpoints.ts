import type { FastifyInstance, FastifyReply } from 'fastify';
import type { HealthRegistry } from './healthRegistry';

/** The parts of packages/api's health contracts this needs (infra does not import the API package). */
interface HealthRouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  tag: string;
  response: unknown;
}

/**
 * `GET /api/health` (every component with its state and lag, and the overall status), `/api/health/live` (200 while
 * the process serves) and `/api/health/ready` (200 when every component runs, else 503 with the same report). Public:
 * the answer holds component names, states, times, counts and error kinds, no error message or address. Every service
 * (the API, the projections worker, the notifier) serves them with its own registry.
 */
export const registerHealthEndpoints = (
  app: FastifyInstance,
  registry: HealthRegistry,
  routes: { health: HealthRouteContract; live: HealthRouteContract; ready: HealthRouteContract },
): void => {
  const schema = (route: HealthRouteContract, extra: Record<number, unknown> = {}) => ({
    summary: route.summary,
    tags: [route.tag],
    security: [],
    response: { 200: route.response, ...extra },
  });
  app.route({ method: routes.health.method, url: routes.health.path, schema: schema(routes.health), handler: () => registry.report() });
  app.route({ method: routes.live.method, url: routes.live.path, schema: schema(routes.live), handler: async () => ({ status: 'live' }) });
  app.route({
    method: routes.ready.method,
    url: routes.ready.path,
    schema: schema(routes.ready, { 503: routes.ready.response }),
    handler: async (_request, reply: FastifyReply) => {
      const report = await registry.report();
      reply.status(report.status === 'ok' ? 200 : 503);
      return report;
    },
  });
};
