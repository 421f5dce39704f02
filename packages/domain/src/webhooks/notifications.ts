import type { EventEnvelope } from '../shared/envelope';
import type { NotificationDraft } from '../notifications/notification';
import { messageData } from '../notifications/notification';
import type { WebhookEndpointEvent } from './webhookEndpoint';

type DisabledEvent = EventEnvelope<Extract<WebhookEndpointEvent, { type: 'WebhookEndpointDisabled' }>>;

/** An endpoint the dispatcher disabled (410 Gone, an exhausted schedule) sends the licence's admins a notification. */
export const notificationsForDisabledEndpoint = (event: DisabledEvent): NotificationDraft[] => {
  const { notify, reason } = event.data;
  if (!notify || reason === 'manual') return [];
  const key = reason === 'gone' ? 'webhooks.disabledGone' : 'webhooks.disabledExhausted';
  return notify.userIds.map((userId) => ({
    id: `${event.id}:${userId}`,
    recipientId: userId,
    licenceId: event.metadata.licenceId,
    type: 'default' as const,
    data: { ...messageData({ key, values: { url: notify.url } }), status: 'warning' },
    createdAt: event.metadata.occurredAt,
  }));
};
