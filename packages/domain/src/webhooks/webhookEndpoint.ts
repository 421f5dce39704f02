import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';
import { eventPatternSchema, EVENT_PATTERNS_MAX } from './patterns';

export const WEBHOOK_URL_MAX = 2_000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
export const WEBHOOK_PROJECTS_MAX = 100;
/** how long the previous secret keeps signing after a rotation, unless the request says otherwise: 24 h */
export const WEBHOOK_DEFAULT_GRACE_SECONDS = 86_400;
/** the longest grace period a rotation may ask: 7 days */
export const WEBHOOK_MAX_GRACE_SECONDS = 7 * 86_400;

/** Why an endpoint stopped: its admin switched it off, it answered 410 Gone, or a delivery exhausted the retry schedule. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'gone', 'exhausted'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/**
 * Events of a webhook endpoint (`webhookEndpoint-<id>`). The signing secret is recorded only sealed (AES-256-GCM with a
 * key derived from the installation secret, bound to the endpoint id: packages/infra/src/auth/secretBox.ts), with its
 * last four characters as a hint. Delivery attempts are not events: they are the dispatcher's operational records
 * (docs/webhooks.md); only what a person asks (redeliver, replay) and what changes the endpoint (disabled after 410 or
 * an exhausted schedule) is recorded here.
 */
export const webhookEndpointEventSchemas = {
  WebhookEndpointCreated: z.object({
    endpointId: z.string(),
    licenceId: z.string(),
    url: z.string(),
    /** patterns: `*`, `task.*`, `user.UserSignedIn` */
    eventTypes: z.array(eventPatternSchema).min(1).max(EVENT_PATTERNS_MAX),
    /** the projects whose events it gets; empty: every project of the licence and the licence-wide events */
    projectIds: z.array(z.string()).max(WEBHOOK_PROJECTS_MAX),
    description: z.string(),
    enabled: z.boolean(),
    secret: z.string(),
    secretHint: z.string().length(4),
  }),
  /** the endpoint's settings after the change */
  WebhookEndpointChanged: z.object({
    endpointId: z.string(),
    url: z.string(),
    eventTypes: z.array(eventPatternSchema).min(1).max(EVENT_PATTERNS_MAX),
    projectIds: z.array(z.string()).max(WEBHOOK_PROJECTS_MAX),
    description: z.string(),
  }),
  WebhookEndpointEnabled: z.object({ endpointId: z.string() }),
  /**
   * stopped; when the dispatcher stops it (410, exhausted schedule) it names the licence's admins to notify and the URL,
   * so the notifier derives their notifications from the event alone
   */
  WebhookEndpointDisabled: z.object({
    endpointId: z.string(),
    reason: z.enum(WEBHOOK_DISABLED_REASONS),
    notify: z.object({ userIds: z.array(z.string()), url: z.string() }).optional(),
  }),
  /** a new secret; the previous one keeps signing until `previousValidUntil` */
  WebhookEndpointSecretRotated: z.object({
    endpointId: z.string(),
    secret: z.string(),
    secretHint: z.string().length(4),
    previousValidUntil: z.string(),
  }),
  WebhookEndpointDeleted: z.object({ endpointId: z.string() }),
  /** send the delivery of this event to the endpoint again */
  WebhookRedeliveryRequested: z.object({ endpointId: z.string(), eventId: z.string() }),
  /**
   * send every matching event that happened in [from, to) to the endpoint again; `eventTypes` (patterns) narrows the
   * endpoint's own patterns (absent: all it wants; events recorded before the field existed have none)
   */
  WebhookReplayRequested: z.object({
    endpointId: z.string(),
    from: z.string(),
    to: z.string(),
    eventTypes: z.array(eventPatternSchema).min(1).max(EVENT_PATTERNS_MAX).optional(),
  }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof webhookEndpointEventSchemas;
export type WebhookEndpointEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type WebhookEndpointEventType = WebhookEndpointEvent['type'];
export const webhookEndpointEventTypes = Object.keys(webhookEndpointEventSchemas) as WebhookEndpointEventType[];
export const webhookEndpointSchemas: EventSchemas<WebhookEndpointEvent> = webhookEndpointEventSchemas;

export interface WebhookEndpointState {
  exists: boolean;
  deleted: boolean;
  endpointId: string;
  licenceId: string;
  url: string;
  eventTypes: string[];
  projectIds: string[];
  description: string;
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  /** sealed */
  secret: string;
  secretHint: string;
  /** sealed; signs too until previousValidUntil */
  previousSecret: string | null;
  previousValidUntil: string | null;
}

export const initialWebhookEndpointState = (): WebhookEndpointState => ({
  exists: false,
  deleted: false,
  endpointId: '',
  licenceId: '',
  url: '',
  eventTypes: [],
  projectIds: [],
  description: '',
  enabled: false,
  disabledReason: null,
  secret: '',
  secretHint: '',
  previousSecret: null,
  previousValidUntil: null,
});

export const evolveWebhookEndpoint = (state: WebhookEndpointState, event: WebhookEndpointEvent): WebhookEndpointState => {
  switch (event.type) {
    case 'WebhookEndpointCreated': {
      const { endpointId, licenceId, url, eventTypes, projectIds, description, enabled, secret, secretHint } = event.data;
      return {
        ...initialWebhookEndpointState(),
        exists: true,
        endpointId,
        licenceId,
        url,
        eventTypes,
        projectIds,
        description,
        enabled,
        disabledReason: enabled ? null : 'manual',
        secret,
        secretHint,
      };
    }
    case 'WebhookEndpointChanged': {
      const { url, eventTypes, projectIds, description } = event.data;
      return { ...state, url, eventTypes, projectIds, description };
    }
    case 'WebhookEndpointEnabled':
      return { ...state, enabled: true, disabledReason: null };
    case 'WebhookEndpointDisabled':
      return { ...state, enabled: false, disabledReason: event.data.reason };
    case 'WebhookEndpointSecretRotated':
      return {
        ...state,
        previousSecret: state.secret,
        previousValidUntil: event.data.previousValidUntil,
        secret: event.data.secret,
        secretHint: event.data.secretHint,
      };
    case 'WebhookEndpointDeleted':
      return { ...state, deleted: true, enabled: false };
    case 'WebhookRedeliveryRequested':
    case 'WebhookReplayRequested':
      return state;
  }
};

/** the sealed secrets that sign a delivery at `now`: the current one, and the previous one during its grace period */
export const signingSecrets = (
  state: Pick<WebhookEndpointState, 'secret' | 'previousSecret' | 'previousValidUntil'>,
  now: string,
): string[] =>
  state.previousSecret && state.previousValidUntil && state.previousValidUntil > now
    ? [state.secret, state.previousSecret]
    : [state.secret];
