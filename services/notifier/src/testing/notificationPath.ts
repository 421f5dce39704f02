import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createNatsBus, createSqliteEventStore, type Bus } from '@stramien/infra';
import { startNatsServer } from '@stramien/infra/testing/index';
import { createForwarder } from '@stramien/projections';
import { PUSH_PATTERN, type PushMessage } from '../notifications/notifier';
import { NOTIFICATIONS_COLLECTION, type NotificationDoc } from '../notifications/notificationDoc';

/** the licence of every appended event */
export const PATH_LICENCE = 'licence-1';

/**
 * The real path of a notification, for the notifier's specs: a SQLite event log, its forwarder to a real NATS
 * JetStream server, and a subscriber that keeps every push. `append` writes an event (by `userId`, default
 * 'changer'); the spec starts its own notifier on `bus(name)`, and reads `notificationsOf(eventId)`.
 */
export const startNotificationPath = async (name: string) => {
  const nats = await startNatsServer();
  const dir = mkdtempSync(join(tmpdir(), `stramien-${name}-notifications-`));
  const eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  const documentStore = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
  const buses: Bus[] = [];
  const bus = async (busName: string) => {
    const b = await createNatsBus({ servers: nats.url, name: busName });
    buses.push(b);
    return b;
  };
  const forwarder = createForwarder({ eventStore, documentStore, bus: await bus('forwarder') });
  await forwarder.start();
  const pushes: PushMessage[] = [];
  await (await bus('sockets')).subscribe<PushMessage>(PUSH_PATTERN, (m) => void pushes.push(m.data));
  return {
    eventStore,
    documentStore,
    forwarder,
    bus,
    pushes,
    /** appends one event to the stream (any revision) and answers its id */
    async append(streamId: string, type: string, data: Record<string, unknown>, userId = 'changer'): Promise<string> {
      const id = randomUUID();
      const metadata = { userId, licenceId: PATH_LICENCE, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() };
      await eventStore.append(streamId, [{ id, type, data, metadata }], 'any');
      return id;
    },
    /** the notifications made of an event, by recipient */
    notificationsOf: (eventId: string) =>
      documentStore
        .collection<NotificationDoc>(NOTIFICATIONS_COLLECTION)
        .find({ _id: { $regex: `^${eventId}:` } }, { sort: { recipientId: 1 } }),
    async stop(): Promise<void> {
      await forwarder.stop();
      for (const b of buses) await b.close();
      await eventStore.close();
      await documentStore.close();
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
export type NotificationPath = Awaited<ReturnType<typeof startNotificationPath>>;
