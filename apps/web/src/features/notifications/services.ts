import { NotificationsIcon } from '@blueprintjs/icons';
import type { Notification } from '@stramien/api';
import { createContext, createElement } from 'react';
import { api, deferContracts } from '../../shared/api';
import { showToast } from '../../shared/toaster';
import { notificationStore, type NotificationStore } from './notificationStore';
import type { ChannelAuthoriser, SocketFactory } from './socketClient';

const routes = deferContracts(() => import('./contracts'));

/** What the bell needs from the outside world; the app passes the real ones, a test its fakes. */
export interface NotificationServices {
  store: NotificationStore;
  createSocket: SocketFactory;
  authorise: ChannelAuthoriser;
  /** GET /api/notifications?limit=10 */
  loadRecent: () => Promise<Notification[]>;
  /** shows a new notification as a toast */
  toast: (text: string) => void;
  /** POST /api/notifications/{id}/read */
  markRead: (id: string) => Promise<void>;
  /** POST /api/notifications/read */
  markAllRead: () => Promise<void>;
  /** DELETE /api/notifications */
  clear: () => Promise<void>;
}

export const defaultNotificationServices: NotificationServices = {
  store: notificationStore,
  createSocket: (url) => new WebSocket(url),
  authorise: async (socketId, channel) =>
    (await api.call(routes.notificationRoutes.broadcastingAuth, { body: { socket_id: socketId, channel_name: channel } })).auth,
  loadRecent: async () => (await api.call(routes.notificationRoutes.list, { query: { limit: 10 } })).data,
  toast: (text) => showToast({ message: text, intent: 'primary', icon: createElement(NotificationsIcon), timeout: 5000 }),
  markRead: async (id) => void (await api.call(routes.notificationRoutes.markRead, { params: { id } })),
  markAllRead: async () => void (await api.call(routes.notificationRoutes.markAllRead)),
  clear: async () => void (await api.call(routes.notificationRoutes.clear)),
};

/** The services the bells below use; the app keeps the default, a test provides fakes. */
export const NotificationServicesContext = createContext<NotificationServices>(defaultNotificationServices);
