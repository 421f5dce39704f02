import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@stramien/domain';
import {
  createEmbeddedDocumentStore,
  createInProcessBus,
  createNatsBus,
  createSqliteEventStore,
  type Bus,
  type BusMessage,
  type Doc,
  type DocumentStore,
  type EventStore,
} from '@stramien/infra';
import { startNatsServer, type NatsServerHandle } from '@stramien/infra/testing/index';
import {
  allProjections,
  applyBatch,
  CHECKPOINTS_COLLECTION,
  createForwarder,
  eventSubject,
  FORWARDER_CHECKPOINT,
  toEnvelope,
} from '@stramien/projections';
import { createNotifier, NOTIFICATIONS_COLLECTION, PUSH_PATTERN, type PushMessage } from '@stramien/notifier';
import { appendPlan, createRandom, generateDomainEvents } from './support/domainEvents';
import { atLeastOnceDeliveries, randomBatches } from './support/delivery';

const seed = Number(process.env.RELIABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));
let dir: string;
let stores = 0;
const openDocumentStore = (): DocumentStore => createEmbeddedDocumentStore({ file: join(dir, `documents-${++stores}.sqlite`) });

/** events appended to a real SQLite store and read back, so positions and revisions are the store's own */
const recordedEvents = async (options: { total: number; users: number; licences: number; seed: number }): Promise<EventEnvelope[]> => {
  const eventStore = createSqliteEventStore({ file: join(dir, `events-${options.seed}-${options.total}.sqlite`) });
  try {
    await appendPlan(eventStore, generateDomainEvents(options));
    return (await eventStore.readAll()).map(toEnvelope);
  } finally {
    await eventStore.close();
  }
};

const readModels = async (store: DocumentStore): Promise<Record<string, Doc[]>> => {
  const out: Record<string, Doc[]> = {};
  for (const p of allProjections) out[p.collection] = await store.collection(p.collection).find({}, { sort: { _id: 1 } });
  return out;
};

/** deliveries of an event after a later event of the same stream was already delivered */
const staleRedeliveries = (deliveries: EventEnvelope[]): number => {
  const newest = new Map<string, number>();
  let stale = 0;
  for (const e of deliveries) {
    const seen = newest.get(e.streamId) ?? -1;
    if (e.revision < seen) stale++;
    else newest.set(e.streamId, e.revision);
  }
  return stale;
};

const applyAll = async (store: DocumentStore, batches: EventEnvelope[][]) => {
  for (const batch of batches) for (const p of allProjections) await applyBatch(p, store.collection(p.collection), batch, store);
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-at-least-once-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Projections', () => {
  describe('when each event is delivered one to three times, streams interleaved, in varied batches', () => {
    it('build read models identical to a single in-order delivery, positions included', async () => {
      const events = await recordedEvents({ total: 4_000, users: 150, licences: 6, seed });
      const reference = openDocumentStore();
      await applyAll(reference, randomBatches(events, createRandom(seed), 500));
      const expected = await readModels(reference);
      await reference.close();
      expect(expected.users!.length).toBeGreaterThan(100);
      expect(expected.sessions!.length).toBeGreaterThan(100);
      expect(expected.licences).toHaveLength(6);

      for (let run = 0; run < 4; run++) {
        const runSeed = seed + run + 1;
        const random = createRandom(runSeed);
        const deliveries = atLeastOnceDeliveries(events, random);
        expect(deliveries.length).toBeGreaterThan(events.length * 1.5);
        // the case the position guard exists for: a copy arriving after a later event of its own stream
        expect(staleRedeliveries(deliveries)).toBeGreaterThan(100);
        const store = openDocumentStore();
        // batch boundaries from single events up to large catch-up batches
        await applyAll(store, randomBatches(deliveries, random, [1, 7, 60, 700][run]!));
        expect(await readModels(store), `seed ${runSeed}`).toEqual(expected);
        await store.close();
      }
    });
  });
});

describe('Notifier', () => {
  describe('when sign-in events are handled one to three times, some concurrently', () => {
    it('stores and pushes exactly one notification per event and recipient', async () => {
      const events = await recordedEvents({ total: 1_500, users: 40, licences: 2, seed: seed + 100 });
      const signIns = events.filter((e) => e.type === 'UserSignedIn');
      const notifying = signIns.filter((e) => (e.data as { newDevice: boolean }).newDevice);
      expect(notifying.length).toBeGreaterThan(20);
      expect(notifying.length).toBeLessThan(signIns.length);

      const bus = createInProcessBus();
      const pushes: PushMessage[] = [];
      await bus.subscribe<PushMessage>(PUSH_PATTERN, (m) => void pushes.push(m.data));
      const documentStore = openDocumentStore();
      const errors: unknown[] = [];
      const notifier = createNotifier({ bus, documentStore, onError: (e) => errors.push(e) });
      const random = createRandom(seed + 101);
      const deliveries = atLeastOnceDeliveries(events, random);
      expect(deliveries.filter((e) => notifying.includes(e)).length).toBeGreaterThan(notifying.length * 1.5);
      // up to four deliveries in flight at once: a duplicate may be handled while its first copy is
      for (const group of randomBatches(deliveries, random, 4)) await Promise.all(group.map((e) => notifier.handle(e)));
      await bus.flush();

      const expectedIds = notifying.map((e) => `${e.id}:${(e.data as { userId: string }).userId}`).sort();
      const stored = await documentStore.collection(NOTIFICATIONS_COLLECTION).find({}, { sort: { _id: 1 } });
      expect(stored.map((d) => d._id)).toEqual(expectedIds);
      expect(pushes.map((p) => p.notification.id).sort()).toEqual(expectedIds);
      for (const push of pushes) expect(push.notification.id.endsWith(`:${push.userId}`)).toBe(true);
      expect(errors).toEqual([]);
      await bus.close();
      await documentStore.close();
    });
  });
});

/** the forwarder re-publishing from an old checkpoint on one bus; subscribers must see each event once */
const forwarderScenario = async (bus: Bus, label: string) => {
  const eventStore: EventStore = createSqliteEventStore({ file: join(dir, `forwarder-${label}.sqlite`) });
  const documentStore = openDocumentStore();
  const seen = new Map<string, number>();
  const mismatches: string[] = [];
  const sentinels = new Set<string>();
  await bus.subscribe<EventEnvelope>('stramien.>', (m: BusMessage<EventEnvelope>) => {
    if (m.subject.endsWith('.Sentinel')) return void sentinels.add(m.id ?? '');
    seen.set(m.data.id, (seen.get(m.data.id) ?? 0) + 1);
    if (m.id !== m.data.id || m.subject !== eventSubject(m.data)) mismatches.push(`${m.subject} ${m.id} ${m.data.id}`);
  });
  const pushes: PushMessage[] = [];
  await bus.subscribe<PushMessage>(PUSH_PATTERN, (m) => void pushes.push(m.data));
  const notifier = createNotifier({ bus, documentStore });
  await notifier.start();
  const errors: unknown[] = [];

  // counts what the forwarder hands to the bus, to show that it did re-publish
  let published = 0;
  const countingBus: Bus = {
    publish: (subject, data, options) => {
      published++;
      return bus.publish(subject, data, options);
    },
    subscribe: (pattern, handler, options) => bus.subscribe(pattern, handler, options),
    durable: (pattern, handler, options) => bus.durable(pattern, handler, options),
    flush: () => bus.flush(),
    close: () => bus.close(),
  };
  const runForwarderToHead = async () => {
    const forwarder = createForwarder({
      eventStore,
      documentStore,
      bus: countingBus,
      checkpointEveryMs: 0,
      onError: (e) => errors.push(e),
    });
    await forwarder.start();
    const head = await eventStore.headPosition();
    await expect.poll(() => forwarder.position(), { timeout: 30_000, interval: 20 }).toBe(head);
    await forwarder.stop();
  };
  /** once a message published after everything else arrived, any duplicate published before it would have too */
  const settle = async () => {
    const id = randomUUID();
    await bus.publish('stramien.system.reliability.Sentinel', { sentinel: true }, { id });
    await expect.poll(() => sentinels.has(id), { timeout: 10_000, interval: 20 }).toBe(true);
    await bus.flush();
  };

  await appendPlan(eventStore, generateDomainEvents({ total: 1_200, users: 30, licences: 2, seed: seed + 200 }));
  await runForwarderToHead();
  const firstHead = await eventStore.headPosition();
  await appendPlan(eventStore, generateDomainEvents({ total: 600, users: 20, licences: 1, seed: seed + 201 }));
  // restart from an old checkpoint, as after a crash that lost the last checkpoints
  const checkpoints = documentStore.collection<Doc & { position: number }>(CHECKPOINTS_COLLECTION);
  await checkpoints.replaceOne(
    { _id: FORWARDER_CHECKPOINT },
    { _id: FORWARDER_CHECKPOINT, position: Math.floor(firstHead / 3) },
    { upsert: true },
  );
  await runForwarderToHead();
  // and once more from the very beginning
  await checkpoints.replaceOne({ _id: FORWARDER_CHECKPOINT }, { _id: FORWARDER_CHECKPOINT, position: 0 }, { upsert: true });
  await runForwarderToHead();
  await settle();

  const all = (await eventStore.readAll()).map(toEnvelope);
  expect(errors).toEqual([]);
  expect(mismatches).toEqual([]);
  expect([...seen.keys()].sort()).toEqual(all.map((e) => e.id).sort());
  expect([...seen.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  expect(published).toBeGreaterThan(all.length * 1.5);

  const notifying = all.filter((e) => e.type === 'UserSignedIn' && (e.data as { newDevice: boolean }).newDevice);
  expect(notifying.length).toBeGreaterThan(0);
  await expect.poll(() => pushes.length, { timeout: 10_000 }).toBe(notifying.length);
  await settle();
  const stored = await documentStore.collection(NOTIFICATIONS_COLLECTION).count();
  expect(stored).toBe(notifying.length);
  expect(new Set(pushes.map((p) => p.notification.id)).size).toBe(pushes.length);
  expect(pushes).toHaveLength(notifying.length);

  await notifier.stop();
  await eventStore.close();
  await documentStore.close();
};

describe('Forwarder', () => {
  describe('when restarted from an old checkpoint on the in-process bus', () => {
    it('has subscribers and the notifier see each event id once', async () => {
      const bus = createInProcessBus();
      await forwarderScenario(bus, 'in-process');
      await bus.close();
    });
  });

  describe('when restarted from an old checkpoint on a real NATS bus', () => {
    let nats: NatsServerHandle;
    beforeAll(async () => {
      nats = await startNatsServer();
    });
    afterAll(async () => {
      await nats?.stop();
    });

    it('has subscribers and the notifier see each event id once (JetStream drops the duplicates)', async () => {
      const bus = await createNatsBus({ servers: nats.url });
      await forwarderScenario(bus, 'nats');
      await bus.close();
    });
  });
});
