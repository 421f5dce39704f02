import { describe, expect, it } from 'vitest';
import { NEWS_READ_AT_KEY, isCritical, isUnread, markNewsRead, readNewsReadAt } from './newsStore';

describe('news read time', () => {
  it('is kept in local storage when the panel marks news read', () => {
    expect(readNewsReadAt()).toBeNull();
    markNewsRead(new Date('2026-03-01T10:00:00.000Z'));
    expect(localStorage.getItem(NEWS_READ_AT_KEY)).toBe('2026-03-01T10:00:00.000Z');
    expect(readNewsReadAt()).toBe(Date.parse('2026-03-01T10:00:00.000Z'));
  });

  it('makes an item unread when it changed after the read time', () => {
    const readAt = Date.parse('2026-03-01T10:00:00.000Z');
    expect(isUnread({ updated_at: '2026-03-02T00:00:00.000Z' }, readAt)).toBe(true);
    expect(isUnread({ updated_at: '2026-02-28T00:00:00.000Z' }, readAt)).toBe(false);
    expect(isUnread({ updated_at: '2026-02-28T00:00:00.000Z' }, null)).toBe(true);
  });

  it('calls an unread auto_open item critical', () => {
    const readAt = Date.parse('2026-03-01T10:00:00.000Z');
    expect(isCritical({ updated_at: '2026-03-02T00:00:00.000Z', auto_open: true }, readAt)).toBe(true);
    expect(isCritical({ updated_at: '2026-03-02T00:00:00.000Z', auto_open: false }, readAt)).toBe(false);
    expect(isCritical({ updated_at: '2026-02-02T00:00:00.000Z', auto_open: true }, readAt)).toBe(false);
  });
});
