import { notificationSchema, type Notification } from '@stramien/api';

/** Stored notifications keep the last 10 (spec §9). */
export const MAX_STORED_NOTIFICATIONS = 10;
export const NOTIFICATIONS_STORAGE_KEY = 'stramien.notifications';

export interface NotificationStore {
  /** newest first, at most MAX_STORED_NOTIFICATIONS */
  getSnapshot: () => readonly Notification[];
  subscribe: (listener: () => void) => () => void;
  /** adds one notification; false when it was already held */
  receive: (notification: Notification) => boolean;
  /** adds a batch (the initial load), keeping what is held */
  merge: (notifications: readonly Notification[]) => void;
  markRead: (id: string, at?: string) => void;
  /** marks every held notification read (spec §4: in bulk) */
  markAllRead: (at?: string) => void;
  clear: () => void;
}

const newestFirst = (a: Notification, b: Notification) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id.localeCompare(a.id);

const load = (storage: Storage | null, key: string): Notification[] => {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    const valid = notificationSchema.array().safeParse(parsed);
    return valid.success ? valid.data : [];
  } catch {
    return [];
  }
};

/** The notifications this browser holds, persisted so a reload keeps them. */
export const createNotificationStore = (
  storage: Storage | null = globalThis.localStorage ?? null,
  key = NOTIFICATIONS_STORAGE_KEY,
): NotificationStore => {
  let items: readonly Notification[] = load(storage, key).sort(newestFirst).slice(0, MAX_STORED_NOTIFICATIONS);
  const listeners = new Set<() => void>();

  const set = (next: readonly Notification[]) => {
    items = next;
    try {
      if (next.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(next));
    } catch {
      // storage full or unavailable: keep them in memory
    }
    listeners.forEach((listener) => listener());
  };

  const withAdded = (incoming: readonly Notification[]) => {
    const byId = new Map(items.map((n) => [n.id, n]));
    for (const n of incoming) byId.set(n.id, { ...n, read_at: byId.get(n.id)?.read_at ?? n.read_at });
    return [...byId.values()].sort(newestFirst).slice(0, MAX_STORED_NOTIFICATIONS);
  };

  return {
    getSnapshot: () => items,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive: (notification) => {
      if (items.some((n) => n.id === notification.id)) return false;
      set(withAdded([notification]));
      return true;
    },
    merge: (notifications) => {
      if (notifications.length > 0) set(withAdded(notifications));
    },
    markRead: (id, at = new Date().toISOString()) => {
      if (items.some((n) => n.id === id && n.read_at === null)) set(items.map((n) => (n.id === id ? { ...n, read_at: at } : n)));
    },
    markAllRead: (at = new Date().toISOString()) => {
      if (items.some((n) => n.read_at === null)) set(items.map((n) => (n.read_at === null ? { ...n, read_at: at } : n)));
    },
    clear: () => set([]),
  };
};

/** The app's notification store. */
export const notificationStore = createNotificationStore();
