import type { FastifyInstance } from 'fastify';
import { notificationRoutes } from '@stramien/api';
import { NOTIFICATIONS_COLLECTION, toNotificationView, type NotificationDoc } from '@stramien/notifier';
import { addRoute } from '../../plugins/route';
import { requireUser } from '../../plugins/auth';

export const registerNotificationRoutes = (app: FastifyInstance): void => {
  const notifications = app.deps.adapters.documentStore.collection<NotificationDoc>(NOTIFICATIONS_COLLECTION);
  addRoute(app, notificationRoutes.list, async ({ query, request }) => {
    const user = requireUser(request);
    const docs = await notifications.find({ recipientId: user.userId }, { sort: { createdAt: -1 }, limit: query?.limit ?? 10 });
    return { data: docs.map(toNotificationView) };
  });
};
