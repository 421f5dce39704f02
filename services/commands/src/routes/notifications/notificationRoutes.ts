import type { FastifyInstance } from 'fastify';
import { notificationRoutes } from '@stramien/api';
import { DomainError, notificationMessages } from '@stramien/domain';
import { NOTIFICATIONS_COLLECTION, toNotificationView, type NotificationDoc } from '@stramien/notifier';
import { addRoute } from '../../plugins/route';
import { requireUser } from '../../plugins/auth';

/**
 * A user's notifications (spec 1 §3, §4) and the mark-read calls the spec leaves unshown (docs/notifications.md):
 * read state is the reader's own bookkeeping in the notifier's store, not a domain fact, so these calls change the
 * notification documents directly and append no event. Anyone else's notification answers 404.
 */
export const registerNotificationRoutes = (app: FastifyInstance): void => {
  const notifications = app.deps.adapters.documentStore.collection<NotificationDoc>(NOTIFICATIONS_COLLECTION);
  addRoute(app, notificationRoutes.list, async ({ query, request }) => {
    const user = requireUser(request);
    const docs = await notifications.find({ recipientId: user.userId }, { sort: { createdAt: -1 }, limit: query?.limit ?? 10 });
    return { data: docs.map(toNotificationView) };
  });

  addRoute(app, notificationRoutes.markRead, async ({ params, request }) => {
    const user = requireUser(request);
    const now = app.deps.clock().toISOString();
    await notifications.updateOne({ _id: params.id, recipientId: user.userId, readAt: null }, { $set: { readAt: now } });
    const doc = await notifications.findOne({ _id: params.id, recipientId: user.userId });
    if (!doc) throw new DomainError(notificationMessages.notFound, 404);
    return { data: toNotificationView(doc) };
  });

  addRoute(app, notificationRoutes.markAllRead, async ({ request }) => {
    const user = requireUser(request);
    const result = await notifications.updateMany(
      { recipientId: user.userId, readAt: null },
      { $set: { readAt: app.deps.clock().toISOString() } },
    );
    return { data: { count: result.modifiedCount } };
  });

  addRoute(app, notificationRoutes.clear, async ({ request }) => {
    const user = requireUser(request);
    const result = await notifications.deleteMany({ recipientId: user.userId });
    return { data: { count: result.deletedCount } };
  });
};
