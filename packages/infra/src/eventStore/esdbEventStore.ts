import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Filter,
  type JSONType,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  JsonText,
  readyBatches,
  streamCategory,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type NewStream,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from './eventStore';

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string;
}

/** events read per request while paging through $all */
const PAGE_SIZE = 500;

type EsdbRecorded = NonNullable<ResolvedEvent['event']>;

const isSystem = (streamId: string, type: string): boolean => streamId.startsWith('$') || type.startsWith('$');

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const matches = (filter: EventFilter | undefined, streamId: string, type: string): boolean =>
  (filter?.categories === undefined || filter.categories.includes(streamCategory(streamId))) &&
  (filter?.eventTypes === undefined || filter.eventTypes.includes(type));

const matchesNothing = (filter: EventFilter | undefined): boolean => filter?.categories?.length === 0 || filter?.eventTypes?.length === 0;

/**
 * The server-side filter of a subscription: EventStoreDB filters on the stream name or the event type,
 * not both, so with both the stream name goes to the server and the event type is checked here.
 */
const serverFilter = (filter: EventFilter | undefined): Filter => {
  if (filter?.categories?.length) {
    return streamNameFilter({ regex: `^(?:${filter.categories.map(escapeRegex).join('|')})(?:-|$)` });
  }
  if (filter?.eventTypes?.length) {
    return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$` });
  }
  return excludeSystemEvents();
};

/** the commit position of an event; for events written since EventStoreDB 20 it is unique per event */
const positionOf = (event: EsdbRecorded | undefined, commitPosition: bigint | undefined): number => {
  const commit = event?.position?.commit ?? commitPosition;
  return commit === undefined ? 0 : Number(commit);
};

const toRecorded = (event: EsdbRecorded, commitPosition: bigint | undefined): RecordedEvent => ({
  id: event.id,
  type: event.type,
  streamId: event.streamId,
  revision: Number(event.revision),
  position: positionOf(event, commitPosition),
  data: event.data as unknown,
  metadata: (event.metadata ?? {}) as Record<string, unknown>,
  recordedAt: event.created.toISOString(),
});

const toEsdbExpected = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
};

const expectationHolds = (expected: ExpectedRevision, current: number | undefined): boolean =>
  expected === 'any' ||
  (expected === 'no_stream' ? current === undefined : expected === 'stream_exists' ? current !== undefined : current === expected);

/** position to start a $all read or subscription at; both treat it as a lower bound that we then skip past */
const fromPositionOf = (after: number): Position | typeof START => (after > 0 ? { commit: BigInt(after), prepare: BigInt(after) } : START);

/**
 * EventStore on EventStoreDB (gRPC client v6). Positions are commit positions; system events
 * (`$`-prefixed streams or types) are hidden from readAll, subscribe and headPosition.
 */
export const createEsdbEventStore = (options: EsdbEventStoreOptions): EventStore => {
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const subscriptions = new Set<EventSubscription>();

  const readStream = async (streamId: string, readOptions: ReadStreamOptions = {}): Promise<RecordedEvent[]> => {
    const backwards = readOptions.direction === 'backwards';
    if (readOptions.maxCount !== undefined && readOptions.maxCount <= 0) return [];
    const events: RecordedEvent[] = [];
    try {
      const read = client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: readOptions.fromRevision === undefined ? (backwards ? END : START) : BigInt(readOptions.fromRevision),
        maxCount: readOptions.maxCount ?? Number.MAX_SAFE_INTEGER,
      });
      for await (const resolved of read) {
        if (resolved.event) events.push(toRecorded(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  };

  const lastRevision = async (streamId: string): Promise<RecordedEvent | undefined> =>
    (await readStream(streamId, { direction: 'backwards', maxCount: 1 }))[0];

  const append = async (streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> => {
    if (events.length === 0) {
      // nothing to write: only check the expectation, as the SQLite adapter does
      const last = await lastRevision(streamId);
      if (!expectationHolds(expected, last?.revision))
        throw new WrongExpectedRevisionError(streamId, expected, last?.revision ?? 'no_stream');
      return { nextExpectedRevision: last?.revision ?? -1, position: last?.position ?? 0 };
    }
    try {
      const result = await client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({
            id: event.id,
            type: event.type,
            data: (event.data instanceof JsonText ? JSON.parse(event.data.json) : (event.data ?? null)) as JSONType,
            metadata: event.metadata ?? {},
          }),
        ),
        { expectedRevision: toEsdbExpected(expected) },
      );
      const nextExpectedRevision = Number(result.nextExpectedRevision);
      if (result.position !== undefined) return { nextExpectedRevision, position: Number(result.position.commit) };
      const last = await lastRevision(streamId);
      return { nextExpectedRevision, position: last?.position ?? 0 };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(streamId, expected, typeof actual === 'bigint' ? Number(actual) : 'no_stream');
      }
      throw error;
    }
  };

  /**
   * EventStoreDB has no transaction across streams: each stream is appended on its own with 'no_stream' (an existing
   * one answers WrongExpectedVersion and is skipped). One after another, not side by side, so that positions follow
   * the list (an import's records keep the file's row order); a failed call may have written the streams before it.
   */
  const appendNewStreams = async (streams: NewStream[]): Promise<(AppendResult | null)[]> => {
    const named = new Set<string>();
    for (const { streamId } of streams) {
      if (named.has(streamId)) throw new TypeError(`stream ${streamId} is named twice in one appendNewStreams call`);
      named.add(streamId);
    }
    const results: (AppendResult | null)[] = [];
    for (const { streamId, events } of streams) {
      try {
        results.push(await append(streamId, events, 'no_stream'));
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        results.push(null);
      }
    }
    return results;
  };

  /** reads $all after a position, page by page, keeping the user events that match the filter */
  const readAll = async ({ after = 0, maxCount, filter }: ReadAllOptions = {}): Promise<RecordedEvent[]> => {
    const wanted = maxCount ?? Number.MAX_SAFE_INTEGER;
    if (wanted <= 0 || matchesNothing(filter)) return [];
    const events: RecordedEvent[] = [];
    let cursor = after;
    let fromPosition: Position | typeof START = fromPositionOf(after);
    for (;;) {
      let seen = 0;
      let last: Position | undefined;
      const read = client.readAll({ fromPosition, maxCount: PAGE_SIZE, direction: FORWARDS });
      for await (const resolved of read) {
        seen += 1;
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        const position = positionOf(event, resolved.commitPosition);
        if (position <= cursor) continue;
        cursor = position;
        if (isSystem(event.streamId, event.type) || !matches(filter, event.streamId, event.type)) continue;
        events.push(toRecorded(event, resolved.commitPosition));
        if (events.length >= wanted) break;
      }
      if (events.length >= wanted || seen < PAGE_SIZE || last === undefined) return events;
      fromPosition = last;
    }
  };

  const headPosition = async (): Promise<number> => {
    let fromPosition: Position | typeof END = END;
    for (;;) {
      let seen = 0;
      let last: Position | undefined;
      const read = client.readAll({ fromPosition, maxCount: PAGE_SIZE, direction: BACKWARDS });
      for await (const resolved of read) {
        seen += 1;
        const event = resolved.event;
        if (!event) continue;
        if (!isSystem(event.streamId, event.type)) {
          await read.cancel();
          return positionOf(event, resolved.commitPosition);
        }
        last = event.position;
      }
      if (seen < PAGE_SIZE || last === undefined) return 0;
      fromPosition = last;
    }
  };

  const subscribe = ({ after = 0, filter }: SubscribeOptions = {}): EventSubscription => {
    const nothing = matchesNothing(filter);
    const upstream = client.subscribeToAll({ fromPosition: fromPositionOf(after), filter: serverFilter(filter) });
    let closed = false;
    let cursor = after;

    const close = async () => {
      if (closed) return;
      closed = true;
      subscriptions.delete(subscription);
      await upstream.unsubscribe();
    };

    async function* run(): AsyncGenerator<RecordedEvent> {
      try {
        for await (const resolved of upstream as AsyncIterable<AllStreamResolvedEvent>) {
          if (closed) return;
          const event = resolved.event;
          if (!event) continue;
          const position = positionOf(event, resolved.commitPosition);
          if (position <= cursor) continue;
          cursor = position;
          if (nothing || isSystem(event.streamId, event.type) || !matches(filter, event.streamId, event.type)) continue;
          yield toRecorded(event, resolved.commitPosition);
        }
      } catch (error) {
        if (!closed) throw error;
      } finally {
        await close();
      }
    }

    let iterator: AsyncGenerator<RecordedEvent> | undefined;
    const subscription: EventSubscription = {
      [Symbol.asyncIterator]: () => (iterator ??= run()),
      batches: (max) => ({ [Symbol.asyncIterator]: () => readyBatches((iterator ??= run()), max) }),
      close,
    };
    subscriptions.add(subscription);
    return subscription;
  };

  return {
    append,
    appendNewStreams,
    readStream,
    readAll,
    subscribe,
    headPosition,
    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.close()));
      await client.dispose();
    },
  };
};
