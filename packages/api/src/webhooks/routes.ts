import { z } from 'zod';
import {
  EVENT_PATTERNS_MAX,
  eventPatternSchema,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_MAX_GRACE_SECONDS,
  WEBHOOK_PROJECTS_MAX,
  WEBHOOK_URL_MAX,
} from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RouteContract } from '../shared/contract';

/** A webhook endpoint as listed: never its secret, only the last four characters. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  licenceId: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  projectIds: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  secretHint: z.string(),
  previousSecretValidUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  excerpt: z.string(),
});

/** One event's delivery to one endpoint, with its attempts (the newest 20). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  position: z.number().int(),
  occurredAt: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const settings = {
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX),
  eventTypes: z.array(eventPatternSchema).min(1).max(EVENT_PATTERNS_MAX),
  projectIds: z.array(uuid).max(WEBHOOK_PROJECTS_MAX),
  description: z.string().max(WEBHOOK_DESCRIPTION_MAX),
  enabled: z.boolean(),
};
const licenceParams = z.object({ id: uuid });
const endpointParams = z.object({ id: uuid });
const withSecret = webhookEndpointSchema.extend({ secret: z.string() });
const manage = {
  tag: 'webhooks',
  auth: true,
  apiTokens: 'webhooks:manage',
  policy: { access: 'check', check: 'admin', scope: 'licence' },
} as const;

/**
 * Webhook endpoints of a licence (issue 10), for its admins (and API tokens with the `webhooks:manage` scope). The
 * secret is answered once, on creation and on rotation.
 */
export const webhookRoutes = {
  list: defineRoute({
    ...manage,
    method: 'GET',
    path: '/api/license/:id/webhooks',
    summary: "The licence's webhook endpoints (no secrets)",
    params: licenceParams,
    response: z.object({ data: z.array(webhookEndpointSchema) }),
  }),
  create: defineRoute({
    ...manage,
    method: 'POST',
    path: '/api/license/:id/webhooks',
    summary: 'Add a webhook endpoint; its signing secret is answered once and never again',
    params: licenceParams,
    body: z
      .object({
        url: settings.url,
        eventTypes: settings.eventTypes,
        projectIds: settings.projectIds.optional(),
        description: settings.description.optional(),
        enabled: settings.enabled.optional(),
      })
      .strict(),
    response: commandResult(withSecret).extend({ message: z.string() }),
  }),
  get: defineRoute({
    ...manage,
    method: 'GET',
    path: '/api/webhooks/:id',
    summary: 'One webhook endpoint (no secret)',
    params: endpointParams,
    response: z.object({ data: webhookEndpointSchema }),
  }),
  update: defineRoute({
    ...manage,
    method: 'PATCH',
    path: '/api/webhooks/:id',
    summary: 'Change a webhook endpoint: URL, events, projects, description, enabled',
    params: endpointParams,
    body: z
      .object({
        url: settings.url.optional(),
        eventTypes: settings.eventTypes.optional(),
        projectIds: settings.projectIds.optional(),
        description: settings.description.optional(),
        enabled: settings.enabled.optional(),
      })
      .strict(),
    response: commandResult(webhookEndpointSchema),
  }),
  delete: defineRoute({
    ...manage,
    method: 'DELETE',
    path: '/api/webhooks/:id',
    summary: 'Delete a webhook endpoint; nothing more is sent to it',
    params: endpointParams,
    response: commandResult(z.object({ id: z.string(), deleted: z.literal(true) })),
  }),
  rotateSecret: defineRoute({
    ...manage,
    method: 'POST',
    path: '/api/webhooks/:id/rotate-secret',
    summary: 'A new signing secret, answered once; the previous one keeps signing for the grace period (default 24 h)',
    params: endpointParams,
    body: z
      .object({ graceSeconds: z.number().int().min(0).max(WEBHOOK_MAX_GRACE_SECONDS).optional() })
      .strict()
      .nullish(),
    response: commandResult(withSecret).extend({ message: z.string() }),
  }),
  deliveries: defineRoute({
    ...manage,
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    summary: "The endpoint's delivery log, newest first, with filters; `total` counts every delivery the filters match",
    params: endpointParams,
    query: z
      .object({
        status: z.enum(DELIVERY_STATUSES).optional(),
        /** a webhook name or pattern, e.g. `task.*` */
        eventType: eventPatternSchema.optional(),
        from: z.iso.datetime().optional(),
        to: z.iso.datetime().optional(),
        /** the position of the last delivery of the previous page */
        before: z.coerce.number().int().positive().optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      })
      .strict(),
    response: z.object({
      data: z.array(webhookDeliverySchema),
      /** the deliveries the filters match (`before` and `limit` aside): the pages' total, and what a replay of the range covers */
      total: z.number().int().nonnegative(),
    }),
  }),
  redeliver: defineRoute({
    ...manage,
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:eventId/redeliver',
    summary: 'Send one delivery again (same webhook-id); the dispatcher sends it, not this request',
    params: z.object({ id: uuid, eventId: z.string().min(1).max(100) }),
    body: z.object({}).strict().nullish(),
    response: z.object({ position: z.number().int().nonnegative(), message: z.string() }),
  }),
  replay: defineRoute({
    ...manage,
    method: 'POST',
    path: '/api/webhooks/:id/replay',
    summary: 'Send every event the endpoint wants that happened in [from, to) again, optionally only those of some event types',
    params: endpointParams,
    body: z
      .object({
        from: z.iso.datetime(),
        to: z.iso.datetime(),
        /** patterns that narrow the endpoint's own (`task.*`); absent: every event it wants */
        eventTypes: z.array(eventPatternSchema).min(1).max(EVENT_PATTERNS_MAX).optional(),
      })
      .strict(),
    response: z.object({ position: z.number().int().nonnegative(), message: z.string() }),
  }),
} satisfies Record<string, RouteContract>;
