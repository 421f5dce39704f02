import type { Notification } from '@stramien/api';
import { describe, expect, it } from 'vitest';
import { MAX_STORED_NOTIFICATIONS, createNotificationStore } from './notificationStore';

const at = (minute: number): Notification => ({
  id: `n-${minute}`,
  type: 'default',
  data: { message: `message ${minute}` },
  created_at: new Date(Date.UTC(2025, 2, 1, 10, minute)).toISOString(),
  read_at: null,
});

describe('notification store', () => {
  it('keeps the newest 10, newest first', () => {
    const store = createNotificationStore(null);
    for (let minute = 0; minute < 15; minute++) store.receive(at(minute));
    expect(store.getSnapshot()).toHaveLength(MAX_STORED_NOTIFICATIONS);
    expect(store.getSnapshot()[0]?.id).toBe('n-14');
    expect(store.getSnapshot().at(-1)?.id).toBe('n-5');
  });

  it('survives a reload through its storage', () => {
    const first = createNotificationStore(localStorage, 'test.notifications');
    first.receive(at(1));
    first.markRead('n-1', '2025-03-01T11:00:00.000Z');
    const second = createNotificationStore(localStorage, 'test.notifications');
    expect(second.getSnapshot()).toEqual([{ ...at(1), read_at: '2025-03-01T11:00:00.000Z' }]);
  });

  it('keeps a local read mark when the same notification is loaded again', () => {
    const store = createNotificationStore(null);
    store.receive(at(1));
    store.markRead('n-1', '2025-03-01T11:00:00.000Z');
    store.merge([at(1), at(2)]);
    expect(store.getSnapshot().map((n) => [n.id, n.read_at])).toEqual([
      ['n-2', null],
      ['n-1', '2025-03-01T11:00:00.000Z'],
    ]);
  });
});
