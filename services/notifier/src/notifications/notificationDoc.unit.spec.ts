import { describe, expect, it } from 'vitest';
import { toNotificationView, type NotificationDoc } from './notificationDoc';

const doc = (data: Record<string, unknown>): NotificationDoc => ({
  _id: 'n1',
  recipientId: 'u1',
  licenceId: 'l1',
  type: 'default',
  data,
  createdAt: '2026-01-01T00:00:00.000Z',
  readAt: null,
});

describe('toNotificationView', () => {
  it('gives a notification stored before message keys existed the key and values of its English text', () => {
    expect(toNotificationView(doc({ message: 'New sign-in to your account from Firefox on Windows', status: 'info' })).data).toEqual({
      message: 'New sign-in to your account from Firefox on Windows',
      messageKey: 'notifications.signInBrowserOnSystem',
      messageValues: { browser: 'Firefox', system: 'Windows' },
      status: 'info',
    });
  });
  it('keeps a stored key, and a text no catalogue has as it is', () => {
    const keyed = { message: 'x', messageKey: 'notifications.signInNewBrowser', messageValues: {} };
    expect(toNotificationView(doc(keyed)).data).toEqual(keyed);
    expect(toNotificationView(doc({ message: 'Welcome' })).data).toEqual({ message: 'Welcome' });
  });
});
