import type { Notification } from '@stramien/api';
import type { TFunction } from 'i18next';
import type { MessageValues } from '@stramien/domain';
import { renderServerMessage } from '../../shared/apiErrors';

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

const isValues = (value: unknown): value is MessageValues =>
  typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number');

/** A text the server composed: its key and values in the reader's language, else the English `message`. */
const composedText = (data: Notification['data']): string =>
  typeof data.messageKey === 'string'
    ? renderServerMessage({ key: data.messageKey, values: isValues(data.messageValues) ? data.messageValues : {} }, text(data.message))
    : text(data.message);

/** The line a notification shows: default ones their (server-composed) message, task and download ones a sentence about them. */
export const notificationText = (notification: Notification, t: TFunction<'notifications'>): string => {
  const { data } = notification;
  switch (notification.type) {
    case 'task': {
      const title = text(data.taskTitle);
      switch (data.change) {
        case 'assigned_to':
          return t('notifications.task.assigned', { title });
        case 'due':
          return data.due
            ? t('notifications.task.due', { title, due: text(data.due).slice(0, 10) })
            : t('notifications.task.due-removed', { title });
        case 'status':
          return data.status === 'closed' || data.status === 'canceled' || data.status === 'open'
            ? t(`notifications.task.status-${data.status}`, { title })
            : t('notifications.task.changed', { title });
        default:
          return t('notifications.task.changed', { title });
      }
    }
    case 'download':
      return t('notifications.download.ready', { filename: text(data.downloadFilename) });
    default:
      return composedText(data);
  }
};

/** Where clicking a notification leads, if anywhere. */
export const notificationTarget = (notification: Notification): string | null => {
  const { data } = notification;
  // a workflow job given to the user (or given earlier and now open) opens their task of type workflow, whose page opens the job
  if (
    (notification.type === 'task' || notification.type === 'workflow_job_assigned' || notification.type === 'workflow_job_opened') &&
    typeof data.taskId === 'string'
  )
    return `/tasks/${encodeURIComponent(data.taskId)}`;
  if (notification.type === 'download') return '/downloads';
  return null;
};
