import { useCallback, useSyncExternalStore } from 'react';

/** A news item of the what's-new panel (spec 1 §3, spec 2 §3). */
export interface NewsItem {
  title: string;
  /** markdown */
  description: string;
  image: string | null;
  tags: string[];
  updated_at: string;
  auto_open: boolean;
  button_url: string | null;
  button_title: string | null;
}

/** The news read time lives in local storage (spec 2 §9). */
export const NEWS_READ_AT_KEY = 'stramien.newsReadAt';

const listeners = new Set<() => void>();

export const readNewsReadAt = (): number | null => {
  try {
    const raw = localStorage.getItem(NEWS_READ_AT_KEY);
    const value = raw === null ? NaN : Date.parse(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
};

/** Opening the panel marks all news read by storing the current time (spec 1 §4). */
export const markNewsRead = (now: Date = new Date()): void => {
  try {
    localStorage.setItem(NEWS_READ_AT_KEY, now.toISOString());
  } catch {
    // storage unavailable: the dot comes back on the next load
  }
  listeners.forEach((listener) => listener());
};

/** An item is unread if its updated_at is later than the stored read time (never read: every item). */
export const isUnread = (item: Pick<NewsItem, 'updated_at'>, readAt: number | null): boolean =>
  readAt === null || Date.parse(item.updated_at) > readAt;

/** Unread and auto_open: opens the panel by itself. */
export const isCritical = (item: Pick<NewsItem, 'updated_at' | 'auto_open'>, readAt: number | null): boolean =>
  item.auto_open && isUnread(item, readAt);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === NEWS_READ_AT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** The stored read time, re-rendering when the panel marks news read. */
export const useNewsReadAt = (): number | null => useSyncExternalStore(subscribe, readNewsReadAt, () => null);

/**
 * The news feed. The what's-new endpoint (GET /whats-new) arrives with the news work; until then the list is
 * empty and the panel says 'No updates yet...'.
 */
export const useNewsItems = (): NewsItem[] => EMPTY;
const EMPTY: NewsItem[] = [];

/** Unread count and the mark-read action for the user menu's dot and the panel. */
export const useNews = () => {
  const items = useNewsItems();
  const readAt = useNewsReadAt();
  const markRead = useCallback(() => markNewsRead(), []);
  return {
    items,
    unread: items.filter((item) => isUnread(item, readAt)).length,
    critical: items.some((item) => isCritical(item, readAt)),
    markRead,
  };
};
