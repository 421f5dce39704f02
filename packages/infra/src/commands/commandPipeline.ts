import type { Actor, Command, Decider, DomainEvent, EventMetadata, EventSchemas } from '@stramien/domain';
import { DomainError } from '@stramien/domain';
import type { EventStore, ExpectedRevision, RecordedEvent } from '../eventStore/eventStore';
import type { ObservedEvent } from '../auth/authCache';
import { WrongExpectedRevisionError } from '../eventStore/eventStore';
import { newEventId } from '../eventStore/eventIds';
import { recordTiming } from '../diagnostics/timing';
import { trimOldest } from '../caches/trimOldest';

export interface CommandContext {
  actor: Actor;
  correlationId: string;
  /** id of what caused this command: the request id, or the event a process reacted to */
  causationId: string;
  projectId?: string;
}

export interface PipelineResult<S, E extends DomainEvent> {
  state: S;
  events: E[];
  /** global position of the last event appended (or of the stream's last event when nothing changed) */
  position: number;
}

export const MAX_CONFLICT_RETRIES = 5;

/** streams whose folded state the pipeline keeps (least recently used first out) */
export const STATE_CACHE_SIZE = 10_000;

/** A stream's folded state as of `revision` (its last event, -1 for none), for one decider. */
interface CachedState {
  decider: unknown;
  state: unknown;
  revision: number;
  /** global position of the stream's last event, 0 for none */
  position: number;
}

/**
 * Bounded LRU of folded stream states. An entry is only ever a fold of the events up to its revision, so it
 * stays correct whatever other writers do: a command folds the events after that revision on top of it,
 * and an append that loses a race (WrongExpectedRevision) drops it.
 */
const createStateCache = (size: number) => {
  const entries = new Map<string, CachedState>();
  return {
    get(streamId: string, decider: unknown): CachedState | undefined {
      const entry = entries.get(streamId);
      if (!entry || entry.decider !== decider) return undefined;
      entries.delete(streamId);
      entries.set(streamId, entry);
      return entry;
    },
    set(streamId: string, entry: CachedState) {
      const current = entries.get(streamId);
      if (current && current.decider === entry.decider && current.revision > entry.revision) return;
      entries.delete(streamId);
      entries.set(streamId, entry);
      trimOldest(entries, size);
    },
    drop(streamId: string) {
      entries.delete(streamId);
    },
  };
};

/**
 * load state (cached fold + the events after its revision) -> decide (the domain authorises inside decide
 * with the actor) -> validate events against their schemas -> append with the expected revision; on a
 * concurrency conflict the cached state is dropped and the whole pipeline runs again on the fresh stream,
 * a bounded number of times.
 */
export const createCommandPipeline = (deps: {
  eventStore: EventStore;
  now?: () => Date;
  newId?: () => string;
  /** streams whose state is kept between commands; 0 turns the cache off; default STATE_CACHE_SIZE */
  stateCacheSize?: number;
  /**
   * told of every append right after it is stored, before the command answers (the authenticator's cache
   * ends the lookups a revocation touches); each event carries the append's last position
   */
  onAppended?: (events: ObservedEvent[]) => void;
}) => {
  const newId = deps.newId ?? (() => newEventId());
  const cache = createStateCache(deps.stateCacheSize ?? STATE_CACHE_SIZE);
  const cacheOn = (deps.stateCacheSize ?? STATE_CACHE_SIZE) > 0;

  /** the stream's state now: the cached fold brought up to date with the events appended since */
  const load = async <E extends DomainEvent, S>(decider: Decider<never, E, S>, streamId: string): Promise<CachedState & { state: S }> => {
    const cached = cacheOn ? cache.get(streamId, decider) : undefined;
    const fresh: RecordedEvent[] = await deps.eventStore.readStream(streamId, cached ? { fromRevision: cached.revision + 1 } : {});
    let state = cached ? (cached.state as S) : decider.initialState();
    for (const r of fresh) state = decider.evolve(state, { type: r.type, data: r.data } as E);
    const last = fresh[fresh.length - 1];
    const loaded = {
      decider,
      state,
      revision: last?.revision ?? cached?.revision ?? -1,
      position: last?.position ?? cached?.position ?? 0,
    };
    if (cacheOn && fresh.length > 0) cache.set(streamId, loaded);
    return loaded;
  };

  return async <C extends Command, E extends DomainEvent, S>(input: {
    decider: Decider<C, E, S>;
    schemas: EventSchemas<E>;
    streamId: string;
    command: C;
    context: CommandContext;
    /**
     * the caller names a stream it expects to be new (an id it derived, e.g. an import row's record): the first try
     * decides on the initial state without reading the stream and appends with 'no_stream'; if the stream exists
     * after all, the conflict makes the next try load it as usual
     */
    newStream?: boolean;
  }): Promise<PipelineResult<S, E>> => {
    const { decider, schemas, streamId, command, context } = input;
    // the first try decides on the cached state without reading the stream: the append's expected revision
    // refuses it if another writer got in since. An answer that appends nothing (a DomainError, no events) is not
    // checked by an append, so it is only given on a state read afresh.
    let unread = cacheOn && !input.newStream ? (cache.get(streamId, decider) as (CachedState & { state: S }) | undefined) : undefined;
    for (let attempt = 0; ; attempt++) {
      let start = performance.now();
      const trusted = unread === undefined;
      const { state, revision, position } =
        unread ??
        (input.newStream && attempt === 0 ? { state: decider.initialState(), revision: -1, position: 0 } : await load(decider, streamId));
      unread = undefined;
      recordTiming('load', start);
      start = performance.now();
      const decision = decider.decide(command, state);
      recordTiming('decide', start);
      if (!trusted && (decision instanceof DomainError || decision.length === 0)) {
        attempt--;
        continue;
      }
      if (decision instanceof DomainError) throw decision;
      if (decision.length === 0) return { state, events: [], position };
      const metadata: EventMetadata = {
        userId: context.actor.userId,
        licenceId: context.actor.licenceId,
        ...(context.projectId ? { projectId: context.projectId } : {}),
        correlationId: context.correlationId,
        causationId: context.causationId,
        occurredAt: command.metadata.now,
      };
      const events = decision.map((e) => {
        const schema = (schemas as Record<string, { parse(v: unknown): unknown } | undefined>)[e.type];
        if (!schema) throw new Error(`No schema for event type ${e.type}`);
        return { id: newId(), type: e.type, data: schema.parse(e.data), metadata };
      });
      const expected: ExpectedRevision = revision >= 0 ? revision : 'no_stream';
      start = performance.now();
      try {
        const result = await deps.eventStore.append(streamId, events, expected);
        recordTiming('append', start);
        deps.onAppended?.(events.map((e) => ({ type: e.type, data: e.data, position: result.position })));
        // the state a fresh fold of the stored events gives (their data as the schemas parsed it)
        const next = events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), state);
        if (cacheOn && result.nextExpectedRevision === revision + events.length) {
          cache.set(streamId, { decider, state: next, revision: result.nextExpectedRevision, position: result.position });
        } else {
          // an idempotent append or a foreign write in between: the next command reads the stream afresh
          cache.drop(streamId);
        }
        return { state: next, events: decision, position: result.position };
      } catch (e) {
        cache.drop(streamId);
        if (e instanceof WrongExpectedRevisionError && !trusted) {
          // the cached state was behind the stream: that try does not count as a conflict
          attempt--;
          continue;
        }
        if (e instanceof WrongExpectedRevisionError && attempt < MAX_CONFLICT_RETRIES) continue;
        throw e;
      }
    }
  };
};
export type CommandPipeline = ReturnType<typeof createCommandPipeline>;
