import type { EventEnvelope } from '../shared/envelope';
import type { NotificationDraft } from '../notifications/notification';
import { downloadNotificationData } from './decide';
import type { JobEvent } from './job';

/**
 * The download notification of a finished job (spec 1 §3: downloadId, downloadFilename), for the job's owner.
 * Its id derives from the event id, so a redelivered event yields the same notification.
 */
export const notificationsForJobEvent = (event: EventEnvelope<JobEvent>): NotificationDraft[] => {
  if (event.type !== 'JobFinished') return [];
  const finished = event as EventEnvelope<Extract<JobEvent, { type: 'JobFinished' }>>;
  return [
    {
      id: `${event.id}:${finished.data.ownerId}`,
      recipientId: finished.data.ownerId,
      licenceId: event.metadata.licenceId,
      type: 'download',
      data: downloadNotificationData(finished),
      createdAt: event.metadata.occurredAt,
    },
  ];
};
