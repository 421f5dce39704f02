import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  JsonText,
  WrongExpectedRevisionError,
  type EventStore,
  type EventSubscription,
  type NewEvent,
  type RecordedEvent,
} from './eventStore';

/**
 * The behaviour every EventStore adapter must show. The store a factory hands out may already hold
 * events (a shared EventStoreDB), so every test works in its own streams and categories and reads
 * $all only after the head position it saw first.
 *
 * Not re-exported from the package index: importing vitest outside a vitest run throws, so import it
 * from '@stramien/infra/eventStore/eventStore.contract' in spec files only.
 */
export type EventStoreFactory = () => Promise<{ store: EventStore; cleanup(): Promise<void> }>;

/** a category token unique to one test: letters and digits, no dash */
const uniqueCategory = (prefix = 'c'): string => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 12)}`;

const newEvent = (type: string, data: unknown = {}, metadata: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata,
});

const ids = (events: Array<{ id: string }>): string[] => events.map((event) => event.id);

/** how long a test waits for a subscription to deliver before it fails */
const DELIVERY_TIMEOUT_MS = 15_000;

/** takes the next `count` events from an iterator, failing if they do not come within the timeout */
const take = async (iterator: AsyncIterator<RecordedEvent>, count: number, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`subscription delivered ${events.length} of ${count} events in ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    while (events.length < count) {
      const next = await Promise.race([iterator.next(), timeout]);
      if (next.done) throw new Error(`subscription ended after ${events.length} of ${count} events`);
      events.push(next.value);
    }
    return events;
  } finally {
    clearTimeout(timer);
  }
};

const within = <T>(promise: Promise<T>, what: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not happen within ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
};

const expectStrictlyIncreasing = (values: number[]): void => {
  for (let i = 1; i < values.length; i += 1) expect(values[i]).toBeGreaterThan(values[i - 1] as number);
};

export const describeEventStoreContract = (name: string, factory: EventStoreFactory): void => {
  describe(name, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    const opened: EventSubscription[] = [];

    beforeEach(async () => {
      ({ store, cleanup } = await factory());
    });

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((subscription) => subscription.close()));
      await cleanup();
    });

    const subscribe = (
      ...args: Parameters<EventStore['subscribe']>
    ): AsyncIterator<RecordedEvent> & { subscription: EventSubscription } => {
      const subscription = store.subscribe(...args);
      opened.push(subscription);
      return Object.assign(subscription[Symbol.asyncIterator](), { subscription });
    };

    /** appends `count` single-event commits to a fresh stream of the category, returning what was appended */
    const seedStream = async (streamId: string, count: number, type = 'Seeded'): Promise<NewEvent[]> => {
      const events = Array.from({ length: count }, (_, i) => newEvent(type, { i }));
      await store.append(streamId, events, 'no_stream');
      return events;
    };

    describe('when appending to a new stream', () => {
      it('accepts no_stream and numbers the events from revision 0', async () => {
        const streamId = `${uniqueCategory()}-1`;
        const events = [newEvent('Opened'), newEvent('Renamed'), newEvent('Closed')];

        const result = await store.append(streamId, events, 'no_stream');

        const stored = await store.readStream(streamId);
        expect(stored.map((event) => event.revision)).toEqual([0, 1, 2]);
        expect(ids(stored)).toEqual(ids(events));
        expect(stored.map((event) => event.streamId)).toEqual([streamId, streamId, streamId]);
        expect(result.nextExpectedRevision).toBe(2);
        expect(result.position).toBe(stored[2]?.position);
      });

      it('accepts any', async () => {
        const streamId = `${uniqueCategory()}-1`;
        const result = await store.append(streamId, [newEvent('Opened')], 'any');
        expect(result.nextExpectedRevision).toBe(0);
        expect(await store.readStream(streamId)).toHaveLength(1);
      });
    });

    describe('when appending to an existing stream', () => {
      it('accepts the revision of the last event, any and stream_exists', async () => {
        const streamId = `${uniqueCategory()}-1`;
        await store.append(streamId, [newEvent('Opened')], 'no_stream');

        expect((await store.append(streamId, [newEvent('A')], 0)).nextExpectedRevision).toBe(1);
        expect((await store.append(streamId, [newEvent('B')], 'any')).nextExpectedRevision).toBe(2);
        expect((await store.append(streamId, [newEvent('C')], 'stream_exists')).nextExpectedRevision).toBe(3);
        expect((await store.append(streamId, [newEvent('D'), newEvent('E')], 3)).nextExpectedRevision).toBe(5);

        const stored = await store.readStream(streamId);
        expect(stored.map((event) => event.type)).toEqual(['Opened', 'A', 'B', 'C', 'D', 'E']);
        expect(stored.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4, 5]);
      });

      it('gives every event a global position above 0 that grows with each event, across streams', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        const first = await store.append(`${category}-1`, [newEvent('A'), newEvent('B')], 'no_stream');
        const second = await store.append(`${category}-2`, [newEvent('C')], 'no_stream');
        const third = await store.append(`${category}-1`, [newEvent('D')], 1);

        expect(first.position).toBeGreaterThan(0);
        expect(second.position).toBeGreaterThan(first.position);
        expect(third.position).toBeGreaterThan(second.position);
        const all = await store.readAll({ after: head, filter: { categories: [category] } });
        expect(all.map((event) => event.type)).toEqual(['A', 'B', 'C', 'D']);
        expectStrictlyIncreasing(all.map((event) => event.position));
        expect(all.map((event) => event.position).slice(1)).toEqual([first.position, second.position, third.position]);
      });
    });

    describe('when the expected revision is wrong', () => {
      const cases: Array<{ title: string; seed: number; expected: 'no_stream' | 'stream_exists' | number; actual: number | 'no_stream' }> =
        [
          { title: 'no_stream on a stream that exists', seed: 1, expected: 'no_stream', actual: 0 },
          { title: 'stream_exists on a stream that does not exist', seed: 0, expected: 'stream_exists', actual: 'no_stream' },
          { title: 'a stale revision', seed: 2, expected: 0, actual: 1 },
          { title: 'a revision ahead of the stream', seed: 2, expected: 5, actual: 1 },
          { title: 'a revision on a stream that does not exist', seed: 0, expected: 0, actual: 'no_stream' },
        ];

      for (const { title, seed, expected, actual } of cases) {
        it(`throws WrongExpectedRevisionError and appends nothing for ${title}`, async () => {
          const streamId = `${uniqueCategory()}-1`;
          const seeded = seed > 0 ? await seedStream(streamId, seed) : [];
          const headBefore = await store.headPosition();

          const error = await store.append(streamId, [newEvent('Rejected'), newEvent('AlsoRejected')], expected).then(
            () => undefined,
            (caught: unknown) => caught,
          );

          expect(error).toBeInstanceOf(WrongExpectedRevisionError);
          expect(error).toMatchObject({ name: 'WrongExpectedRevisionError', streamId, expected, actual });
          expect(ids(await store.readStream(streamId))).toEqual(ids(seeded));
          expect(await store.readAll({ after: headBefore })).toEqual([]);
        });
      }
    });

    describe('when an event id is appended again', () => {
      it('stores it once and answers with its stored revision and position', async () => {
        const streamId = `${uniqueCategory()}-1`;
        const event = newEvent('Opened', { name: 'once' });

        const first = await store.append(streamId, [event], 'no_stream');
        const retry = await store.append(streamId, [event], 'no_stream');

        expect(retry).toEqual(first);
        expect(ids(await store.readStream(streamId))).toEqual([event.id]);
      });

      it('stores a retried batch once, also when retried with any', async () => {
        const streamId = `${uniqueCategory()}-1`;
        await store.append(streamId, [newEvent('Opened')], 'no_stream');
        const batch = [newEvent('A'), newEvent('B'), newEvent('C')];

        const first = await store.append(streamId, batch, 0);
        const retry = await store.append(streamId, batch, 0);
        const retryAny = await store.append(streamId, batch, 'any');

        expect(first).toEqual({ nextExpectedRevision: 3, position: first.position });
        expect(retry).toEqual(first);
        expect(retryAny).toEqual(first);
        const stored = await store.readStream(streamId);
        expect(stored.map((e) => e.type)).toEqual(['Opened', 'A', 'B', 'C']);
        expect(stored[3]?.position).toBe(first.position);
      });
    });

    describe('when 20 appends race on one stream with the same expected revision', () => {
      it('lets exactly one succeed on a new stream and rejects the others with WrongExpectedRevisionError', async () => {
        const streamId = `${uniqueCategory()}-1`;
        const candidates = Array.from({ length: 20 }, (_, i) => newEvent('Claimed', { i }));

        const outcomes = await Promise.allSettled(candidates.map((event) => store.append(streamId, [event], 'no_stream')));

        const winners = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [candidates[i] as NewEvent] : []));
        const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(19);
        for (const loser of losers) expect(loser).toBeInstanceOf(WrongExpectedRevisionError);
        expect(ids(await store.readStream(streamId))).toEqual(ids(winners));
      });

      it('lets exactly one succeed on an existing stream', async () => {
        const streamId = `${uniqueCategory()}-1`;
        const [opened] = await seedStream(streamId, 1);
        const candidates = Array.from({ length: 20 }, (_, i) => newEvent('Claimed', { i }));

        const outcomes = await Promise.allSettled(candidates.map((event) => store.append(streamId, [event], 0)));

        const winners = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [candidates[i] as NewEvent] : []));
        const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(19);
        for (const loser of losers) expect(loser).toBeInstanceOf(WrongExpectedRevisionError);
        expect(ids(await store.readStream(streamId))).toEqual([opened?.id, winners[0]?.id]);
      });
    });

    describe('when appending to many new streams in one call', () => {
      it('writes each stream from revision 0, with positions growing along the list', async () => {
        const category = uniqueCategory();
        const streams = Array.from({ length: 5 }, (_, i) => ({
          streamId: `${category}-${i}`,
          events: [newEvent('Opened', { i }), newEvent('Named', { i })],
        }));
        const head = await store.headPosition();

        const results = await store.appendNewStreams(streams);

        const all = await store.readAll({ after: head, filter: { categories: [category] } });
        expect(all.map((event) => event.streamId)).toEqual(streams.flatMap(({ streamId }) => [streamId, streamId]));
        expect(ids(all)).toEqual(streams.flatMap(({ events }) => ids(events)));
        expectStrictlyIncreasing(all.map((event) => event.position));
        expect(all.map((event) => event.revision)).toEqual(streams.flatMap(() => [0, 1]));
        expect(results.map((result) => result?.nextExpectedRevision)).toEqual([1, 1, 1, 1, 1]);
        expect(results.map((result) => result?.position)).toEqual(
          all.filter((event) => event.revision === 1).map((event) => event.position),
        );
      });

      it('skips a stream that exists (answering null for it) and writes nothing twice when called again', async () => {
        const category = uniqueCategory();
        await store.append(`${category}-1`, [newEvent('Earlier')], 'no_stream');
        const streams = [0, 1, 2].map((i) => ({ streamId: `${category}-${i}`, events: [newEvent('Opened', { i })] }));

        const first = await store.appendNewStreams(streams);
        const again = await store.appendNewStreams(streams);

        expect(first.map((result) => result === null)).toEqual([false, true, false]);
        expect(again).toEqual([null, null, null]);
        expect((await store.readStream(`${category}-1`)).map((event) => event.type)).toEqual(['Earlier']);
        expect(await store.readAll({ filter: { categories: [category] } })).toHaveLength(3);
      });

      it('stores data given as JSON text (JsonText) as that value: readers get it parsed, as any other event', async () => {
        const category = uniqueCategory();
        const data = { recordId: 'r-1', values: { a: 'x "quoted"\nline', b: 1.5, c: null, d: true } };
        const [result] = await store.appendNewStreams([
          { streamId: `${category}-1`, events: [{ ...newEvent('Opened'), data: new JsonText(JSON.stringify(data)) }] },
        ]);
        expect(result?.nextExpectedRevision).toBe(0);
        expect((await store.readStream(`${category}-1`)).map((event) => event.data)).toEqual([data]);
        expect((await store.readAll({ filter: { categories: [category] } })).map((event) => event.data)).toEqual([data]);
      });

      it('refuses a stream named twice in one call, writing nothing', async () => {
        const streamId = `${uniqueCategory()}-1`;
        await expect(
          store.appendNewStreams([
            { streamId, events: [newEvent('A')] },
            { streamId, events: [newEvent('B')] },
          ]),
        ).rejects.toThrow(TypeError);
        expect(await store.readStream(streamId)).toEqual([]);
      });

      it('hands its events to subscribers like any append, in position order', async () => {
        const category = uniqueCategory();
        const live = subscribe({ after: await store.headPosition(), filter: { categories: [category] } });
        const streams = Array.from({ length: 3 }, (_, i) => ({ streamId: `${category}-${i}`, events: [newEvent('Opened', { i })] }));

        await store.appendNewStreams(streams);

        const delivered = await take(live, 3);
        expect(ids(delivered)).toEqual(streams.map(({ events }) => events[0]!.id));
        expectStrictlyIncreasing(delivered.map((event) => event.position));
      });
    });

    describe('when reading a stream', () => {
      const fiveEvents = async () => {
        const streamId = `${uniqueCategory()}-1`;
        const events = Array.from({ length: 5 }, (_, i) => newEvent(`Step${i}`, { i }));
        await store.append(streamId, events, 'no_stream');
        return streamId;
      };
      const revisions = (events: RecordedEvent[]) => events.map((event) => event.revision);

      it('reads forwards from the first event by default', async () => {
        const streamId = await fiveEvents();
        expect(revisions(await store.readStream(streamId))).toEqual([0, 1, 2, 3, 4]);
        expect(revisions(await store.readStream(streamId, { direction: 'forwards' }))).toEqual([0, 1, 2, 3, 4]);
      });

      it('reads backwards from the last event', async () => {
        const streamId = await fiveEvents();
        expect(revisions(await store.readStream(streamId, { direction: 'backwards' }))).toEqual([4, 3, 2, 1, 0]);
      });

      it('starts at fromRevision, inclusive, in either direction', async () => {
        const streamId = await fiveEvents();
        expect(revisions(await store.readStream(streamId, { fromRevision: 2 }))).toEqual([2, 3, 4]);
        expect(revisions(await store.readStream(streamId, { direction: 'backwards', fromRevision: 2 }))).toEqual([2, 1, 0]);
        expect(revisions(await store.readStream(streamId, { fromRevision: 5 }))).toEqual([]);
      });

      it('returns at most maxCount events', async () => {
        const streamId = await fiveEvents();
        expect(revisions(await store.readStream(streamId, { maxCount: 2 }))).toEqual([0, 1]);
        expect(revisions(await store.readStream(streamId, { direction: 'backwards', maxCount: 2 }))).toEqual([4, 3]);
        expect(revisions(await store.readStream(streamId, { fromRevision: 1, maxCount: 2 }))).toEqual([1, 2]);
        expect(revisions(await store.readStream(streamId, { fromRevision: 3, maxCount: 10 }))).toEqual([3, 4]);
      });

      it('returns [] for a stream that does not exist', async () => {
        expect(await store.readStream(`${uniqueCategory()}-missing`)).toEqual([]);
        expect(await store.readStream(`${uniqueCategory()}-missing`, { direction: 'backwards' })).toEqual([]);
      });

      it('holds only its own events, not those of a stream whose id it prefixes', async () => {
        const category = uniqueCategory();
        await store.append(`${category}-1`, [newEvent('One')], 'no_stream');
        await store.append(`${category}-10`, [newEvent('Ten')], 'no_stream');
        expect((await store.readStream(`${category}-1`)).map((event) => event.type)).toEqual(['One']);
      });

      it('gives the events the same positions as readAll', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        await store.append(`${category}-1`, [newEvent('A'), newEvent('B')], 'no_stream');
        await store.append(`${category}-2`, [newEvent('C')], 'no_stream');
        await store.append(`${category}-1`, [newEvent('D')], 1);
        const fromAll = (await store.readAll({ after: head, filter: { categories: [category] } })).filter(
          (event) => event.streamId === `${category}-1`,
        );
        expect(await store.readStream(`${category}-1`)).toEqual(fromAll);
      });
    });

    describe('when reading all events', () => {
      it('returns only events after the given position, in position order', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        await store.append(`${category}-1`, [newEvent('A'), newEvent('B')], 'no_stream');
        await store.append(`${category}-2`, [newEvent('C')], 'no_stream');
        await store.append(`${category}-1`, [newEvent('D'), newEvent('E')], 1);

        const all = await store.readAll({ after: head });
        expect(all.map((event) => event.type)).toEqual(['A', 'B', 'C', 'D', 'E']);
        expectStrictlyIncreasing(all.map((event) => event.position));

        const afterSecond = await store.readAll({ after: all[1]?.position });
        expect(afterSecond.map((event) => event.type)).toEqual(['C', 'D', 'E']);
        expect(await store.readAll({ after: all[4]?.position })).toEqual([]);
      });

      it('returns at most maxCount events', async () => {
        const head = await store.headPosition();
        await seedStream(`${uniqueCategory()}-1`, 5);
        expect((await store.readAll({ after: head, maxCount: 3 })).map((event) => event.data)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
        expect(await store.readAll({ after: head, maxCount: 0 })).toEqual([]);
      });

      it('filters on stream categories, the part of the stream id before the first dash', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        const other = uniqueCategory();
        await store.append(`${category}-1`, [newEvent('A')], 'no_stream');
        await store.append(`${category}x-1`, [newEvent('NotMine')], 'no_stream');
        await store.append(`${other}-1`, [newEvent('Other')], 'no_stream');
        await store.append(`${category}-2-with-dashes`, [newEvent('B')], 'no_stream');
        await store.append(category, [newEvent('C')], 'no_stream');

        const mine = await store.readAll({ after: head, filter: { categories: [category] } });
        expect(mine.map((event) => event.type)).toEqual(['A', 'B', 'C']);
        const both = await store.readAll({ after: head, filter: { categories: [category, other] } });
        expect(both.map((event) => event.type)).toEqual(['A', 'Other', 'B', 'C']);
      });

      it('filters on exact event types', async () => {
        const head = await store.headPosition();
        const prefix = uniqueCategory('T');
        const streamId = `${uniqueCategory()}-1`;
        await store.append(
          streamId,
          [newEvent(`${prefix}Opened`), newEvent(`${prefix}OpenedAgain`), newEvent(`${prefix}Closed`)],
          'no_stream',
        );
        await store.append(`${uniqueCategory()}-1`, [newEvent(`${prefix}Opened`)], 'no_stream');

        const opened = await store.readAll({ after: head, filter: { eventTypes: [`${prefix}Opened`] } });
        expect(opened.map((event) => event.type)).toEqual([`${prefix}Opened`, `${prefix}Opened`]);
        const openedOrClosed = await store.readAll({ after: head, filter: { eventTypes: [`${prefix}Closed`, `${prefix}Opened`] } });
        expect(openedOrClosed.map((event) => event.type)).toEqual([`${prefix}Opened`, `${prefix}Closed`, `${prefix}Opened`]);
      });

      it('applies category and event type filters together, with after and maxCount', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        await store.append(
          `${category}-1`,
          [newEvent('Wanted', { n: 1 }), newEvent('Unwanted'), newEvent('Wanted', { n: 2 })],
          'no_stream',
        );
        await store.append(`${uniqueCategory()}-1`, [newEvent('Wanted', { n: 0 })], 'no_stream');
        await store.append(`${category}-2`, [newEvent('Wanted', { n: 3 })], 'no_stream');
        const filter = { categories: [category], eventTypes: ['Wanted'] };

        const wanted = await store.readAll({ after: head, filter });
        expect(wanted.map((event) => event.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
        const firstPage = await store.readAll({ after: head, filter, maxCount: 2 });
        const secondPage = await store.readAll({ filter, maxCount: 2, after: firstPage[1]?.position });
        expect([...firstPage, ...secondPage]).toEqual(wanted);

        const another = uniqueCategory();
        await store.append(`${another}-1`, [newEvent('Unwanted'), newEvent('AlsoWanted', { n: 4 })], 'no_stream');
        const wider = { categories: [another, category], eventTypes: ['AlsoWanted', 'Wanted'] };
        expect((await store.readAll({ after: head, filter: wider })).map((event) => event.data)).toEqual([
          { n: 1 },
          { n: 2 },
          { n: 3 },
          { n: 4 },
        ]);
        expect((await store.readAll({ after: wanted[1]?.position, filter: wider, maxCount: 2 })).map((event) => event.data)).toEqual([
          { n: 3 },
          { n: 4 },
        ]);
      });

      it('matches nothing with an empty category or event type list', async () => {
        const head = await store.headPosition();
        await seedStream(`${uniqueCategory()}-1`, 2);
        expect(await store.readAll({ after: head, filter: { categories: [] } })).toEqual([]);
        expect(await store.readAll({ after: head, filter: { eventTypes: [] } })).toEqual([]);
        expect(await store.readAll({ after: head, filter: {} })).toHaveLength(2);
      });
    });

    describe('headPosition', () => {
      it('is the position of the newest event', async () => {
        const before = await store.headPosition();
        const category = uniqueCategory();
        const first = await store.append(`${category}-1`, [newEvent('A'), newEvent('B')], 'no_stream');
        expect(await store.headPosition()).toBe(first.position);
        const second = await store.append(`${category}-2`, [newEvent('C')], 'no_stream');
        expect(await store.headPosition()).toBe(second.position);
        expect(second.position).toBeGreaterThan(before);
      });
    });

    describe('when subscribing', () => {
      it('catches up on stored events, then delivers events appended later', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        const stored = await seedStream(`${category}-1`, 3);
        const events = subscribe({ after: head });

        expect(ids(await take(events, 3))).toEqual(ids(stored));

        const later = [newEvent('Later1'), newEvent('Later2')];
        await store.append(`${category}-2`, later, 'no_stream');
        expect(ids(await take(events, 2))).toEqual(ids(later));
      });

      it('starts strictly after the given position', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        const stored = await seedStream(`${category}-1`, 4);
        const all = await store.readAll({ after: head, filter: { categories: [category] } });

        const events = subscribe({ after: all[1]?.position });
        expect(ids(await take(events, 2))).toEqual(ids(stored.slice(2)));
      });

      it('delivers only the events that match its filter', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        const events = subscribe({ after: head, filter: { categories: [category], eventTypes: ['Wanted'] } });

        await store.append(`${category}-1`, [newEvent('Wanted', { n: 1 }), newEvent('Unwanted')], 'no_stream');
        await store.append(`${uniqueCategory()}-1`, [newEvent('Wanted', { n: 0 })], 'no_stream');
        await store.append(`${category}-1`, [newEvent('Unwanted'), newEvent('Wanted', { n: 2 })], 1);

        const delivered = await take(events, 2);
        expect(delivered.map((event) => [event.streamId, event.type, event.data])).toEqual([
          [`${category}-1`, 'Wanted', { n: 1 }],
          [`${category}-1`, 'Wanted', { n: 2 }],
        ]);
      });

      it('delivers every event once, in position order, while several streams are appended concurrently', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        const live = subscribe({ after: head, filter: { categories: [category] } });
        const streams = 4;
        const perStream = 25;

        const appending = Array.from({ length: streams }, async (_, s) => {
          for (let i = 0; i < perStream; i += 1) {
            await store.append(`${category}-${s}`, [newEvent('Ticked', { s, i })], i === 0 ? 'no_stream' : i - 1);
          }
        });
        // a second subscriber joins half way, so it switches from catching up to live while appends go on
        const lateJoiner = (async () => {
          while ((await store.readAll({ after: head, filter: { categories: [category] }, maxCount: 50 })).length < 50) {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          return subscribe({ after: head, filter: { categories: [category] } });
        })();

        const [delivered] = await Promise.all([take(live, streams * perStream), ...appending]);
        const lateDelivered = await take(await lateJoiner, streams * perStream);

        const stored = await store.readAll({ after: head, filter: { categories: [category] } });
        expect(stored).toHaveLength(streams * perStream);
        expect(ids(delivered)).toEqual(ids(stored));
        expect(ids(lateDelivered)).toEqual(ids(stored));
        expect(new Set(ids(delivered)).size).toBe(streams * perStream);
        expectStrictlyIncreasing(delivered.map((event) => event.position));
      });

      it('delivers the same events in batches of at most the asked size, catching up and then live', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        const stored = [...(await seedStream(`${category}-1`, 130)), ...(await seedStream(`${category}-2`, 70))];
        const subscription = store.subscribe({ after: head, filter: { categories: [category] } });
        opened.push(subscription);
        const batches = subscription.batches(50)[Symbol.asyncIterator]();
        const delivered: RecordedEvent[] = [];
        const sizes: number[] = [];
        const takeBatches = async (count: number) => {
          while (delivered.length < count) {
            const next = await within(batches.next(), 'the next batch');
            if (next.done) throw new Error('the batches ended early');
            sizes.push(next.value.length);
            delivered.push(...next.value);
          }
        };
        await takeBatches(200);
        const later = [newEvent('Later1'), newEvent('Later2'), newEvent('Later3')];
        await store.append(`${category}-3`, later, 'no_stream');
        await takeBatches(203);

        expect(ids(delivered)).toEqual(ids([...stored, ...later]));
        expect(Math.max(...sizes)).toBeLessThanOrEqual(50);
        // catching up pays per batch, not per event
        expect(sizes.length).toBeLessThan(20);
        expectStrictlyIncreasing(delivered.map((event) => event.position));
      });

      it('ends the iteration of a waiting consumer when closed', async () => {
        const head = await store.headPosition();
        const category = uniqueCategory();
        await seedStream(`${category}-1`, 1);
        const subscription = store.subscribe({ after: head, filter: { categories: [category] } });
        opened.push(subscription);
        const received: RecordedEvent[] = [];
        let caughtUp: () => void = () => undefined;
        const firstArrived = new Promise<void>((resolve) => (caughtUp = resolve));

        const consuming = (async () => {
          for await (const event of subscription) {
            received.push(event);
            caughtUp();
          }
        })();
        await within(firstArrived, 'the first delivery');
        await subscription.close();

        await within(consuming, 'the end of the iteration');
        expect(received).toHaveLength(1);
      });

      it('answers done to the next read after close, even with events still to deliver', async () => {
        const head = await store.headPosition();
        await seedStream(`${uniqueCategory()}-1`, 3);
        const events = subscribe({ after: head });
        await take(events, 1);

        await events.subscription.close();

        expect(await within(events.next(), 'the next read')).toEqual({ done: true, value: undefined });
      });
    });

    describe('when events carry data and metadata', () => {
      it('returns them as the same JSON from readStream, readAll and subscribe', async () => {
        const head = await store.headPosition();
        const streamId = `${uniqueCategory()}-1`;
        const data = {
          text: 'Ünïcødé ✓ 日本語 "quoted" \\ back\nslash',
          integer: 42,
          negative: -7,
          fraction: 3.25,
          large: 2 ** 52,
          yes: true,
          no: false,
          nothing: null,
          list: [1, 'two', { three: 3 }, [4]],
          nested: { deep: { deeper: { deepest: [] } } },
          empty: {},
        };
        const metadata = {
          userId: randomUUID(),
          licenceId: randomUUID(),
          correlationId: randomUUID(),
          occurredAt: '2024-05-01T12:00:00.000Z',
        };
        const event = newEvent('Described', data, metadata);

        await store.append(streamId, [event], 'no_stream');

        const [fromStream] = await store.readStream(streamId);
        const [fromAll] = await store.readAll({ after: head });
        const [fromSubscription] = await take(subscribe({ after: head }), 1);
        for (const recorded of [fromStream, fromAll, fromSubscription]) {
          expect(recorded).toMatchObject({ id: event.id, type: 'Described', streamId, revision: 0, data, metadata });
          expect(recorded?.recordedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
        }
        expect(fromAll).toEqual(fromStream);
        expect(fromSubscription).toEqual(fromStream);
      });
    });
  });
};
