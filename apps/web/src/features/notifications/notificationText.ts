import type { Notification } from '@stramien/api';
import type { TFunction } from 'i18next';

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/** The line a notification shows: default ones their message, task and download ones a sentence about them. */
export const notificationText = (notification: Notification, t: TFunction<'notifications'>): string => {
  const { data } = notification;
  switch (notification.type) {
    case 'task':
      return t('notifications.task.changed', { title: text(data.taskTitle) });
    case 'download':
      return t('notifications.download.ready', { filename: text(data.downloadFilename) });
    default:
      return text(data.message);
  }
};

/** Where clicking a notification leads, if anywhere. */
export const notificationTarget = (notification: Notification): string | null => {
  const { data } = notification;
  if (notification.type === 'task' && typeof data.taskId === 'string') return `/tasks/${encodeURIComponent(data.taskId)}`;
  if (notification.type === 'download') return '/downloads';
  return null;
};
