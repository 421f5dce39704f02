/** The news reading rules, without zod: the web app's shell reads them (re-exported by newsItem.ts). */

/** An item is unread if its updated_at is later than the read time (spec 2 §4); never read: every item. */
export const isNewsUnread = (updatedAt: string, readAt: string | null): boolean =>
  readAt === null || Date.parse(updatedAt) > Date.parse(readAt);
/** Unread and auto_open: critical, it opens the panel by itself. */
export const isNewsCritical = (item: { updatedAt: string; autoOpen: boolean }, readAt: string | null): boolean =>
  item.autoOpen && isNewsUnread(item.updatedAt, readAt);
