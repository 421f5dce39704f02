import type {
  Collection,
  Doc,
  DocumentStore,
  EventStore,
  EventSubscription,
  RecordedEvent,
  BulkOperation,
  Checkpoint,
  HealthRegistry,
  Supervised,
} from '@stramien/infra';
import { supervise } from '@stramien/infra';
import type { EventEnvelope, EventMetadata } from '@stramien/domain';
import {
  CHECKPOINTS_COLLECTION,
  nextTurn,
  pausesBefore,
  writeInSlices,
  type ApplyOptions,
  type PositionedDoc,
  type Projection,
} from './projection';

/** what `heldUntil` answers when the held events are due */
const HELD_OVER = Symbol('held over');

/**
 * The slice a held batch is written in (`ApplyOptions.slice`): about a millisecond of the embedded store's writes,
 * fewer than the requests of one turn under load, so that a batch's writes spread over the turns its events keep
 * coming in, and the next batch takes them all (docs/performance.md 47.).
 */
export const HELD_BATCH_SLICE = 20;

export type { Checkpoint } from '@stramien/infra';

export const toEnvelope = (e: RecordedEvent): EventEnvelope => ({
  id: e.id,
  type: e.type,
  data: e.data,
  metadata: e.metadata as unknown as EventMetadata,
  streamId: e.streamId,
  revision: e.revision,
  position: e.position,
  recordedAt: e.recordedAt,
});

/**
 * Applies a batch of events to one projection's collection: loads each touched document once,
 * evolves it through the events newer than its `_position`, and writes all changes in one bulk write.
 * A StoreProjection applies the batch itself, to `store`.
 */
export const applyBatch = async (
  projection: Projection,
  collection: Collection,
  events: EventEnvelope[],
  store?: DocumentStore,
  options?: ApplyOptions,
): Promise<void> => {
  const handled = new Set(projection.eventTypes);
  return applyHandled(
    projection,
    collection,
    events.filter((e) => handled.has(e.type)),
    store,
    options,
  );
};

/** a batch's events by type, each list in position order */
const eventsByType = (events: EventEnvelope[]): Map<string, EventEnvelope[]> => {
  const byType = new Map<string, EventEnvelope[]>();
  for (const event of events) {
    const list = byType.get(event.type);
    if (list === undefined) byType.set(event.type, [event]);
    else list.push(event);
  }
  return byType;
};

/** the events of `byType` that `projection` handles, in position order (an array of its own) */
const handledEvents = (projection: Projection, byType: Map<string, EventEnvelope[]>): EventEnvelope[] => {
  const lists: EventEnvelope[][] = [];
  for (const type of new Set(projection.eventTypes)) {
    const list = byType.get(type);
    if (list !== undefined) lists.push(list);
  }
  if (lists.length <= 1) return lists[0]?.slice() ?? [];
  return lists.flat().sort((a, b) => a.position - b.position);
};

/**
 * A projection's document as the runner stores it: `_id` first (as the store keeps it), the projection's fields, its
 * position. Not `{ ...doc, _id, _position }`: keys added to a spread copy take V8 11's slow path, a new hidden class
 * per document (docs/performance.md 40.).
 */
export const positioned = (doc: Doc, id: string, position: number): PositionedDoc => {
  const stored = { _id: id, ...(doc as Omit<Doc, '_id'>) } as PositionedDoc;
  stored._id = id;
  stored._position = position;
  return stored;
};

/** applyBatch on events already narrowed to the types the projection handles, in position order */
const applyHandled = async (
  projection: Projection,
  collection: Collection,
  events: EventEnvelope[],
  store?: DocumentStore,
  options?: ApplyOptions,
): Promise<void> => {
  if ('applyEvents' in projection) {
    if (!store) throw new Error(`The projection ${projection.name} needs the document store`);
    return projection.applyEvents(store, events, options);
  }
  if (events.length === 0) return;
  const touched = events.map((event) => ({ event, ids: projection.documentIds(event) }));
  // one query loads every document the batch touches
  const wanted = [...new Set(touched.flatMap((t) => t.ids))];
  const cache = new Map<string, PositionedDoc | null>(wanted.map((id) => [id, null]));
  for (let i = 0; i < wanted.length; i += 500) {
    for (const doc of (await collection.find({ _id: { $in: wanted.slice(i, i + 500) } })) as PositionedDoc[]) cache.set(doc._id, doc);
  }
  const dirty = new Set<string>();
  for (let i = 0; i < touched.length; i++) {
    if (pausesBefore(i, options)) await nextTurn();
    const { event, ids } = touched[i]!;
    for (const id of ids) {
      const current = cache.get(id) ?? null;
      if (current && current._position >= event.position) continue;
      const next = projection.evolve(current, event, id);
      cache.set(id, next ? positioned(next, id, event.position) : null);
      dirty.add(id);
    }
  }
  if (dirty.size === 0) return;
  const ops: BulkOperation<Doc>[] = [...dirty].map((id) => {
    const doc = cache.get(id);
    return doc ? { replaceOne: { filter: { _id: id }, replacement: doc, upsert: true } } : { deleteOne: { filter: { _id: id } } };
  });
  // in one bulk write (one transaction), or in slices
  await writeInSlices(ops, options, ops.length, (chunk) => collection.bulkWrite(chunk));
};

export interface RunnerOptions {
  eventStore: EventStore;
  documentStore: DocumentStore;
  projections: Projection[];
  /** events per bulk write while catching up */
  batchSize?: number;
  /**
   * Under load, events of these types are held for a larger batch (docs/performance.md 46.): when they come in less
   * than `ms` after the last batch began, they wait until `ms` after it, with those that follow. The batch begins at
   * once when somebody waits for a position (`waitForPosition`: a settling command, an X-Min-Position query), when an
   * event of another type comes in, or when batchSize events are held; after a quiet spell the first events go at
   * once. For the events of commands answered before their read models (record edits). Default: none held.
   */
  coalesce?: { ms: number; eventTypes: readonly string[] };
  /** where the reader reports its state and lag (events behind the lowest checkpoint) */
  health?: HealthRegistry;
  /** told of every failure of the reader, before it retries */
  onError?: (projection: string, error: unknown) => void;
}

/** the projection runner's name in the health report */
export const PROJECTIONS_COMPONENT = 'projections';

/**
 * Runs every projection from its checkpoint: one reader of the event log (catch up, then live) feeds
 * all projections in batches; each projection keeps its own checkpoint document in `_checkpoints`
 * and skips the events at or below it. A checkpoint is written after its documents, so a crash
 * replays a little and the `_position` guard makes that harmless.
 */
export const createProjectionRunner = (options: RunnerOptions) => {
  const { eventStore, documentStore, projections } = options;
  const batchSize = options.batchSize ?? 2000;
  const coalesceMs = options.coalesce?.ms ?? 0;
  const heldTypes = new Set(options.coalesce?.eventTypes ?? []);
  const checkpoints = documentStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
  const live = new Map<string, { projection: Projection; position: number }>();
  const waiters = new Set<() => void>();
  /** wakes a batch held back by `coalesceMs` when somebody begins to wait */
  let wakeHeld: (() => void) | null = null;
  let reader: Supervised | null = null;
  let markRunning = () => {};
  // batches and the final step of a rebuild never interleave
  let lock: Promise<void> = Promise.resolve();
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const previous = lock;
    let release!: () => void;
    lock = new Promise<void>((r) => (release = r));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  };

  const readCheckpoint = async (name: string): Promise<number> => (await checkpoints.findOne({ _id: name }))?.position ?? 0;
  const writeCheckpoint = (name: string, position: number) =>
    checkpoints.replaceOne({ _id: name }, { _id: name, position }, { upsert: true });

  const ensureIndexes = async (projection: Projection, collectionName: string) => {
    for (const index of projection.indexes ?? []) await documentStore.collection(collectionName).createIndex(index);
  };

  const notify = () => {
    markRunning();
    for (const w of waiters) w();
  };

  /**
   * Every projection takes the batch's events above its own checkpoint; then the checkpoints of all of them move to
   * the batch's end in one write (one transaction rather than one per projection: a live batch of a few events
   * touches a few read models, but every projection's checkpoint passes it). The batch is sorted by event type once;
   * each projection takes the lists of its types.
   */
  const processBatch = async (batch: EventEnvelope[], options?: ApplyOptions) => {
    const first = batch[0]!.position;
    const last = batch[batch.length - 1]!.position;
    const moved: Array<{ entry: { position: number }; name: string }> = [];
    const byType = eventsByType(batch);
    for (const entry of live.values()) {
      if (entry.position >= last) continue;
      let events = handledEvents(entry.projection, byType);
      if (entry.position >= first) events = events.filter((e) => e.position > entry.position);
      await applyHandled(entry.projection, documentStore.collection(entry.projection.collection), events, documentStore, options);
      moved.push({ entry, name: entry.projection.name });
    }
    if (moved.length > 0) {
      await checkpoints.bulkWrite(
        moved.map(({ name }) => ({ replaceOne: { filter: { _id: name }, replacement: { _id: name, position: last }, upsert: true } })),
      );
      for (const { entry } of moved) entry.position = last;
    }
    notify();
  };

  /** Reads the subscription in batches (as many as are ready, up to batchSize); resolves when it closes. */
  const consume = async (sub: EventSubscription) => {
    if (coalesceMs <= 0 || heldTypes.size === 0) {
      for await (const batch of sub.batches(batchSize)) {
        if (batch.length > 0) await exclusive(() => processBatch(batch.map(toEnvelope)));
      }
      return;
    }
    await consumeCoalesced(sub);
  };

  /**
   * `consume` with `coalesce`: the events read are held until `coalesceMs` after the last batch began (the next page
   * is read meanwhile) while all of them are of the held types, nobody waits for a position and fewer than batchSize
   * are held. A batch of held types only is written in slices (`HELD_BATCH_SLICE`).
   */
  const consumeCoalesced = async (sub: EventSubscription) => {
    const pages = sub.batches(batchSize)[Symbol.asyncIterator]();
    let held: EventEnvelope[] = [];
    /** every event in `held` is of a held type */
    let allHeld = true;
    let lastBegun = -Infinity;
    const readNext = () => {
      const next = pages.next();
      // awaited below; a failure while a batch runs must not count as unhandled
      next.catch(() => {});
      return next;
    };
    const run = async () => {
      const batch = held;
      const options = allHeld ? { slice: HELD_BATCH_SLICE } : undefined;
      held = [];
      allHeld = true;
      lastBegun = performance.now();
      await exclusive(() => processBatch(batch, options));
    };
    let next = readNext();
    for (;;) {
      const page = held.length === 0 ? await next : await heldUntil(next, lastBegun + coalesceMs);
      if (page === HELD_OVER) {
        await run();
        continue;
      }
      if (page.done) {
        if (held.length > 0) await run();
        return;
      }
      let holdable = true;
      for (const event of page.value) {
        held.push(toEnvelope(event));
        if (!heldTypes.has(event.type)) holdable = false;
      }
      if (!holdable) allHeld = false;
      next = readNext();
      if (!holdable || held.length >= batchSize || waiters.size > 0 || performance.now() >= lastBegun + coalesceMs) await run();
    }
  };

  /** `next`, or HELD_OVER at `until` (performance.now()) or when somebody begins to wait, whichever comes first */
  const heldUntil = <T>(next: Promise<T>, until: number): Promise<T | typeof HELD_OVER> => {
    if (waiters.size > 0) return Promise.resolve(HELD_OVER);
    let timer: NodeJS.Timeout | undefined;
    const over = new Promise<typeof HELD_OVER>((resolve) => {
      timer = setTimeout(() => resolve(HELD_OVER), Math.max(0, until - performance.now()));
      wakeHeld = () => resolve(HELD_OVER);
    });
    return Promise.race([next, over]).finally(() => {
      clearTimeout(timer);
      wakeHeld = null;
    });
  };

  const find = (name: string): Projection => {
    const p = projections.find((x) => x.name === name);
    if (!p) throw new Error(`Unknown projection ${name}. Known: ${projections.map((x) => x.name).join(', ')}`);
    return p;
  };

  // a loop, not Math.min over a mapped copy: the API asks it on a request's path (`ProjectionWait.passed`)
  const position = (): number => {
    let lowest = Infinity;
    for (const p of projections) lowest = Math.min(lowest, live.get(p.name)?.position ?? 0);
    return lowest;
  };

  return {
    projections,
    async start() {
      for (const projection of projections) {
        await ensureIndexes(projection, projection.collection);
        live.set(projection.name, { projection, position: await readCheckpoint(projection.name) });
      }
      // one reader, retried with backoff for ever; each attempt resumes from the checkpoints
      reader = supervise({
        reporter: options.health?.register(PROJECTIONS_COMPONENT, { lag: async () => (await eventStore.headPosition()) - position() }),
        onError: (e) => options.onError?.('runner', e),
        async run({ signal, running }) {
          markRunning = running;
          // unfiltered: checkpoints must pass every position, or X-Min-Position waits would stall on other events
          const sub = eventStore.subscribe({ after: position() });
          const close = () => void sub.close();
          signal.addEventListener('abort', close, { once: true });
          try {
            if ((await eventStore.headPosition()) <= position()) running();
            await consume(sub);
          } finally {
            signal.removeEventListener('abort', close);
            await sub.close();
          }
        },
      });
    },
    async stop() {
      await reader?.stop();
      reader = null;
      notify();
    },
    /** the lowest checkpoint over all projections */
    position,
    /** resolves true once every projection has passed `target`, false after `timeoutMs` */
    async waitForPosition(target: number, timeoutMs: number): Promise<boolean> {
      if (position() >= target) return true;
      return new Promise<boolean>((resolve) => {
        const check = () => {
          if (position() >= target) finish(true);
        };
        const timer = setTimeout(() => finish(false), timeoutMs);
        const finish = (ok: boolean) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(ok);
        };
        waiters.add(check);
        wakeHeld?.();
      });
    },
    /**
     * Rebuilds one projection from position 0 into a fresh collection while the live one keeps
     * serving; then, between two batches of the live reader, catches up to the head, swaps it in and
     * moves its checkpoint, so the live reader goes on from there.
     */
    async rebuild(name: string, onProgress?: (position: number, head: number) => void): Promise<number> {
      const projection = find(name);
      if ('applyEvents' in projection)
        throw new Error(`The projection ${name} spans collections and cannot be rebuilt beside the live one`);
      const temp = `${projection.collection}__rebuild`;
      await documentStore.collection(temp).drop();
      await ensureIndexes(projection, temp);
      const collection = documentStore.collection(temp);
      const catchUp = async (after: number): Promise<number> => {
        let reached = after;
        for (;;) {
          const events = await eventStore.readAll({ after: reached, maxCount: batchSize * 4 });
          if (events.length === 0) return reached;
          await applyBatch(projection, collection, events.map(toEnvelope));
          reached = events[events.length - 1]!.position;
          onProgress?.(reached, await eventStore.headPosition());
        }
      };
      const first = await catchUp(0);
      return exclusive(async () => {
        const reached = await catchUp(first);
        await documentStore.renameCollection(temp, projection.collection);
        await writeCheckpoint(projection.name, reached);
        const entry = live.get(projection.name);
        if (entry) entry.position = reached;
        notify();
        return reached;
      });
    },
    readCheckpoint,
  };
};
export type ProjectionRunner = ReturnType<typeof createProjectionRunner>;
