import type { WebhookPayload } from '@stramien/domain';

/** The dispatcher's records of its deliveries: one document per endpoint and event (docs/webhooks.md). */
export const WEBHOOK_DELIVERIES_COLLECTION = 'webhookDeliveries';
/** the dispatcher's position in the event log */
export const WEBHOOK_DISPATCHER_CHECKPOINT = '$webhooks';
/** attempts kept per delivery (the newest) */
export const DELIVERY_ATTEMPTS_KEPT = 20;

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryAttempt {
  at: string;
  attempt: number;
  /** null when no answer came (network error, timeout, refused target) */
  statusCode: number | null;
  durationMs: number;
  /** the kind of failure without an answer: ECONNREFUSED, TIMEOUT, TARGET_REFUSED … */
  error: string | null;
  excerpt: string;
}

export interface WebhookDeliveryDoc {
  [key: string]: unknown;
  /** `<endpointId>:<eventId>` */
  _id: string;
  endpointId: string;
  licenceId: string;
  eventId: string;
  /** the webhook name, `<category>.<EventType>` */
  eventType: string;
  position: number;
  occurredAt: string;
  createdAt: string;
  status: DeliveryStatus;
  /** attempts made since it was (re)queued; the retry schedule counts these */
  attempts: number;
  /** all attempts ever made (redeliveries included) */
  totalAttempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  payload: WebhookPayload;
  log: DeliveryAttempt[];
}

export const deliveryId = (endpointId: string, eventId: string): string => `${endpointId}:${eventId}`;
