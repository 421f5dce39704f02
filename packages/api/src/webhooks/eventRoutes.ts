import { z } from 'zod';
import { eventPatternSchema, EVENT_PATTERNS_MAX } from '@stramien/domain';
import { defineRoute, uuid, type RouteContract } from '../shared/contract';

/** the largest page of the event feed */
export const EVENT_FEED_MAX = 10_000;

/** One event as integrations receive it: the same body a webhook delivery has (packages/domain/src/webhooks/payload.ts). */
export const feedEventSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.object({
    eventId: z.string(),
    eventType: z.string(),
    position: z.number().int(),
    licenceId: z.string(),
    projectId: z.string().nullable(),
    streamId: z.string(),
    data: z.unknown().optional(),
    dataOmitted: z.literal(true).optional(),
  }),
});

/** the `types` filter: comma-separated patterns (`task.*,user.UserSignedIn`) */
const typesSchema = z
  .string()
  .max(4_000)
  .transform((v) =>
    v
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== ''),
  )
  .pipe(z.array(eventPatternSchema).max(EVENT_PATTERNS_MAX));

/** The event feed and the published event catalogue (issue 10). */
export const eventRoutes = {
  feed: defineRoute({
    method: 'GET',
    path: '/api/events',
    summary: "A cursor feed of the licence's events after a position, filtered and redacted like webhooks",
    tag: 'webhooks',
    auth: true,
    apiTokens: 'events:read',
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    query: z
      .object({
        license: uuid,
        /** the position the previous page answered as `next`; 0 from the start */
        after: z.coerce.number().int().min(0).default(0),
        types: typesSchema.optional(),
        limit: z.coerce.number().int().min(1).max(EVENT_FEED_MAX).default(1_000),
      })
      .strict(),
    response: z.object({
      data: z.array(feedEventSchema),
      /** the position to ask `after` for the next page */
      next: z.number().int().nonnegative(),
      /** false when the feed reached the newest event */
      hasMore: z.boolean(),
    }),
  }),
  asyncapi: defineRoute({
    method: 'GET',
    path: '/api/asyncapi.json',
    summary: 'The AsyncAPI 3 document of every published event type (NATS subject, webhook name, payload schema)',
    tag: 'webhooks',
    auth: false,
    policy: { access: 'public' },
    response: z.looseObject({ asyncapi: z.literal('3.0.0') }),
  }),
} satisfies Record<string, RouteContract>;
