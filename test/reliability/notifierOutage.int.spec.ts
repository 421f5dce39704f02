import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDocumentStore, createNatsBus, createSqliteEventStore, type DocumentStore, type EventStore } from '@stramien/infra';
import { startNatsServer, type NatsServerHandle } from '@stramien/infra/testing/index';
import { createForwarder } from '@stramien/projections';
import { createNotifier, NOTIFICATIONS_COLLECTION, PUSH_PATTERN, type PushMessage } from '@stramien/notifier';
import { appendEvents, sleep } from './support/natsStream';

/**
 * The notifier reads durable JetStream consumers: stopped for 10 s while 100 notifying events are appended, it gets
 * every one of them when it comes back, and each notification is stored and pushed exactly once within 10 s.
 */
let nats: NatsServerHandle;
let dir: string;
let eventStore: EventStore;
let documentStore: DocumentStore;

beforeAll(async () => {
  nats = await startNatsServer();
  dir = mkdtempSync(join(tmpdir(), 'stramien-notifier-outage-'));
  eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  documentStore = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
});
afterAll(async () => {
  await eventStore?.close();
  await documentStore?.close();
  await nats?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the notifier', () => {
  describe('when stopped for 10 s while 100 sign-ins from new devices are appended', () => {
    it('stores and pushes each of their notifications exactly once within 10 s of coming back', async () => {
      const forwarderBus = await createNatsBus({ servers: nats.url, name: 'forwarder' });
      const forwarder = createForwarder({ eventStore, documentStore, bus: forwarderBus });
      await forwarder.start();
      const pushBus = await createNatsBus({ servers: nats.url, name: 'sockets' });
      const pushes: PushMessage[] = [];
      await pushBus.subscribe<PushMessage>(PUSH_PATTERN, (m) => void pushes.push(m.data));

      // the notifier runs once, then stops (its durable consumers stay on the server)
      const firstBus = await createNatsBus({ servers: nats.url, name: 'notifier-1' });
      const first = createNotifier({ bus: firstBus, documentStore });
      await first.start();
      const before = await appendEvents(eventStore, 5);
      await expect.poll(() => pushes.length, { timeout: 10_000 }).toBe(5);
      await first.stop();
      await firstBus.close();
      const stoppedAt = Date.now();

      const during: string[] = [];
      for (let i = 0; i < 10; i++) {
        during.push(...(await appendEvents(eventStore, 10)));
        await sleep(500);
      }
      const head = await eventStore.headPosition();
      await expect.poll(() => forwarder.position(), { timeout: 10_000 }).toBe(head);
      await sleep(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
      expect(pushes).toHaveLength(5);

      const secondBus = await createNatsBus({ servers: nats.url, name: 'notifier-2' });
      const second = createNotifier({ bus: secondBus, documentStore });
      await second.start();
      const expected = [...before, ...during].map((id) => expect.stringMatching(new RegExp(`^${id}:`)));
      await expect.poll(() => pushes.length, { timeout: 10_000, interval: 50 }).toBe(105);
      // nothing more comes: a redelivery would be pushed again here
      await sleep(1_000);
      await pushBus.flush();
      const pushedIds = pushes.map((p) => p.notification.id);
      expect(new Set(pushedIds).size).toBe(105);
      expect(pushedIds).toEqual(expect.arrayContaining(expected));
      const stored = await documentStore.collection(NOTIFICATIONS_COLLECTION).find({});
      expect(stored).toHaveLength(105);
      expect(stored.filter((doc) => 'pushPending' in doc)).toEqual([]);

      await second.stop();
      await forwarder.stop();
      await Promise.all([secondBus, pushBus, forwarderBus].map((bus) => bus.close()));
    });
  });
});
