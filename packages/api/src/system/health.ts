import { z } from 'zod';
import { defineRoute } from '../shared/contract';

/** One reader of the log or the bus (forwarder, projections, notifier, socket hub) as the health answer shows it. */
export const componentHealthSchema = z.object({
  name: z.string(),
  state: z.enum(['starting', 'running', 'retrying', 'stopped']),
  /** ISO time of its last change of state */
  since: z.string(),
  /** while retrying: the kind of its last error (a code or class name) */
  lastError: z.string().nullable(),
  retries: z.number().int().nonnegative(),
  /** events or messages it is behind; null when unknown */
  lag: z.number().int().nonnegative().nullable(),
});

export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checkedAt: z.string(),
  components: z.array(componentHealthSchema),
});
export type HealthReportView = z.infer<typeof healthReportSchema>;

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'State and lag of every reader of the event log and the bus, and the overall status',
    tag: 'system',
    auth: false,
    policy: { access: 'public' },
    response: healthReportSchema,
  }),
  live: defineRoute({
    method: 'GET',
    path: '/api/health/live',
    summary: 'Liveness: 200 while the process serves',
    tag: 'system',
    auth: false,
    policy: { access: 'public' },
    response: z.object({ status: z.literal('live') }),
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/health/ready',
    summary: 'Readiness: 200 when every component runs, 503 (with the same report) otherwise',
    tag: 'system',
    auth: false,
    policy: { access: 'public' },
    response: healthReportSchema,
  }),
};
