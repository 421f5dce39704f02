import type { EventEnvelope } from '../shared/envelope';
import { messageData, type NotificationDraft } from '../notifications/notification';
import { downloadNotificationData } from './decide';
import type { JobEvent } from './job';

/**
 * The notifications of a job's end, for its owner: a finished job's download notification (spec 1 §3: downloadId,
 * downloadFilename), a failed job's default notification 'Your export could not be made. Please try again.' (status
 * error). Their id derives from the event id, so a redelivered event yields the same notification.
 */
export const notificationsForJobEvent = (event: EventEnvelope<JobEvent>): NotificationDraft[] => {
  if (event.type !== 'JobFinished' && event.type !== 'JobFailed') return [];
  const ownerId = (event.data as { ownerId: string }).ownerId;
  const content =
    event.type === 'JobFinished'
      ? { type: 'download' as const, data: downloadNotificationData(event as EventEnvelope<Extract<JobEvent, { type: 'JobFinished' }>>) }
      : { type: 'default' as const, data: { ...messageData({ key: 'jobs.failedNotice' }), status: 'error' } };
  return [
    {
      id: `${event.id}:${ownerId}`,
      recipientId: ownerId,
      licenceId: event.metadata.licenceId,
      ...content,
      createdAt: event.metadata.occurredAt,
    },
  ];
};
