import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createEmbeddedDocumentStore,
  createHealthRegistry,
  createInProcessBus,
  createSqliteEventStore,
  CHECKPOINTS_COLLECTION,
  type Bus,
  type Checkpoint,
  type DocumentStore,
  type EventStore,
} from '@stramien/infra';
import { createForwarder, FORWARDER_CHECKPOINT, FORWARDER_COMPONENT } from './forwarder';

let dir: string;
let eventStore: EventStore;
let documentStore: DocumentStore;

const meta = { userId: 'system', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' };
const appendSome = async (count: number) => {
  for (let i = 0; i < count; i++) {
    await eventStore.append(
      `thing-${randomUUID()}`,
      [{ id: randomUUID(), type: 'ThingHappened', data: { i }, metadata: meta }],
      'no_stream',
    );
  }
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'forwarder-'));
  eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  documentStore = createEmbeddedDocumentStore({ file: join(dir, 'docs.sqlite') });
});
afterEach(async () => {
  await eventStore.close();
  await documentStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Forwarder', () => {
  describe('when publishing fails for a while (the bus unreachable)', () => {
    it('retries with backoff, reports retrying then running, and publishes every event once it can', async () => {
      const inner = createInProcessBus();
      const received: string[] = [];
      await inner.subscribe('stramien.>', (message) => void received.push(message.id ?? ''));
      let failing = true;
      const bus: Bus = {
        ...inner,
        publish: async (subject, data, options) => {
          if (failing) throw Object.assign(new Error('TIMEOUT'), { code: 'TIMEOUT' });
          return inner.publish(subject, data, options);
        },
      };
      const logged: string[] = [];
      const health = createHealthRegistry({ log: { info: (m) => logged.push(m), error: (_e, m) => logged.push(m) } });
      const forwarder = createForwarder({ eventStore, documentStore, bus, health });
      await appendSome(5);
      await forwarder.start();
      await expect.poll(async () => (await health.report()).components[0]?.retries, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
      const down = (await health.report()).components[0]!;
      expect(down).toMatchObject({ name: FORWARDER_COMPONENT, state: 'retrying', lastError: 'TIMEOUT', lag: 5 });
      await appendSome(5);
      failing = false;
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(10);
      await inner.flush();
      const ids = (await eventStore.readAll()).map((e) => e.id);
      expect(received).toEqual(ids);
      expect((await health.report()).components[0]).toMatchObject({ state: 'running', lag: 0, lastError: null });
      // one line when it started retrying and one when it recovered, not one per retry
      expect(logged.filter((line) => line.startsWith(FORWARDER_COMPONENT))).toEqual([
        `${FORWARDER_COMPONENT} failed; retrying with backoff`,
        expect.stringMatching(new RegExp(`^${FORWARDER_COMPONENT} recovered after \\d+ retries`)),
      ]);
      await forwarder.stop();
      expect((await health.report()).components[0]?.state).toBe('stopped');
      await inner.close();
    });
  });

  describe('its checkpoint', () => {
    it('follows what it published within checkpointEveryMs, not per event, and is written when it stops', async () => {
      const bus = createInProcessBus();
      const received: string[] = [];
      await bus.subscribe('stramien.>', (message) => void received.push(message.id ?? ''));
      const checkpoints = documentStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
      let writes = 0;
      const counted: DocumentStore = {
        ...documentStore,
        collection: ((name: string) => {
          const collection = documentStore.collection<Checkpoint>(name);
          return {
            ...collection,
            findOne: collection.findOne.bind(collection),
            replaceOne: (...args: Parameters<typeof collection.replaceOne>) => {
              writes++;
              return collection.replaceOne(...args);
            },
          };
        }) as DocumentStore['collection'],
      };
      const stored = async () => (await checkpoints.findOne({ _id: FORWARDER_CHECKPOINT }))?.position;
      const forwarder = createForwarder({ eventStore, documentStore: counted, bus, checkpointEveryMs: 1_500 });
      await forwarder.start();
      // the events of 30 commands, one at a time: one write at most for all of them while they come
      await appendSome(30);
      const head = await eventStore.headPosition();
      await expect.poll(() => forwarder.position(), { timeout: 5_000 }).toBe(head);
      expect(writes).toBeLessThanOrEqual(1);
      // with nothing more to publish, the stored position reaches it
      await expect.poll(stored, { timeout: 5_000, interval: 20 }).toBe(head);
      await appendSome(3);
      await expect.poll(() => forwarder.position(), { timeout: 5_000 }).toBe(head + 3);
      await forwarder.stop();
      expect(await stored()).toBe(head + 3);
      await bus.flush();
      expect(received).toEqual((await eventStore.readAll()).map((e) => e.id));
      await bus.close();
    });
  });
});
