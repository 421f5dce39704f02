/**
 * EventStore port. Positions and revisions are plain numbers:
 * - revision: 0-based index of an event inside its stream (EventStoreDB semantics);
 * - position: global, strictly increasing, > 0 (SQLite rowid, EventStoreDB commit position).
 * A checkpoint is "the last position handled"; reading "from" a checkpoint returns
 * only events with a greater position, so 0 means "from the very beginning".
 */
export interface NewEvent<Type extends string = string, Data = unknown, Meta = Record<string, unknown>> {
  /** uuid; appending an id the stream already holds stores it once (idempotent append) */
  id: string;
  type: Type;
  data: Data;
  metadata: Meta;
}

export interface RecordedEvent<Type extends string = string, Data = unknown, Meta = Record<string, unknown>> {
  id: string;
  type: Type;
  streamId: string;
  revision: number;
  position: number;
  data: Data;
  metadata: Meta;
  /** ISO-8601 time at which the store recorded the event */
  recordedAt: string;
}

/** 'no_stream': the stream must not exist; 'stream_exists': it must; a number: the revision of its last event. */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

export interface AppendResult {
  /** revision of the stream's last event after the append */
  nextExpectedRevision: number;
  /** global position of the last event written (or of the last already-stored duplicate) */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** revision of the stream's last event, or 'no_stream' */
    readonly actual: number | 'no_stream',
  ) {
    super(`Wrong expected revision on ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
  }
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** inclusive start revision; default: start (forwards) or end (backwards) */
  fromRevision?: number;
  maxCount?: number;
  /**
   * The caller only reads the events, never changes them: a store may hand out the objects it parsed once for its live
   * subscriptions (the embedded store: a stream read to its end from memory), so that an event just appended is parsed
   * once for the command's own reads and its subscribers together. Without it every call answers copies of its own.
   */
  shared?: boolean;
}

export interface EventFilter {
  /** stream categories: the part of the stream id before the first dash */
  categories?: string[];
  eventTypes?: string[];
}

export interface ReadAllOptions {
  /** exclusive: events with a position greater than this; default 0 */
  after?: number;
  maxCount?: number;
  filter?: EventFilter;
}

export interface SubscribeOptions {
  /** exclusive: catch up from events after this position, then stay live; default 0 */
  after?: number;
  filter?: EventFilter;
}

/** Catch-up then live subscription; iterate it, close it to stop. No gaps, no duplicates, ordered by position. */
export interface EventSubscription extends AsyncIterable<RecordedEvent> {
  /**
   * The same events in batches of at most `max`: each batch holds what the store has ready (it never waits to fill
   * one), so a reader that catches up pays per batch, not per event. Iterate either the events or the batches of a
   * subscription, not both.
   */
  batches(max: number): AsyncIterable<RecordedEvent[]>;
  close(): Promise<void>;
}

const nextMacrotask = (): Promise<null> => new Promise((resolve) => setImmediate(() => resolve(null)));

/**
 * Batches of an event iterator for adapters that deliver one event at a time: takes whatever is ready without waiting
 * (until the next macrotask), up to `max`, and hands a batch over when the source goes quiet.
 */
export async function* readyBatches(source: AsyncIterator<RecordedEvent>, max: number): AsyncGenerator<RecordedEvent[]> {
  let batch: RecordedEvent[] = [];
  let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
  for (;;) {
    pending ??= source.next();
    const next = batch.length === 0 ? await pending : await Promise.race([pending, nextMacrotask()]);
    if (next === null) {
      yield batch;
      batch = [];
      continue;
    }
    pending = null;
    if (next.done) break;
    batch.push(next.value);
    if (batch.length >= max) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * An event's data already written out as JSON (`NewEvent.data`): stored as the text is, not stringified again. For
 * events built in bulk off the append's path (the CSV import's plan writes each RecordCreated's data while it checks
 * the file, so its chunks only append). Readers get the parsed value, as for any other event. The text must be the
 * JSON of a value (not checked by the store).
 */
export class JsonText {
  constructor(readonly json: string) {}
}

/** One stream of an `appendNewStreams` call: a stream expected not to exist yet, and its first events. */
export interface NewStream {
  streamId: string;
  events: NewEvent[];
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to many new streams in one call, each as `append(streamId, events, 'no_stream')` would, in the order
   * given (positions increase along the list). A stream that already exists is skipped, whatever it holds: its
   * answer is null and nothing is written to it, so a call made again after a crash writes nothing twice. Answers
   * one entry per stream, in order. The embedded store writes a call atomically (one transaction: all its new streams
   * or, on an error such as an event id stored in another stream, none); EventStoreDB has no transaction across
   * streams, so there each stream is appended on its own (one after another) and a failed call may have written some.
   * Subscribers see these events exactly as those of `append`. A stream named twice in one call is a TypeError.
   */
  appendNewStreams(streams: NewStream[]): Promise<(AppendResult | null)[]>;
  /** [] when the stream does not exist */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribe(options?: SubscribeOptions): EventSubscription;
  /** position of the newest event in the store, 0 when empty */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

export const streamCategory = (streamId: string): string => {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
};
