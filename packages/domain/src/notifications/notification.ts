import { format, messages } from '../shared/messages';

export type NotificationType = 'task' | 'download' | 'default';

export interface NotificationDraft {
  /** deterministic: derived from the event id and the recipient, so a redelivered event yields the same notification */
  id: string;
  recipientId: string;
  licenceId: string;
  type: NotificationType;
  data: Record<string, unknown>;
  createdAt: string;
}

interface SignedInEvent {
  id: string;
  type: string;
  data: { userId: string; newDevice: boolean; userAgent: string | null };
  metadata: { licenceId: string; occurredAt: string };
}

/** Short, human description of a browser from its user agent. */
export const describeDevice = (userAgent: string | null): string => {
  if (!userAgent) return 'a new browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'a browser';
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X/.test(userAgent)
      ? 'macOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Linux/.test(userAgent)
          ? 'Linux'
          : null;
  return os ? `${browser} on ${os}` : browser;
};

/** A sign-in from a browser never seen for this user sends them a default notification. */
export const notificationsForSignIn = (event: SignedInEvent): NotificationDraft[] =>
  event.data.newDevice
    ? [
        {
          id: `${event.id}:${event.data.userId}`,
          recipientId: event.data.userId,
          licenceId: event.metadata.licenceId,
          type: 'default',
          data: { message: format(messages.identity.newDeviceSignIn, { device: describeDevice(event.data.userAgent) }), status: 'info' },
          createdAt: event.metadata.occurredAt,
        },
      ]
    : [];
