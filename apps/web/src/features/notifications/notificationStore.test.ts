import { notificationSchema, type Notification } from '@stramien/api';
import { describe, expect, it } from 'vitest';
import { MAX_STORED_NOTIFICATIONS, createNotificationStore, storedNotification, storedNotifications } from './notificationStore';

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

  it('reads a stored notification as the contract schema does (the shell parses without zod)', () => {
    const samples: unknown[] = [
      at(1),
      { ...at(2), read_at: '2025-03-01T11:00:00.000Z' },
      { ...at(3), extra: 'dropped' },
      { ...at(4), type: 'workflow_job_opened', data: {} },
      { ...at(5), type: 'unknown' },
      { ...at(6), read_at: undefined },
      { ...at(7), data: null },
      { ...at(8), data: 'text' },
      { ...at(9), id: 9 },
      { ...at(10), created_at: null },
      null,
      'n-1',
      [at(1)],
    ];
    for (const sample of samples) {
      const schema = notificationSchema.safeParse(sample);
      expect(storedNotification(sample), JSON.stringify(sample)).toEqual(schema.success ? schema.data : undefined);
    }
  });

  it('drops a stored list with any entry that is not a notification', () => {
    expect(storedNotifications([at(1), at(2)])).toEqual([at(1), at(2)]);
    expect(storedNotifications([at(1), { ...at(2), type: 'unknown' }])).toEqual([]);
    expect(storedNotifications({ 0: at(1) })).toEqual([]);
    localStorage.setItem('test.broken', JSON.stringify([at(1), { id: 'x' }]));
    expect(createNotificationStore(localStorage, 'test.broken').getSnapshot()).toEqual([]);
  });
});
