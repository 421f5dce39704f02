import { randomUUID } from 'node:crypto';
import { connect, nanos } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '../testing/natsServer';
import type { BusMessage } from './bus';
import { describeBusContract } from './bus.contract';
import { createNatsBus } from './natsBus';

let nats: NatsServerHandle;

beforeAll(async () => {
  nats = await startNatsServer();
});

afterAll(async () => {
  await nats?.stop();
});

describeBusContract('NatsBus', async () => {
  const bus = await createNatsBus({ servers: nats.url, redeliveryBackoff: { initialMs: 20, maxMs: 100 } });
  return { bus, cleanup: () => bus.close() };
});

describe('NatsBus', () => {
  describe('when two connections publish the same id', () => {
    it('delivers it once to a subscriber on a third connection', async () => {
      const [publisherA, publisherB, subscriber] = await Promise.all([1, 2, 3].map(() => createNatsBus({ servers: nats.url })));
      const received: BusMessage[] = [];
      await subscriber!.subscribe('stramien.dup.>', (message) => void received.push(message));
      const id = randomUUID();
      await publisherA!.publish('stramien.dup.task.TaskCreated', { from: 'a' }, { id });
      await publisherB!.publish('stramien.dup.task.TaskCreated', { from: 'b' }, { id });
      await publisherA!.publish('stramien.dup.task.TaskClosed', { from: 'a' }, { id: randomUUID() });
      // the last message is distinct: once it arrived, the duplicate (published before it) would have too
      await expect.poll(() => received.length).toBe(2);
      await subscriber!.flush();
      expect(received.map((message) => message.data)).toEqual([{ from: 'a' }, { from: 'a' }]);
      await Promise.all([publisherA, publisherB, subscriber].map((bus) => bus!.close()));
    });
  });

  describe('when publishing to a stramien subject', () => {
    it('keeps the message in the STRAMIEN stream with its id', async () => {
      const bus = await createNatsBus({ servers: nats.url });
      const id = randomUUID();
      await bus.publish('stramien.kept.task.TaskCreated', { kept: true }, { id });
      const jsm = await bus.connection.jetstreamManager();
      const stored = await jsm.streams.getMessage('STRAMIEN', { last_by_subj: 'stramien.kept.task.TaskCreated' });
      expect(stored.header.get('Nats-Msg-Id')).toBe(id);
      expect(stored.json()).toEqual({ kept: true });
      await bus.close();
    });
  });

  describe('when publishing with an id to a subject the stream does not capture', () => {
    it('refuses, since nothing could drop a duplicate', async () => {
      const bus = await createNatsBus({ servers: nats.url });
      await expect(bus.publish('elsewhere.a', 1, { id: randomUUID() })).rejects.toThrow(/does not capture/);
      await bus.close();
    });
  });

  describe('when the stream exists with more subjects and a shorter duplicate window', () => {
    it('widens the window and keeps the subjects it had', async () => {
      const nc = await connect({ servers: nats.url });
      const jsm = await nc.jetstreamManager();
      const republish = { src: 'older.>', dest: 'bus.older.>' };
      await jsm.streams.add({ name: 'OLDER', subjects: ['older.>', 'legacy.>'], duplicate_window: nanos(10_000), republish });
      const bus = await createNatsBus({ servers: nats.url, stream: 'OLDER', streamSubjects: 'older.>' });
      const { config } = await jsm.streams.info('OLDER');
      expect(config.subjects).toEqual(['older.>', 'legacy.>']);
      expect(config.duplicate_window).toBe(nanos(120_000));
      const received: BusMessage[] = [];
      await bus.subscribe('older.>', (message) => void received.push(message));
      const id = randomUUID();
      await bus.publish('older.x', 1, { id });
      await bus.publish('older.x', 1, { id });
      await bus.flush();
      expect(received).toEqual([{ subject: 'older.x', data: 1, id }]);
      await bus.close();
      await nc.close();
    });
  });

  describe('when the stream exists without republishing', () => {
    it('adds the rule, or where the server cannot (before 2.10) refuses with an explanation', async () => {
      const nc = await connect({ servers: nats.url });
      const jsm = await nc.jetstreamManager();
      await jsm.streams.add({ name: 'PLAIN', subjects: ['plain.>'], duplicate_window: nanos(120_000) });
      const creating = createNatsBus({ servers: nats.url, stream: 'PLAIN', streamSubjects: 'plain.>' });
      const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
      if (major === 2 && minor < 10) {
        await expect(creating).rejects.toThrow(/PLAIN exists without republishing plain\.> to bus\.plain\.>/);
      } else {
        await (await creating).close();
        expect((await jsm.streams.info('PLAIN')).config.republish).toEqual({ src: 'plain.>', dest: 'bus.plain.>' });
      }
      await nc.close();
    });
  });

  describe('when the server is not reachable', () => {
    it('fails to connect', async () => {
      await expect(createNatsBus({ servers: 'nats://127.0.0.1:1' })).rejects.toThrow();
    });
  });
});
