import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer, type AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createEmbeddedDocumentStore, createSqliteEventStore, type DocumentStore, type EventStore } from '@stramien/infra';
import { applyBatch, createProjectionRunner, HELD_BATCH_SLICE, toEnvelope, type ProjectionRunner } from './projectionRunner';
import { usersProjection, type UserDoc } from '../identity/users';
import type { Projection, StoreProjection } from './projection';
import type { EventEnvelope } from '@stramien/domain';
import { turnsWhile } from '../testing/projectionHarness';

let dir: string;
let eventStore: EventStore;
let documentStore: DocumentStore;
let runner: ProjectionRunner;

const meta = { userId: 'system', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' };
const register = (userId: string, email: string) => ({
  id: randomUUID(),
  type: 'UserRegistered',
  data: { userId, email, firstname: 'A', lastname: 'B', language: 'en', passwordHash: 'h', isSystemAdmin: false },
  metadata: meta,
});
const rename = (userId: string, firstname: string) => ({
  id: randomUUID(),
  type: 'UserProfileUpdated',
  data: { userId, firstname },
  metadata: meta,
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'runner-'));
  eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  documentStore = createEmbeddedDocumentStore({ file: join(dir, 'docs.sqlite') });
  runner = createProjectionRunner({ eventStore, documentStore, projections: [usersProjection as unknown as Projection], batchSize: 3 });
});
afterEach(async () => {
  await runner.stop();
  await eventStore.close();
  await documentStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ProjectionRunner', () => {
  it('catches up from the log, then follows live appends', async () => {
    for (let i = 0; i < 10; i++) await eventStore.append(`user-u${i}`, [register(`u${i}`, `u${i}@x.nl`)], 'no_stream');
    await runner.start();
    expect(await runner.waitForPosition(10, 5000)).toBe(true);
    expect(await documentStore.collection('users').count()).toBe(10);
    const { position } = await eventStore.append('user-u3', [rename('u3', 'Zed')], 0);
    expect(await runner.waitForPosition(position, 5000)).toBe(true);
    expect((await documentStore.collection<UserDoc>('users').findOne({ _id: 'u3' }))?.name).toBe('Zed B');
  });

  it("applies a document projection's batch in slices with turns of the event loop between them, ending as at once", async () => {
    for (let i = 0; i < 30; i++) await eventStore.append(`user-u${i}`, [register(`u${i}`, `u${i}@x.nl`)], 'no_stream');
    for (let i = 0; i < 30; i += 3) await eventStore.append(`user-u${i}`, [rename(`u${i}`, `N${i}`)], 0);
    const events = (await eventStore.readAll()).map(toEnvelope);
    const once = createEmbeddedDocumentStore({ file: ':memory:' });
    const apply = (store: DocumentStore, slice?: number) =>
      applyBatch(usersProjection as unknown as Projection, store.collection('users'), events, store, slice ? { slice } : undefined);
    expect(await turnsWhile(apply(once))).toBe(0);
    // 40 events evolved in runs of 10 · 3, 30 documents written in slices of 3
    expect(await turnsWhile(apply(documentStore, 3))).toBeGreaterThanOrEqual(30 / 3);
    const all = (store: DocumentStore) => store.collection('users').find({}, { sort: { _id: 1 } });
    expect(await all(documentStore)).toEqual(await all(once));
    expect((await documentStore.collection<UserDoc>('users').findOne({ _id: 'u3' }))?.name).toBe('N3 B');
    await once.close();
  });

  it("writes each slice after the appends of the turn's requests were answered, and before the next are read", async () => {
    for (let i = 0; i < 30; i++) await eventStore.append(`user-u${i}`, [register(`u${i}`, `u${i}@x.nl`)], 'no_stream');
    for (let i = 0; i < 30; i += 3) await eventStore.append(`user-u${i}`, [rename(`u${i}`, `N${i}`)], 0);
    const events = (await eventStore.readAll()).map(toEnvelope);
    // a client and a server on loopback, in turns as HTTP requests come: each request the server reads appends, the
    // answer goes back once the append is (its group commit in the check phase), and the client asks again at once
    // (an event store in memory: no fsync, which a slow disk would send to the thread pool, answering in a poll phase)
    const requestLog = createSqliteEventStore({ file: ':memory:' });
    let unanswered = 0;
    let requests = 0;
    let stopped = false;
    const server = createServer((socket) =>
      socket
        .on('error', () => {})
        .on('data', () => {
          unanswered++;
          requests++;
          void requestLog
            .append(`ping-${randomUUID()}`, [{ id: randomUUID(), type: 'Ping', data: {}, metadata: meta }], 'no_stream')
            .then(() => {
              unanswered--;
              if (!stopped) socket.write('a');
            });
        }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    client.on('data', () => {
      if (!stopped) client.write('q');
    });
    await new Promise((resolve) => client.once('connect', resolve));
    client.write('q');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // what each slice's write finds: requests read whose appends are not answered yet
    const users = documentStore.collection('users');
    const atWrites: number[] = [];
    const watched = new Proxy(users, {
      get: (target, key) =>
        key === 'bulkWrite'
          ? (...args: Parameters<typeof users.bulkWrite>) => {
              atWrites.push(unanswered);
              return target.bulkWrite(...args);
            }
          : (Reflect.get(target, key) as unknown),
    });
    const before = requests;
    await applyBatch(usersProjection as unknown as Projection, watched, events, documentStore, { slice: 1 });
    const during = requests - before;
    stopped = true;
    client.end();
    await new Promise((resolve) => server.close(resolve));
    await requestLog.close();
    expect(atWrites).toHaveLength(30);
    // the requests went on between the slices
    expect(during).toBeGreaterThanOrEqual(15);
    expect(atWrites.filter((n) => n > 0)).toEqual([]);
  });

  it('passes events of types it does not handle, so waits on their positions end', async () => {
    await runner.start();
    const { position } = await eventStore.append(
      'other-1',
      [{ id: randomUUID(), type: 'SomethingElse', data: {}, metadata: meta }],
      'no_stream',
    );
    expect(await runner.waitForPosition(position, 5000)).toBe(true);
  });

  it('resumes from its checkpoint after a restart without applying events twice', async () => {
    await eventStore.append('user-u1', [register('u1', 'u1@x.nl')], 'no_stream');
    await runner.start();
    await runner.waitForPosition(1, 5000);
    await runner.stop();
    await eventStore.append('user-u1', [rename('u1', 'Again')], 0);
    const second = createProjectionRunner({ eventStore, documentStore, projections: [usersProjection as unknown as Projection] });
    await second.start();
    expect(await second.waitForPosition(2, 5000)).toBe(true);
    const doc = await documentStore.collection<UserDoc & { _position: number }>('users').findOne({ _id: 'u1' });
    expect(doc).toMatchObject({ firstname: 'Again', _position: 2 });
    await second.stop();
  });

  it('rebuilds a read model from position 0 and swaps it in, reporting progress', async () => {
    for (let i = 0; i < 20; i++) await eventStore.append(`user-u${i}`, [register(`u${i}`, `u${i}@x.nl`)], 'no_stream');
    await runner.start();
    await runner.waitForPosition(20, 5000);
    await documentStore.collection('users').deleteMany({ _id: { $in: ['u1', 'u2'] } }); // a damaged read model
    const progress: number[] = [];
    const position = await runner.rebuild('users', (p) => progress.push(p));
    expect(position).toBe(20);
    expect(progress.at(-1)).toBe(20);
    expect(await documentStore.collection('users').count()).toBe(20);
    expect(await documentStore.listCollections()).not.toContain('users__rebuild');
    // still live after the swap
    const { position: next } = await eventStore.append('user-u1', [rename('u1', 'Live')], 0);
    expect(await runner.waitForPosition(next, 5000)).toBe(true);
    expect((await documentStore.collection<UserDoc>('users').findOne({ _id: 'u1' }))?.firstname).toBe('Live');
  });

  it('retries a batch a projection failed on, without losing or applying twice any event', async () => {
    const applied: number[] = [];
    let failures = 0;
    const flaky: StoreProjection = {
      name: 'flaky',
      collection: 'flaky',
      eventTypes: ['UserRegistered', 'UserProfileUpdated'],
      async applyEvents(_store, events: EventEnvelope[]) {
        if (failures === 0 && events.length > 0) {
          failures++;
          throw new Error('read model unavailable');
        }
        applied.push(...events.map((e) => e.position));
      },
    };
    const errors: unknown[] = [];
    const failing = createProjectionRunner({
      eventStore,
      documentStore,
      projections: [usersProjection as unknown as Projection, flaky],
      onError: (_name, error) => errors.push(error),
    });
    try {
      for (let i = 0; i < 5; i++) await eventStore.append(`user-u${i}`, [register(`u${i}`, `u${i}@x.nl`)], 'no_stream');
      await eventStore.append('user-u1', [rename('u1', 'Zed')], 0);
      await failing.start();
      expect(await failing.waitForPosition(6, 10_000)).toBe(true);
      expect(errors).toHaveLength(1);
      expect(applied).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await documentStore.collection('users').count()).toBe(5);
      expect(await documentStore.collection<UserDoc & { _position: number }>('users').findOne({ _id: 'u1' })).toMatchObject({
        firstname: 'Zed',
        _position: 6,
      });
      expect(await failing.readCheckpoint('flaky')).toBe(6);
      expect(await failing.readCheckpoint('users')).toBe(6);
    } finally {
      await failing.stop();
    }
  });

  describe('holding events for larger batches (coalesce; docs/performance.md 46.)', () => {
    /** the type held; UserProfileUpdated is not */
    const HELD = ['UserRegistered'];
    /** a projection that records the positions of each batch it is given, when the batch began, and its slice */
    const recorder = () => {
      const batches: Array<{ positions: number[]; at: number; slice: number | undefined }> = [];
      const projection: StoreProjection = {
        name: 'recorder',
        collection: 'recorder',
        eventTypes: ['UserRegistered', 'UserProfileUpdated'],
        async applyEvents(_store, events: EventEnvelope[], options) {
          if (events.length > 0) batches.push({ positions: events.map((e) => e.position), at: performance.now(), slice: options?.slice });
        },
      };
      return { batches, projection };
    };
    /** polls the runner's position without waiting for it (a wait would start a held batch) */
    const reached = async (held: ProjectionRunner, position: number, ms: number): Promise<boolean> => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        if (held.position() >= position) return true;
        await new Promise((r) => setTimeout(r, 10));
      }
      return held.position() >= position;
    };

    /** a runner that holds UserRegistered for `ms`, started, with u0 projected and u1 held */
    const withOneHeld = async (ms: number) => {
      const { batches, projection } = recorder();
      const held = createProjectionRunner({ eventStore, documentStore, projections: [projection], coalesce: { ms, eventTypes: HELD } });
      await held.start();
      await eventStore.append('user-u0', [register('u0', 'u0@x.nl')], 'no_stream');
      expect(await reached(held, 1, 1_000)).toBe(true);
      await eventStore.append('user-u1', [register('u1', 'u1@x.nl')], 'no_stream');
      // held: nobody waits, and the last batch began less than `ms` ago
      expect(await reached(held, 2, 300)).toBe(false);
      return { held, batches };
    };

    it('takes the first events after a quiet spell at once, holds those that follow, and takes them in one batch', async () => {
      const { held, batches } = await withOneHeld(1_500);
      try {
        for (let i = 2; i <= 3; i++) await eventStore.append(`user-u${i}`, [register(`u${i}`, `u${i}@x.nl`)], 'no_stream');
        expect(held.position()).toBe(1);
        expect(await reached(held, 4, 5_000)).toBe(true);
        expect(batches.map((b) => b.positions)).toEqual([[1], [2, 3, 4]]);
        expect(batches[1]!.at - batches[0]!.at).toBeGreaterThanOrEqual(1_450);
        // batches of held types only are written in slices (docs/performance.md 47.)
        expect(batches.map((b) => b.slice)).toEqual([HELD_BATCH_SLICE, HELD_BATCH_SLICE]);
      } finally {
        await held.stop();
      }
    });

    it('starts a held batch as soon as somebody waits for a position', async () => {
      const { held, batches } = await withOneHeld(60_000);
      try {
        // a wait ends long before the minute the batch would be held for
        expect(await held.waitForPosition(2, 10_000)).toBe(true);
        // while somebody waits, what is read goes at once
        const waiting = held.waitForPosition(4, 10_000);
        await eventStore.append('user-u2', [register('u2', 'u2@x.nl')], 'no_stream');
        await eventStore.append('user-u3', [register('u3', 'u3@x.nl')], 'no_stream');
        expect(await waiting).toBe(true);
        expect(batches.flatMap((b) => b.positions)).toEqual([1, 2, 3, 4]);
      } finally {
        await held.stop();
      }
    });

    it('starts a held batch as soon as an event of a type it does not hold comes in', async () => {
      const { held, batches } = await withOneHeld(60_000);
      try {
        await eventStore.append('user-u1', [rename('u1', 'Zed')], 0);
        expect(await reached(held, 3, 5_000)).toBe(true);
        expect(batches.map((b) => b.positions)).toEqual([[1], [2, 3]]);
        // a batch with an event of another type is written as the projection likes
        expect(batches.map((b) => b.slice)).toEqual([HELD_BATCH_SLICE, undefined]);
      } finally {
        await held.stop();
      }
    });

    it('takes the held events when it stops', async () => {
      const { held, batches } = await withOneHeld(60_000);
      await held.stop();
      expect(batches.flatMap((b) => b.positions)).toEqual([1, 2]);
      expect(await held.readCheckpoint('recorder')).toBe(2);
    });
  });

  it('refuses to rebuild an unknown projection', async () => {
    await expect(runner.rebuild('nope')).rejects.toThrow(/Unknown projection nope/);
  });
});
