import type { Bus, BusSubscription, DocumentStore } from '@stramien/infra';
import { DuplicateKeyError } from '@stramien/infra';
import type { EventEnvelope, NotificationDraft } from '@stramien/domain';
import { notificationsForSignIn } from '@stramien/domain';
import type { Notification } from '@stramien/api';
import { NOTIFICATIONS_COLLECTION, toNotificationDoc, toNotificationView, type NotificationDoc } from './notificationDoc';

/** Subject on which a stored notification is fanned out to every notifier instance's sockets. */
export const pushSubject = (userId: string): string => `push.user.${userId}`;
export const PUSH_PATTERN = 'push.user.*';
export interface PushMessage {
  userId: string;
  notification: Notification;
}

/** Which events make notifications, and how. */
const derivers: Record<string, (event: EventEnvelope) => NotificationDraft[]> = {
  UserSignedIn: (event) => notificationsForSignIn(event as Parameters<typeof notificationsForSignIn>[0]),
};

/**
 * Derives notifications from bus events (queue group: one notifier instance handles each event),
 * stores them with ids derived from event and recipient (a redelivered event is stored and pushed
 * once), then publishes them for the sockets.
 */
export const createNotifier = (deps: { bus: Bus; documentStore: DocumentStore; onError?: (e: unknown) => void }) => {
  const notifications = deps.documentStore.collection<NotificationDoc>(NOTIFICATIONS_COLLECTION);
  const subscriptions: BusSubscription[] = [];
  const handle = async (event: EventEnvelope) => {
    const derive = derivers[event.type];
    if (!derive) return;
    for (const draft of derive(event)) {
      const doc = toNotificationDoc(draft);
      try {
        await notifications.insertOne(doc);
      } catch (e) {
        if (e instanceof DuplicateKeyError) continue;
        throw e;
      }
      await deps.bus.publish<PushMessage>(pushSubject(doc.recipientId), { userId: doc.recipientId, notification: toNotificationView(doc) });
    }
  };
  return {
    handle,
    async start() {
      await notifications.createIndex({ keys: { recipientId: 1, createdAt: -1 } });
      for (const type of Object.keys(derivers)) {
        subscriptions.push(
          await deps.bus.subscribe<EventEnvelope>(
            `stramien.*.*.${type}`,
            async (message) => {
              try {
                await handle(message.data);
              } catch (e) {
                deps.onError?.(e);
              }
            },
            { queue: 'notifier' },
          ),
        );
      }
    },
    async stop() {
      for (const s of subscriptions.splice(0)) await s.unsubscribe();
    },
  };
};
