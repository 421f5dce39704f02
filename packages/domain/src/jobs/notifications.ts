import type { EventEnvelope } from '../shared/envelope';
import { messageData, type NotificationDraft } from '../notifications/notification';
import { describeMessage, type MessageRef } from '../shared/messageCatalogue';
import { downloadNotificationData } from './decide';
import type { JobEvent } from './job';
import { jobMessages } from './messages';

/**
 * What a failed job's owner is told: a reason of the job's own (a kind that refused its input, e.g. an import with
 * invalid values) as it is; the general failure as 'Your export could not be made. Please try again.'.
 */
const failureNotice = (reason: string): MessageRef => {
  const own = reason === jobMessages.failed ? null : describeMessage(reason);
  return own ?? { key: 'jobs.failedNotice' };
};

/**
 * The notifications of a job's end, for its owner: a finished job's download notification (spec 1 §3: downloadId,
 * downloadFilename), a failed job's default notification (status error): its own reason when a kind refused its input, else
 * 'Your export could not be made. Please try again.'. Their id derives from the event id, so a redelivered event yields the same notification.
 */
export const notificationsForJobEvent = (event: EventEnvelope<JobEvent>): NotificationDraft[] => {
  if (event.type !== 'JobFinished' && event.type !== 'JobFailed') return [];
  const ownerId = (event.data as { ownerId: string }).ownerId;
  const content =
    event.type === 'JobFinished'
      ? { type: 'download' as const, data: downloadNotificationData(event as EventEnvelope<Extract<JobEvent, { type: 'JobFinished' }>>) }
      : {
          type: 'default' as const,
          data: { ...messageData(failureNotice((event.data as { reason: string }).reason)), status: 'error' },
        };
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
