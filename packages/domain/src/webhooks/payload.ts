import { webhookEventName } from './patterns';
import { WEBHOOK_ENDPOINT_CATEGORY } from './webhookEndpointStream';

/**
 * After a failed attempt, the wait before the next one: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h,
 * 24 h (issue 10). A delivery whose last retry fails has exhausted the schedule: its endpoint is disabled.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];

/** a payload's largest size in bytes; a larger event's data is left out (the receiver fetches it by id through the API) */
export const WEBHOOK_PAYLOAD_MAX_BYTES = 20_000;

/** Stream categories never delivered nor listed in the event feed: they hold sealed secrets and delivery requests. */
export const HIDDEN_EVENT_CATEGORIES: readonly string[] = [WEBHOOK_ENDPOINT_CATEGORY];

/** Field names never sent, at any depth, whatever the event type: secrets, hashes, tokens, passwords. */
export const REDACTED_FIELD = /(secret|hash|token|password)/i;

/**
 * Fields dropped per event type on top of the default (what the receiver's licence need not know). A sign-in's
 * session id is a credential's handle, so the identity events drop it by name; a workflow session's id is not
 * (`Session*` events carry it, and a receiver needs it to follow a session).
 */
export const WEBHOOK_REDACTIONS: Readonly<Record<string, readonly string[]>> = {
  UserSignedIn: ['sessionId', 'deviceId', 'userAgent'],
  UserSignedOut: ['sessionId'],
};

/** the event's data without the fields REDACTED_FIELD and WEBHOOK_REDACTIONS name */
export const redactEventData = (type: string, data: unknown): unknown => {
  const extra = WEBHOOK_REDACTIONS[type] ?? [];
  // plain loops: the event feed redacts up to 10,000 events per request
  const walk = (value: unknown, top: boolean): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, false));
    const out: Record<string, unknown> = {};
    for (const key in value) {
      if (!Object.hasOwn(value, key) || REDACTED_FIELD.test(key) || (top && extra.includes(key))) continue;
      out[key] = walk((value as Record<string, unknown>)[key], false);
    }
    return out;
  };
  return walk(data, true);
};

const utf8 = new TextEncoder();
/** whether JSON text fits WEBHOOK_PAYLOAD_MAX_BYTES in UTF-8: n UTF-16 units are at most 3n bytes, so most need no encoding */
const fitsPayload = (json: string): boolean =>
  json.length * 3 <= WEBHOOK_PAYLOAD_MAX_BYTES ||
  (json.length <= WEBHOOK_PAYLOAD_MAX_BYTES && utf8.encode(json).length <= WEBHOOK_PAYLOAD_MAX_BYTES);

/** What a stored event is for the webhooks and the feed (the common parts of EventEnvelope). */
export interface PublishableEvent {
  id: string;
  type: string;
  streamId: string;
  position: number;
  data: unknown;
  metadata: { licenceId: string; projectId?: string; occurredAt: string };
}

/** A delivery's body (Standard Webhooks: `type`, `timestamp`, `data`). */
export interface WebhookPayload {
  /** `<category>.<EventType>` */
  type: string;
  /** when it happened */
  timestamp: string;
  data: {
    eventId: string;
    eventType: string;
    position: number;
    licenceId: string;
    projectId: string | null;
    /** the aggregate the event belongs to: `<category>-<id>` */
    streamId: string;
    /** the event's data, redacted; absent when `dataOmitted` */
    data?: unknown;
    /** true when the data would make the payload larger than WEBHOOK_PAYLOAD_MAX_BYTES */
    dataOmitted?: true;
  };
}

export const streamCategoryOf = (streamId: string): string => {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
};

/**
 * The payload of an event for integrations of its licence, or null when they may not see it: a hidden category, or
 * `privateTask` (an event of a private task: visible only to people, never to an integration).
 */
export const webhookPayload = (event: PublishableEvent, facts: { privateTask: boolean }): WebhookPayload | null => {
  const category = streamCategoryOf(event.streamId);
  if (HIDDEN_EVENT_CATEGORIES.includes(category) || facts.privateTask) return null;
  const payload: WebhookPayload = {
    type: webhookEventName(category, event.type),
    timestamp: event.metadata.occurredAt,
    data: {
      eventId: event.id,
      eventType: event.type,
      position: event.position,
      licenceId: event.metadata.licenceId,
      projectId: event.metadata.projectId ?? null,
      streamId: event.streamId,
      data: redactEventData(event.type, event.data),
    },
  };
  if (fitsPayload(JSON.stringify(payload))) return payload;
  const { data: _omitted, ...rest } = payload.data;
  return { ...payload, data: { ...rest, dataOmitted: true } };
};

/** Whether a task is private after each of its events: folds the privacy flag of TaskCreated and TaskUpdated. */
export const taskPrivacyAfter = (previous: boolean, event: { type: string; data: unknown }): boolean => {
  if (event.type === 'TaskCreated') return Boolean((event.data as { isPrivate?: boolean }).isPrivate);
  if (event.type === 'TaskUpdated') {
    const changed = (event.data as { changes?: { isPrivate?: boolean } }).changes?.isPrivate;
    return changed ?? previous;
  }
  return previous;
};

/** the endpoint's project limit: empty means every project (and the licence-wide events) */
export const inProjects = (projectIds: readonly string[], projectId: string | undefined): boolean =>
  projectIds.length === 0 || (projectId !== undefined && projectIds.includes(projectId));
