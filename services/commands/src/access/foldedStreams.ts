import { trimOldest, type EventStore, type RecordedEvent } from '@stramien/infra';

/** A stream folded up to `revision` (-1: no event), with its first and last event (their metadata says who and when). */
export interface FoldedStream<S> {
  state: S;
  revision: number;
  first: RecordedEvent | undefined;
  last: RecordedEvent | undefined;
}

/** streams whose fold is kept per event store (least recently used first out) */
export const FOLDED_STREAMS_SIZE = 10_000;

interface Entry {
  evolve: unknown;
  folded: FoldedStream<unknown>;
}

const caches = new WeakMap<EventStore, Map<string, Entry>>();

/**
 * A stream's fold as of now, as reading the whole stream and folding it would give: the fold of the events up to a
 * revision is kept, and each call reads only the events after it (a stream only grows and its events never change,
 * so the kept fold stays true whatever other writers do). For the access checks and answers that fold a record's or
 * a table's stream on every request: a record edited many times was read whole, twice per edit. `evolve` must not
 * change the state it is given (the domain's evolve functions return new states).
 */
export const readFolded = async <S, E>(
  eventStore: EventStore,
  streamId: string,
  initialState: () => S,
  evolve: (state: S, event: E) => S,
): Promise<FoldedStream<S>> => {
  let cache = caches.get(eventStore);
  if (cache === undefined) {
    cache = new Map();
    caches.set(eventStore, cache);
  }
  const entry = cache.get(streamId);
  const cached = entry?.evolve === evolve ? (entry.folded as FoldedStream<S>) : undefined;
  // the fold only reads the events: those the subscriptions have parsed already are not parsed again
  const fresh = await eventStore.readStream(streamId, { fromRevision: cached ? cached.revision + 1 : 0, shared: true });
  if (fresh.length === 0) return cached ?? { state: initialState(), revision: -1, first: undefined, last: undefined };
  let state = cached ? cached.state : initialState();
  for (const recorded of fresh) state = evolve(state, { type: recorded.type, data: recorded.data } as E);
  const last = fresh[fresh.length - 1]!;
  const folded: FoldedStream<S> = { state, revision: last.revision, first: cached?.first ?? fresh[0], last };
  // a concurrent call may have kept a later fold meanwhile
  const current = cache.get(streamId);
  if (current === undefined || current.evolve !== evolve || current.folded.revision < folded.revision) {
    cache.delete(streamId);
    cache.set(streamId, { evolve, folded });
    trimOldest(cache, FOLDED_STREAMS_SIZE);
  }
  return folded;
};
