import type { Bus, DocumentStore, DurableSubscription, HealthRegistry } from '@stramien/infra';
import { DuplicateKeyError } from '@stramien/infra';
import type { EventEnvelope, NotificationDraft } from '@stramien/domain';
import {
  notificationsForDisabledEndpoint,
  notificationsForJobEvent,
  notificationsForSessionEvent,
  notificationsForSignIn,
  notificationsForTaskEvent,
  SESSION_NOTIFICATION_EVENT_TYPES,
  TASK_NOTIFICATION_EVENT_TYPES,
} from '@stramien/domain';
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
  // task changes of due date, status and assignee: the assignee and the creator, never who made the change
  ...Object.fromEntries(
    TASK_NOTIFICATION_EVENT_TYPES.map((type) => [
      type,
      (event: EventEnvelope) => notificationsForTaskEvent(event as Parameters<typeof notificationsForTaskEvent>[0]),
    ]),
  ),
  // a finished background job: the download notification (downloadId, downloadFilename) for its owner
  JobFinished: (event) => notificationsForJobEvent(event as Parameters<typeof notificationsForJobEvent>[0]),
  // a failed one: 'Your export could not be made. Please try again.' for its owner
  JobFailed: (event) => notificationsForJobEvent(event as Parameters<typeof notificationsForJobEvent>[0]),
  WebhookEndpointDisabled: (event) => notificationsForDisabledEndpoint(event as Parameters<typeof notificationsForDisabledEndpoint>[0]),
  // a workflow job given to a user: the assignee; a `notify` action's finished job: its recipients
  ...Object.fromEntries(
    SESSION_NOTIFICATION_EVENT_TYPES.map((type) => [
      type,
      (event: EventEnvelope) => notificationsForSessionEvent(event as Parameters<typeof notificationsForSessionEvent>[0]),
    ]),
  ),
};

/** the notifier's name in the health report */
export const NOTIFIER_COMPONENT = 'notifier';
/** one durable consumer per event type that makes notifications: `notifier-<EventType>` */
export const notifierDurableName = (eventType: string): string => `notifier-${eventType}`;

/**
 * Derives notifications from bus events, read through one durable subscription per event type (JetStream durable
 * consumers on NATS, shared by every notifier instance): a notifier that was stopped or failed gets every event when
 * it comes back, and a failed handling comes again. A notification's id is derived from event and recipient, so a
 * redelivered event stores nothing twice; its push is claimed once (the `pushPending` mark), so it is pushed once.
 */
export const createNotifier = (deps: {
  bus: Bus;
  documentStore: DocumentStore;
  /** where it reports its state and lag (events not yet handled) */
  health?: HealthRegistry;
  /** told of every failed handling (the event comes again) */
  onError?: (e: unknown) => void;
}) => {
  const notifications = deps.documentStore.collection<NotificationDoc & { pushPending?: true }>(NOTIFICATIONS_COLLECTION);
  const subscriptions: DurableSubscription[] = [];
  const reporter = deps.health?.register(NOTIFIER_COMPONENT, {
    lag: async () => {
      const lags = await Promise.all(subscriptions.map((s) => s.lag()));
      return lags.some((lag) => lag === null) ? null : lags.reduce<number>((sum, lag) => sum + (lag ?? 0), 0);
    },
  });
  const push = async (doc: NotificationDoc) => {
    // whoever takes the mark pushes; a failed push puts it back for the redelivery
    const claimed = await notifications.updateOne({ _id: doc._id, pushPending: true }, { $unset: { pushPending: '' } });
    if (claimed.modifiedCount !== 1) return;
    try {
      await deps.bus.publish<PushMessage>(pushSubject(doc.recipientId), { userId: doc.recipientId, notification: toNotificationView(doc) });
    } catch (e) {
      await notifications.updateOne({ _id: doc._id }, { $set: { pushPending: true } });
      throw e;
    }
  };
  const handle = async (event: EventEnvelope) => {
    const derive = derivers[event.type];
    if (!derive) return;
    for (const draft of derive(event)) {
      const doc = toNotificationDoc(draft);
      try {
        await notifications.insertOne({ ...doc, pushPending: true });
      } catch (e) {
        if (!(e instanceof DuplicateKeyError)) throw e;
      }
      await push(doc);
    }
  };
  return {
    handle,
    async start() {
      await notifications.createIndex({ keys: { recipientId: 1, createdAt: -1 } });
      for (const type of Object.keys(derivers)) {
        subscriptions.push(
          await deps.bus.durable<EventEnvelope>(
            `stramien.*.*.${type}`,
            async (message) => {
              try {
                await handle(message.data);
              } catch (e) {
                deps.onError?.(e);
                throw e;
              }
            },
            { name: notifierDurableName(type), ...(reporter ? { health: reporter } : {}) },
          ),
        );
      }
    },
    async stop() {
      for (const s of subscriptions.splice(0)) await s.unsubscribe();
      reporter?.stopped();
    },
  };
};
