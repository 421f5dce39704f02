import type { Doc } from '@stramien/infra';
import type { Notification } from '@stramien/api';
import type { NotificationDraft } from '@stramien/domain';

export const NOTIFICATIONS_COLLECTION = 'notifications';

export interface NotificationDoc extends Doc {
  _id: string;
  recipientId: string;
  licenceId: string;
  type: Notification['type'];
  data: Record<string, unknown>;
  createdAt: string;
  readAt: string | null;
}

export const toNotificationDoc = (draft: NotificationDraft): NotificationDoc => ({
  _id: draft.id,
  recipientId: draft.recipientId,
  licenceId: draft.licenceId,
  type: draft.type,
  data: draft.data,
  createdAt: draft.createdAt,
  readAt: null,
});

export const toNotificationView = (doc: NotificationDoc): Notification => ({
  id: doc._id,
  type: doc.type,
  data: doc.data,
  created_at: doc.createdAt,
  read_at: doc.readAt,
});
