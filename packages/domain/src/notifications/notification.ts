import { renderMessage, type MessageRef, type MessageValues } from '../shared/messageCatalogue';

export type NotificationType = 'task' | 'download' | 'default' | 'workflow_job_assigned' | 'workflow_job_opened';

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

/** The browser and operating system of a user agent, by name; null where it does not tell. */
export const describeDevice = (userAgent: string): { browser: string | null; system: string | null } => {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X/.test(userAgent)
      ? 'macOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Linux/.test(userAgent)
          ? 'Linux'
          : null;
  return { browser, system };
};

/** The message of a new-device sign-in, e.g. 'New sign-in to your account from Chrome on Linux'. */
export const signInMessage = (userAgent: string | null): MessageRef => {
  const m = 'notifications';
  if (!userAgent) return { key: `${m}.signInNewBrowser` };
  const { browser, system } = describeDevice(userAgent);
  if (browser && system) return { key: `${m}.signInBrowserOnSystem`, values: { browser, system } };
  if (browser) return { key: `${m}.signInBrowser`, values: { browser } };
  if (system) return { key: `${m}.signInUnknownBrowserOnSystem`, values: { system } };
  return { key: `${m}.signInUnknownBrowser` };
};

/**
 * The data of a notification whose text the server composes: the English text (`message`, for API clients and
 * older readers) next to its key and values, which the web app renders in the reader's language.
 */
export const messageData = (ref: MessageRef): { message: string; messageKey: string; messageValues: MessageValues } => ({
  message: renderMessage(ref) ?? ref.key,
  messageKey: ref.key,
  messageValues: ref.values ?? {},
});

/** A sign-in from a browser never seen for this user sends them a default notification. */
export const notificationsForSignIn = (event: SignedInEvent): NotificationDraft[] =>
  event.data.newDevice
    ? [
        {
          id: `${event.id}:${event.data.userId}`,
          recipientId: event.data.userId,
          licenceId: event.metadata.licenceId,
          type: 'default',
          data: { ...messageData(signInMessage(event.data.userAgent)), status: 'info' },
          createdAt: event.metadata.occurredAt,
        },
      ]
    : [];
