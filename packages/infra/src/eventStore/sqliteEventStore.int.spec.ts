import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeEventStoreContract } from './eventStore.contract';
import { JsonText, WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from './eventStore';
import { createSqliteEventStore, type SqliteEventStoreOptions } from './sqliteEventStore';

const newEvent = (type: string, data: unknown = {}): NewEvent => ({ id: randomUUID(), type, data, metadata: {} });

const withTimeout = <T>(promise: Promise<T>, what: string, ms = 15_000): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
};

describeEventStoreContract('SqliteEventStore', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stramien-es-'));
  const store = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  return {
    store,
    async cleanup() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeEventStoreContract('SqliteEventStore in memory', async () => {
  const store = createSqliteEventStore({ file: ':memory:' });
  return { store, cleanup: () => store.close() };
});

describe('SqliteEventStore', () => {
  let dir: string;
  let file: string;
  const stores: EventStore[] = [];
  const open = (options: Partial<SqliteEventStoreOptions> = {}): EventStore => {
    const store = createSqliteEventStore({ file, pollIntervalMs: 50, ...options });
    stores.push(store);
    return store;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stramien-es-'));
    file = join(dir, 'events.sqlite');
  });

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when the file is closed and opened again', () => {
    it('keeps the events, their revisions and their positions, and goes on numbering after them', async () => {
      const first = open();
      await first.append('task-1', [newEvent('TaskCreated', { title: 'a' }), newEvent('TaskRenamed', { title: 'b' })], 'no_stream');
      await first.append('project-1', [newEvent('ProjectCreated')], 'no_stream');
      const before = await first.readAll();
      await first.close();

      const reopened = open();
      expect(await reopened.readAll()).toEqual(before);
      expect(await reopened.headPosition()).toBe(before[2]?.position);
      const next = await reopened.append('task-1', [newEvent('TaskClosed')], 1);
      expect(next.nextExpectedRevision).toBe(2);
      expect(next.position).toBeGreaterThan(before[2]?.position ?? Infinity);
    });
  });

  describe('appendNewStreams', () => {
    it('writes a call atomically: an event id stored in another stream fails all of it, and the appends beside it go on', async () => {
      const store = open();
      const taken = newEvent('Taken');
      await store.append('task-0', [taken], 'no_stream');

      const beside = store.append('task-9', [newEvent('TaskCreated')], 'no_stream');
      const call = store.appendNewStreams([
        { streamId: 'record-1', events: [newEvent('RecordCreated')] },
        { streamId: 'record-2', events: [{ ...newEvent('RecordCreated'), id: taken.id }] },
        { streamId: 'record-3', events: [newEvent('RecordCreated')] },
      ]);

      await expect(call).rejects.toThrow(`Event id ${taken.id} is already stored in stream task-0`);
      await beside;
      expect((await store.readAll()).map((event) => event.streamId)).toEqual(['task-0', 'task-9']);
      expect(await store.readStream('record-1')).toEqual([]);
    });

    it('stores a JsonText as its text, unchanged, and an id stored in another stream still fails the call', async () => {
      const file = join(dir, 'json-text.sqlite');
      const store = createSqliteEventStore({ file });
      const text = '{"recordId":"r-1","values":{"b":1.5,"a":"x"}}';
      const first = newEvent('RecordCreated');
      await store.appendNewStreams([{ streamId: 'record-1', events: [{ ...first, data: new JsonText(text) }] }]);
      // the id of record-1's event for a new stream: the first event's insert is refused by the unique id index
      await expect(
        store.appendNewStreams([{ streamId: 'record-2', events: [{ ...newEvent('RecordCreated'), id: first.id }] }]),
      ).rejects.toThrow(`Event id ${first.id} is already stored in stream record-1`);
      await store.close();
      const db = new Database(file, { readonly: true });
      expect(db.prepare('SELECT stream_id, revision, data FROM events').all()).toEqual([
        { stream_id: 'record-1', revision: 0, data: text },
      ]);
      db.close();
    });

    it('shares the group commit with the appends of the same turn, in the order they were made', async () => {
      const store = open();
      const [a, many, b] = await Promise.all([
        store.append('task-1', [newEvent('TaskCreated')], 'no_stream'),
        store.appendNewStreams([
          { streamId: 'record-1', events: [newEvent('RecordCreated')] },
          { streamId: 'record-2', events: [newEvent('RecordCreated')] },
        ]),
        store.append('task-2', [newEvent('TaskCreated')], 'no_stream'),
      ]);
      expect([a.position, many[0]?.position, many[1]?.position, b.position]).toEqual([1, 2, 3, 4]);
      expect(await store.headPosition()).toBe(4);
    });
  });

  describe('when the store is empty', () => {
    it('has head position 0 and reads nothing', async () => {
      const store = open();
      expect(await store.headPosition()).toBe(0);
      expect(await store.readAll()).toEqual([]);
    });
  });

  describe('when another store instance appends to the same file', () => {
    it('delivers those events to a live subscription by polling', async () => {
      const reader = open();
      const writer = open();
      const subscription = reader.subscribe();
      const iterator = subscription[Symbol.asyncIterator]();
      const appended = [newEvent('A'), newEvent('B')];

      const next = iterator.next();
      await writer.append('other-1', appended, 'no_stream');

      const received: RecordedEvent[] = [(await withTimeout(next, 'the first delivery')).value as RecordedEvent];
      received.push((await withTimeout(iterator.next(), 'the second delivery')).value as RecordedEvent);
      expect(received.map((event) => event.id)).toEqual(appended.map((event) => event.id));
      await subscription.close();
    });

    it('checks the expected revision against what the other instance wrote', async () => {
      const one = open();
      const two = open();
      await one.append('task-1', [newEvent('TaskCreated')], 'no_stream');
      await expect(two.append('task-1', [newEvent('TaskCreated')], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await two.append('task-1', [newEvent('TaskClosed')], 0)).toMatchObject({ nextExpectedRevision: 1 });
    });
  });

  describe('when a reader of batches catches up', () => {
    it('reads pages of its batch size, not of the subscription page size (fewer batches while replaying)', async () => {
      const store = createSqliteEventStore({ file, subscriptionPageSize: 100 });
      stores.push(store);
      await store.append(
        'catchup-1',
        Array.from({ length: 1_200 }, () => newEvent('Counted')),
        'no_stream',
      );
      const subscription = store.subscribe({ after: 0 });
      const sizes: number[] = [];
      for await (const batch of subscription.batches(1_000)) {
        sizes.push(batch.length);
        if (sizes.reduce((a, b) => a + b, 0) >= 1_200) break;
      }
      await subscription.close();
      expect(sizes).toEqual([1_000, 200]);
    });
  });

  describe('when it reads the events it has just committed (kept in memory for readAll and subscriptions)', () => {
    const many = (n: number, type = 'Many') => Array.from({ length: n }, (_, i) => newEvent(type, { i }));

    it('keeps none of a refused appendNewStreams call, while an append of the same group is kept', async () => {
      const store = open();
      const stored = newEvent('Stored');
      await store.append('kept-1', [stored], 'no_stream');
      const beside = store.append('kept-2', [newEvent('Beside')], 'no_stream');
      const refused = store.appendNewStreams([
        { streamId: 'lost-1', events: [newEvent('Lost')] },
        { streamId: 'lost-2', events: [{ ...stored }] },
      ]);
      await expect(refused).rejects.toThrow(/already stored in stream kept-1/);
      await beside;
      const types = (events: RecordedEvent[]) => events.map((e) => e.type);
      expect(types(await store.readAll())).toEqual(['Stored', 'Beside']);
      expect(types(await open().readAll())).toEqual(['Stored', 'Beside']);
      expect(await store.readStream('lost-1')).toEqual([]);
    });

    it('answers every page as a connection reading the file does', async () => {
      const store = open();
      // one group: a refused append in the middle writes nothing
      await Promise.allSettled([
        store.append('task-1', many(3), 'no_stream'),
        store.append('task-2', [newEvent('A')], 'no_stream'),
        store.append('task-1', [newEvent('Stale')], 'no_stream'),
      ]);
      await store.append('project-1', many(5), 'no_stream');
      await Promise.all([store.append('task-3', many(2), 'no_stream'), store.append('task-2', [newEvent('B')], 0)]);
      const reader = open();
      const all = await reader.readAll();
      expect(all).toHaveLength(12);
      for (let after = -1; after <= 13; after++)
        for (const maxCount of [undefined, 0, 1, 3, 100])
          expect(await store.readAll({ after, maxCount })).toEqual(await reader.readAll({ after, maxCount }));
      expect(await store.readAll({ after: 2, filter: { categories: ['task'] } })).toEqual(
        all.filter((e) => e.position > 2 && e.streamId.startsWith('task-')),
      );
      const live = store.subscribe({ after: 4 })[Symbol.asyncIterator]();
      expect((await withTimeout(live.next(), 'the first event')).value).toEqual(all[4]);
      await live.return?.();
    });

    it('reads what another connection committed after its own events', async () => {
      const one = open();
      const two = open();
      const first = await one.append('task-1', [newEvent('A')], 'no_stream');
      const other = await two.append('task-2', [newEvent('B')], 'no_stream');
      expect((await one.readAll({ after: first.position })).map((e) => e.position)).toEqual([other.position]);
      const live = one.subscribe({ after: first.position })[Symbol.asyncIterator]();
      expect((await withTimeout(live.next(), 'the other connection event')).value).toMatchObject({ streamId: 'task-2' });
      await live.return?.();
      const again = await one.append('task-1', [newEvent('C')], 0);
      expect((await one.readAll({ after: first.position })).map((e) => e.position)).toEqual([other.position, again.position]);
      expect(await one.readAll()).toEqual(await two.readAll());
    });

    it('hands a filtered subscription the matching events as a connection reading the file does', async () => {
      const store = open();
      const byCategory = store.subscribe({ after: 0, filter: { categories: ['task'] } })[Symbol.asyncIterator]();
      const byType = store.subscribe({ after: 0, filter: { categories: ['project', 'task'], eventTypes: ['B'] } })[Symbol.asyncIterator]();
      await store.append('project-1', many(3), 'no_stream');
      await Promise.all([store.append('task-1', [newEvent('A')], 'no_stream'), store.append('project-2', [newEvent('B')], 'no_stream')]);
      await store.append('task-2', [newEvent('B'), newEvent('C')], 'no_stream');
      const reader = open();
      const tasks = await reader.readAll({ filter: { categories: ['task'] } });
      const bs = await reader.readAll({ filter: { eventTypes: ['B'] } });
      for (const expected of tasks) expect((await withTimeout(byCategory.next(), 'a task event')).value).toEqual(expected);
      for (const expected of bs) expect((await withTimeout(byType.next(), 'a B event')).value).toEqual(expected);
      // several wakes without a match, then one
      const nextTask = byCategory.next();
      const nextB = byType.next();
      for (let i = 0; i < 3; i++) await store.append(`project-${10 + i}`, many(2), 'no_stream');
      const late = await store.append('task-3', [newEvent('B')], 'no_stream');
      expect((await withTimeout(nextTask, 'the late task event')).value).toMatchObject({ streamId: 'task-3', position: late.position });
      expect((await withTimeout(nextB, 'the late B event')).value).toMatchObject({ streamId: 'task-3', position: late.position });
      await byCategory.return?.();
      await byType.return?.();
    });

    it('parses an event once for all live subscriptions, which share it read-only; readAll answers a copy of its own', async () => {
      const store = open();
      const all = store.subscribe({ after: 0 })[Symbol.asyncIterator]();
      const tasks = store.subscribe({ after: 0, filter: { categories: ['task'] } })[Symbol.asyncIterator]();
      await store.append('task-1', [newEvent('A', { nested: { n: 1 } })], 'no_stream');
      const seen = (await withTimeout(all.next(), 'the event')).value as RecordedEvent<string, { nested: { n: number } }>;
      expect((await withTimeout(tasks.next(), 'the event')).value).toBe(seen);
      // frozen in the test suite: a subscriber that changed the shared event would fail here
      expect(() => {
        seen.data.nested.n = 2;
      }).toThrow(TypeError);
      const [read] = await store.readAll();
      expect(read).toEqual(seen);
      expect(read).not.toBe(seen);
      expect(Object.isFrozen(read!.data)).toBe(false);
      await all.return?.();
      await tasks.return?.();
    });

    it("hands a read of a stream to its end that asks for shared events the subscriptions' objects", async () => {
      const store = open();
      await store.append('task-1', [newEvent('A', { n: 1 })], 'no_stream');
      // read to its end once: the stream's end is kept from now on, with the rows of the groups that append to it
      await store.readStream('task-1');
      const all = store.subscribe({ after: 1 })[Symbol.asyncIterator]();
      await store.append('task-1', [newEvent('B', { n: 2 })], 0);
      // read before the subscription has the event: parsed by this read, then shared with the subscription
      const [read] = await store.readStream('task-1', { fromRevision: 1, shared: true });
      const seen = (await withTimeout(all.next(), 'B')).value as RecordedEvent;
      expect(seen).toBe(read);
      expect(Object.isFrozen(seen.data)).toBe(true);
      expect((await store.readStream('task-1', { shared: true }))[1]).toBe(seen);
      // without it, copies of its own
      const [copy] = await store.readStream('task-1', { fromRevision: 1 });
      expect(copy).toEqual(seen);
      expect(copy).not.toBe(seen);
      expect(Object.isFrozen(copy!.data)).toBe(false);
      await all.return?.();
    });

    it('reads older events from the file once they have left memory', async () => {
      const store = open();
      await store.append('task-1', many(1_500), 'no_stream');
      await store.append('task-1', many(1_500), 1_499);
      const reader = open();
      for (const after of [0, 1_000, 1_900, 2_990])
        expect(await store.readAll({ after, maxCount: 500 })).toEqual(await reader.readAll({ after, maxCount: 500 }));
    });
  });

  describe("when a stream is read to its end (the streams' newest events kept in memory)", () => {
    const many = (n: number, type = 'Many') => Array.from({ length: n }, (_, i) => newEvent(type, { i }));
    const everyStart = async (store: EventStore, reader: EventStore, streamId: string, head: number) => {
      const starts = head < 20 ? Array.from({ length: head + 4 }, (_, i) => i - 1) : [-1, 0, 1, 1_000, head - 1, head, head + 1, head + 2];
      // the newest first: a read from an earlier revision reads SQLite and learns the stream's end again
      for (const fromRevision of starts.reverse())
        expect(await store.readStream(streamId, { fromRevision })).toEqual(await reader.readStream(streamId, { fromRevision }));
      expect(await store.readStream(streamId)).toEqual(await reader.readStream(streamId));
    };

    it('answers from every revision as a connection reading the file does', async () => {
      const store = open();
      // streams read before and after they are written, some events appended one by one, some in groups
      expect(await store.readStream('record-1', { fromRevision: 0 })).toEqual([]);
      await store.append('record-1', many(3), 'no_stream');
      expect(await store.readStream('record-1', { fromRevision: 3 })).toEqual([]);
      await Promise.all([store.append('record-2', many(2), 'no_stream'), store.append('record-1', [newEvent('Edited')], 2)]);
      for (let i = 0; i < 5; i++) await store.append('record-1', [newEvent('Edited', { i })], 3 + i);
      await store.appendNewStreams([{ streamId: 'record-3', events: many(2) }]);
      const reader = open();
      await everyStart(store, reader, 'record-1', 8);
      await everyStart(store, reader, 'record-2', 1);
      await everyStart(store, reader, 'record-3', 1);
      await everyStart(store, reader, 'record-4', -1);
      // once their events have left memory
      await store.append('table-1', many(2_500), 'no_stream');
      await store.append('record-1', [newEvent('Late')], 8);
      await everyStart(store, reader, 'record-1', 9);
      await everyStart(store, reader, 'record-2', 1);
      await everyStart(store, reader, 'table-1', 2_499);
    });

    it('checks an append against the kept end, an earlier append of the same group and another connection alike', async () => {
      const one = open();
      const two = open();
      await one.append('task-1', [newEvent('A')], 'no_stream');
      // kept from here on: appends check their expectation against the kept end under the write lock
      await one.readStream('task-1');
      expect(await one.append('task-1', [newEvent('B')], 0)).toMatchObject({ nextExpectedRevision: 1 });
      await expect(one.append('task-1', [newEvent('C')], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      // two appends in one group with the same expectation: the second sees the first's row
      const [first, second] = await Promise.allSettled([
        one.append('task-1', [newEvent('D')], 1),
        one.append('task-1', [newEvent('E')], 1),
      ]);
      expect(first).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 2 } });
      expect(second).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedRevisionError) });
      // another connection appends: the kept end no longer tells
      await two.append('task-1', [newEvent('F')], 2);
      await expect(one.append('task-1', [newEvent('G')], 2)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await one.append('task-1', [newEvent('G')], 3)).toMatchObject({ nextExpectedRevision: 4 });
      expect((await one.readStream('task-1')).map((e) => e.type)).toEqual(['A', 'B', 'D', 'F', 'G']);
    });

    it("sees another connection's events in a stream it has read to the end", async () => {
      const one = open();
      const two = open();
      await one.append('record-1', [newEvent('A')], 'no_stream');
      expect(await one.readStream('record-1', { fromRevision: 1 })).toEqual([]);
      await two.append('record-1', [newEvent('B')], 0);
      expect((await one.readStream('record-1', { fromRevision: 1 })).map((e) => e.type)).toEqual(['B']);
      // its own next commit starts anew after the other connection's
      await one.append('record-2', [newEvent('C')], 'no_stream');
      expect((await one.readStream('record-1', { fromRevision: 1 })).map((e) => e.type)).toEqual(['B']);
      await two.append('record-1', [newEvent('D')], 1);
      expect((await one.readStream('record-1', { fromRevision: 1 })).map((e) => e.type)).toEqual(['B', 'D']);
      await one.append('record-1', [newEvent('E')], 2);
      expect((await one.readStream('record-1')).map((e) => e.type)).toEqual(['A', 'B', 'D', 'E']);
      expect(await one.readStream('record-1')).toEqual(await two.readStream('record-1'));
    });
  });

  describe('when a stream is read with a limit (written into the SQL up to 16, bound above)', () => {
    it('answers every limit, start and direction as a slice of the whole stream', async () => {
      const store = open();
      await store.append(
        'task-1',
        Array.from({ length: 20 }, (_, i) => newEvent('N', { i })),
        'no_stream',
      );
      const whole = await store.readStream('task-1');
      for (const maxCount of [undefined, 0, 1, 2, 16, 17, 19, 25])
        for (const fromRevision of [undefined, 0, 5, 19, 30]) {
          const forwards = whole.filter((e) => e.revision >= (fromRevision ?? 0)).slice(0, maxCount);
          const backwards = [...whole]
            .reverse()
            .filter((e) => e.revision <= (fromRevision ?? Infinity))
            .slice(0, maxCount);
          expect(await store.readStream('task-1', { fromRevision, maxCount })).toEqual(forwards);
          expect(await store.readStream('task-1', { fromRevision, maxCount, direction: 'backwards' })).toEqual(backwards);
        }
    });
  });

  describe('when a batch repeats some events already in the stream', () => {
    it('skips the stored ones and appends the rest after checking the expected revision', async () => {
      const store = open();
      const [a, b, c] = [newEvent('A'), newEvent('B'), newEvent('C')] as [NewEvent, NewEvent, NewEvent];
      await store.append('task-1', [a, b], 'no_stream');

      await expect(store.append('task-1', [b, c], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      const result = await store.append('task-1', [b, c], 1);

      expect(result.nextExpectedRevision).toBe(2);
      expect((await store.readStream('task-1')).map((event) => event.id)).toEqual([a.id, b.id, c.id]);
    });

    it('answers a lone event stored already whatever expectation it meets, and refuses one of another stream', async () => {
      // a lone event is inserted without looking its id up first: the unique id index refuses a stored one, and the
      // lookup then decides, as it does for a batch
      const store = open();
      const a = newEvent('A');
      const first = await store.append('task-1', [a], 'no_stream');
      expect(await store.append('task-1', [a], 'any')).toEqual(first);
      expect(await store.append('task-1', [a], 'stream_exists')).toEqual(first);
      await store.append('task-1', [newEvent('B')], 0);
      // the expectation it meets now is the stream's revision after B
      expect(await store.append('task-1', [a], 1)).toEqual(first);
      await expect(store.append('task-2', [a], 'any')).rejects.toThrow(/already stored in stream task-1/);
      // the group around them goes on
      const [refused, other] = await Promise.allSettled([
        store.append('task-2', [a], 'no_stream'),
        store.append('task-3', [newEvent('C')], 'no_stream'),
      ]);
      expect(refused.status).toBe('rejected');
      expect(other).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 0 } });
      expect((await store.readStream('task-1')).map((e) => e.type)).toEqual(['A', 'B']);
      expect(await store.readStream('task-2')).toEqual([]);
    });

    it('stores an id repeated inside one batch once', async () => {
      const store = open();
      const a = newEvent('A');
      await store.append('task-1', [a, a], 'no_stream');
      expect(await store.readStream('task-1')).toHaveLength(1);
    });
  });

  describe('when several appends are made at once', () => {
    it('lets each of them succeed or fail on its own', async () => {
      const store = open();
      const [a, b, c, d] = [newEvent('A'), newEvent('B'), newEvent('C'), newEvent('D')] as [NewEvent, NewEvent, NewEvent, NewEvent];
      await store.append('task-1', [a], 'no_stream');

      const outcomes = await Promise.allSettled([
        store.append('task-2', [b], 'no_stream'),
        store.append('task-1', [newEvent('Stale')], 'no_stream'),
        store.append('task-3', [newEvent('Stolen'), a], 'any'),
        store.append('task-1', [c, d], 0),
      ]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect((await store.readAll()).map((event) => event.id)).toEqual([a.id, b.id, c.id, d.id]);
    });
  });

  describe('when an event id is already stored in another stream', () => {
    it('refuses the append and appends nothing', async () => {
      const store = open();
      const a = newEvent('A');
      await store.append('task-1', [a], 'no_stream');
      await expect(store.append('task-2', [newEvent('B'), a], 'no_stream')).rejects.toThrow(/already stored in stream task-1/);
      expect(await store.readStream('task-2')).toEqual([]);
    });

    it('refuses an append of that one event alone (looked up by its id, not through a list)', async () => {
      const store = open();
      const a = newEvent('A');
      await store.append('task-1', [a], 'no_stream');
      await expect(store.append('task-2', [a], 'no_stream')).rejects.toThrow(/already stored in stream task-1/);
      expect(await store.readStream('task-2')).toEqual([]);
      expect(await store.append('task-1', [a], 'no_stream')).toEqual({ nextExpectedRevision: 0, position: expect.any(Number) as number });
    });
  });

  describe('when appending no events', () => {
    it('only checks the expected revision', async () => {
      const store = open();
      expect(await store.append('task-1', [], 'no_stream')).toEqual({ nextExpectedRevision: -1, position: 0 });
      const written = await store.append('task-1', [newEvent('A')], 'no_stream');
      expect(await store.append('task-1', [], 0)).toEqual(written);
      await expect(store.append('task-1', [], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.headPosition()).toBe(written.position);
    });
  });

  describe('its schema', () => {
    it('uses WAL, keeps the category in a column and indexes stream, category and type', async () => {
      const store = open();
      await store.append('projectTable-7f3a', [newEvent('TableCreated')], 'no_stream');
      await store.close();

      const db = new Database(file, { readonly: true });
      try {
        expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(db.prepare('SELECT category, stream_id, revision, type FROM events').all()).toEqual([
          { category: 'projectTable', stream_id: 'projectTable-7f3a', revision: 0, type: 'TableCreated' },
        ]);
        const indexes = (
          db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'").all() as Array<{ name: string }>
        ).map((row) => row.name);
        expect(indexes).toEqual(expect.arrayContaining(['events_stream_revision', 'events_category_position', 'events_type_position']));
      } finally {
        db.close();
      }
    });
  });

  /** the append's answer, and whether it has come yet */
  const watched = <T>(appending: Promise<T>): { answered: boolean; done: Promise<T> } => {
    const state = { answered: false, done: appending };
    state.done = appending.then((result) => {
      state.answered = true;
      return result;
    });
    return state;
  };
  /** after the check phase in which a group commits (an append's commit is scheduled with setImmediate) */
  const afterCommitTurn = () => new Promise((resolve) => setImmediate(resolve));

  describe('with its fsync on the event loop (the default)', () => {
    it("answers a group's appends, and hands their events to readers, in the turn of its commit", async () => {
      const store = open();
      await store.append('task-0', [newEvent('A')], 'no_stream');
      const append = watched(store.append('task-1', [newEvent('B')], 'no_stream'));
      await afterCommitTurn();
      expect(append.answered).toBe(true);
      expect(await store.headPosition()).toBe(2);
      expect((await store.readAll()).map((e) => e.streamId)).toEqual(['task-0', 'task-1']);
    });

    it('wakes its live subscriptions once the appends it answered have run on, however deep their continuations', async () => {
      const store = open();
      await store.append('task-0', [newEvent('A')], 'no_stream');
      const order: string[] = [];
      const subscription = store.subscribe({ after: 1 });
      const delivered = (async () => {
        for await (const batch of subscription.batches(10)) {
          order.push(`subscription: ${batch.map((e) => e.streamId).join()}`);
          return;
        }
      })();
      // the subscription has read its empty page and sleeps until an append wakes it
      await new Promise((resolve) => setTimeout(resolve, 10));
      // a command's answer is many promise reactions after its append's (pipeline, route, reply)
      let answer: Promise<unknown> = store.append('task-1', [newEvent('B')], 'no_stream');
      for (let i = 0; i < 40; i++) answer = answer.then((result) => result);
      void answer.then(() => order.push('answered'));
      await withTimeout(delivered, 'the delivery');
      expect(order).toEqual(['answered', 'subscription: task-1']);
      await subscription.close();
    });

    it("sends the next second's fsyncs to the thread pool once they are slow, then takes them back", async () => {
      // every fsync counts as slow: the running mean passes the limit at the first
      const store = open({ slowFsyncMs: -1 });
      const first = watched(store.append('task-0', [newEvent('A')], 'no_stream'));
      await afterCommitTurn();
      expect(first.answered).toBe(true);
      const second = watched(store.append('task-1', [newEvent('B')], 'no_stream'));
      await afterCommitTurn();
      // on the thread pool: answered in a later poll phase, its events hidden until then
      expect(second.answered).toBe(false);
      expect(await store.headPosition()).toBe(1);
      await second.done;
      expect(await store.headPosition()).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const third = watched(store.append('task-2', [newEvent('C')], 'no_stream'));
      await afterCommitTurn();
      expect(third.answered).toBe(true);
      expect((await store.readAll()).map((e) => e.streamId)).toEqual(['task-0', 'task-1', 'task-2']);
    });
  });

  describe('while a commit waits for its fsync (on the thread pool)', () => {
    it('has the events in the file but answers the append, and hands them to readers, only once the WAL is on disk', async () => {
      const store = open({ fsync: 'thread' });
      await store.append('task-0', [newEvent('A')], 'no_stream');
      const live = store.subscribe({ after: 1 })[Symbol.asyncIterator]();
      const append = watched(store.append('task-1', [newEvent('B')], 'no_stream'));
      // the group commits in the next check phase; the fsync it starts answers in a later poll phase at the earliest
      await afterCommitTurn();
      const other = new Database(file, { readonly: true });
      try {
        expect(other.prepare('SELECT stream_id FROM events ORDER BY position').pluck().all()).toEqual(['task-0', 'task-1']);
      } finally {
        other.close();
      }
      expect(append.answered).toBe(false);
      expect(await store.headPosition()).toBe(1);
      expect((await store.readAll()).map((e) => e.streamId)).toEqual(['task-0']);
      // readStream does see it: a command deciding after it appends after it, and is answered after it
      expect((await store.readStream('task-1')).map((e) => e.type)).toEqual(['B']);

      expect(await append.done).toEqual({ nextExpectedRevision: 0, position: 2 });
      expect(await store.headPosition()).toBe(2);
      expect((await store.readAll()).map((e) => e.streamId)).toEqual(['task-0', 'task-1']);
      expect((await withTimeout(live.next(), 'the live event')).value).toMatchObject({ streamId: 'task-1', position: 2 });
      await live.return?.();
    });
  });

  /**
   * Points the store's own descriptor of the WAL file (opened read-only for its fsyncs; SQLite's are read-write) at
   * /dev/null, on which an fdatasync fails with EINVAL: a disk that refuses an fsync. POSIX hands out the lowest free
   * descriptor, so /dev/null takes the number just closed.
   */
  const failFsyncsOf = (walFile: string) => {
    const ours = readdirSync('/proc/self/fd').filter((fd) => {
      try {
        if (readlinkSync(`/proc/self/fd/${fd}`) !== walFile) return false;
        const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
        return flags !== undefined && (parseInt(flags, 8) & 3) === 0;
      } catch {
        return false; // a descriptor of readdirSync's own, closed by now
      }
    });
    expect(ours).toHaveLength(1);
    closeSync(Number(ours[0]));
    expect(openSync('/dev/null', 'r')).toBe(Number(ours[0]));
  };

  describe.each(['loop', 'thread'] as const)('when an fsync fails (fsync on the %s)', (fsync) => {
    it('fails the appends waiting for it and every later one, and keeps their events from readers', async () => {
      const store = open({ fsync });
      await store.append('task-0', [newEvent('A')], 'no_stream');
      const live = store.subscribe({ after: 1 })[Symbol.asyncIterator]();
      failFsyncsOf(`${file}-wal`);

      const appends = [store.append('task-1', [newEvent('B')], 'no_stream'), store.append('task-2', [newEvent('C')], 'no_stream')];
      await expect(appends[0]).rejects.toMatchObject({ code: 'EINVAL' });
      await expect(appends[1]).rejects.toMatchObject({ code: 'EINVAL' });
      // committed in the file, but answered with an error: no reader sees them
      expect(await store.headPosition()).toBe(1);
      expect((await store.readAll()).map((e) => e.streamId)).toEqual(['task-0']);
      const next = live.next();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await Promise.race([next.then(() => 'an event'), Promise.resolve('nothing')])).toBe('nothing');
      // and the store takes no more appends: nothing it writes could be known durable
      await expect(store.append('task-3', [newEvent('D')], 'no_stream')).rejects.toMatchObject({ code: 'EINVAL' });
      await store.close();
      await expect(withTimeout(next, 'the end of the subscription')).resolves.toEqual({ done: true, value: undefined });

      // opened anew, the file tells what reached it: the failed appends' events were committed before the fsync
      const reopened = open();
      expect((await reopened.readAll()).map((e) => e.streamId)).toEqual(['task-0', 'task-1', 'task-2']);
    });
  });

  describe('when closed', () => {
    it('ends its subscriptions and refuses further calls', async () => {
      const store = open();
      const subscription = store.subscribe();
      const pending = subscription[Symbol.asyncIterator]().next();
      await store.close();
      expect(await withTimeout(pending, 'the end of the subscription')).toEqual({ done: true, value: undefined });
      await expect(store.append('task-1', [newEvent('A')], 'any')).rejects.toThrow(/closed/);
    });
  });
});
