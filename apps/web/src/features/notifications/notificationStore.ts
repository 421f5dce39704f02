import type { Notification } from '@stramien/api';

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

const NOTIFICATION_TYPES: ReadonlySet<string> = new Set<Notification['type']>([
  'task',
  'download',
  'default',
  'workflow_job_assigned',
  'workflow_job_opened',
]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored notification as the contract's `notificationSchema` reads it, its other keys dropped; undefined when it
 * is not one. Hand-written so the shell carries no zod (see docs/performance.md, "Web bundle").
 */
export const storedNotification = (value: unknown): Notification | undefined => {
  if (!isRecord(value)) return undefined;
  const { id, type, data, created_at, read_at } = value;
  if (typeof id !== 'string' || typeof type !== 'string' || !NOTIFICATION_TYPES.has(type)) return undefined;
  if (!isRecord(data) || typeof created_at !== 'string' || (read_at !== null && typeof read_at !== 'string')) return undefined;
  return { id, type: type as Notification['type'], data, created_at, read_at };
};

/** the stored list; none when any entry is not a notification (as the schema's `array().safeParse` had it) */
export const storedNotifications = (value: unknown): Notification[] => {
  if (!Array.isArray(value)) return [];
  const list = value.map(storedNotification);
  return list.every((n) => n !== undefined) ? list : [];
};

const load = (storage: Storage | null, key: string): Notification[] => {
  try {
    return storedNotifications(JSON.parse(storage?.getItem(key) ?? '[]'));
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
