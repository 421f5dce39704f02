import type { Doc } from '@stramien/infra';
import type { Notification } from '@stramien/api';
import { describeMessage, type NotificationDraft } from '@stramien/domain';

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

/**
 * A composed text is stored as `message` (English) with `messageKey` and `messageValues`; a notification stored
 * before keys existed gets them from its English text, so every reader can render it in their own language.
 */
const withMessageKey = (data: Record<string, unknown>): Record<string, unknown> => {
  if (typeof data.message !== 'string' || typeof data.messageKey === 'string') return data;
  const ref = describeMessage(data.message);
  return ref ? { ...data, messageKey: ref.key, messageValues: ref.values ?? {} } : data;
};

export const toNotificationView = (doc: NotificationDoc): Notification => ({
  id: doc._id,
  type: doc.type,
  data: withMessageKey(doc.data),
  created_at: doc.createdAt,
  read_at: doc.readAt,
});
