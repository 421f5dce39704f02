import type { Collection, Doc, DocumentStore, EventStore, EventSubscription, RecordedEvent, BulkOperation } from '@stramien/infra';
import type { EventEnvelope, EventMetadata } from '@stramien/domain';
import { CHECKPOINTS_COLLECTION, type PositionedDoc, type Projection } from './projection';

export interface Checkpoint extends Doc {
  _id: string;
  position: number;
}

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
 */
export const applyBatch = async (projection: Projection, collection: Collection, events: EventEnvelope[]): Promise<void> => {
  const handled = new Set(projection.eventTypes);
  const cache = new Map<string, PositionedDoc | null>();
  const dirty = new Set<string>();
  for (const event of events) {
    if (!handled.has(event.type)) continue;
    for (const id of projection.documentIds(event)) {
      if (!cache.has(id)) cache.set(id, (await collection.findOne({ _id: id })) as PositionedDoc | null);
      const current = cache.get(id) ?? null;
      if (current && current._position >= event.position) continue;
      const next = projection.evolve(current, event, id);
      cache.set(id, next ? { ...next, _id: id, _position: event.position } : null);
      dirty.add(id);
    }
  }
  if (dirty.size === 0) return;
  const ops: BulkOperation<Doc>[] = [...dirty].map((id) => {
    const doc = cache.get(id);
    return doc ? { replaceOne: { filter: { _id: id }, replacement: doc, upsert: true } } : { deleteOne: { filter: { _id: id } } };
  });
  await collection.bulkWrite(ops);
};

const nextMacrotask = (): Promise<null> => new Promise((resolve) => setImmediate(() => resolve(null)));

export interface RunnerOptions {
  eventStore: EventStore;
  documentStore: DocumentStore;
  projections: Projection[];
  /** events per bulk write while catching up */
  batchSize?: number;
  onError?: (projection: string, error: unknown) => void;
}

/**
 * Runs every projection from its checkpoint: catch up, then live. Each projection has its own
 * subscription and checkpoint document in `_checkpoints`; the checkpoint is written after the
 * documents, so a crash replays a little and the position guard makes that harmless.
 */
export const createProjectionRunner = (options: RunnerOptions) => {
  const { eventStore, documentStore, projections } = options;
  const batchSize = options.batchSize ?? 500;
  const checkpoints = documentStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
  const running = new Map<string, { subscription: EventSubscription; done: Promise<void> }>();
  const positions = new Map<string, number>();
  const waiters = new Set<() => void>();

  const readCheckpoint = async (name: string): Promise<number> => (await checkpoints.findOne({ _id: name }))?.position ?? 0;
  const writeCheckpoint = (name: string, position: number) =>
    checkpoints.replaceOne({ _id: name }, { _id: name, position }, { upsert: true });

  const ensureIndexes = async (projection: Projection, collectionName: string) => {
    for (const index of projection.indexes ?? []) await documentStore.collection(collectionName).createIndex(index);
  };

  /** Consume a subscription into a collection in batches; resolves when the subscription closes. */
  const consume = async (projection: Projection, collectionName: string, checkpointName: string, subscription: EventSubscription) => {
    const collection = documentStore.collection(collectionName);
    const iterator = subscription[Symbol.asyncIterator]();
    let batch: EventEnvelope[] = [];
    let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
    const flush = async () => {
      if (batch.length === 0) return;
      const last = batch[batch.length - 1]!.position;
      await applyBatch(projection, collection, batch);
      await writeCheckpoint(checkpointName, last);
      batch = [];
      if (checkpointName === projection.name) {
        positions.set(projection.name, last);
        for (const w of waiters) w();
      }
    };
    for (;;) {
      pending ??= iterator.next();
      // take what is ready without waiting; flush when the stream goes quiet
      const next = batch.length === 0 ? await pending : await Promise.race([pending, nextMacrotask()]);
      if (next === null) {
        await flush();
        continue;
      }
      pending = null;
      if (next.done) break;
      batch.push(toEnvelope(next.value));
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  };

  const startOne = async (projection: Projection) => {
    await ensureIndexes(projection, projection.collection);
    const after = await readCheckpoint(projection.name);
    positions.set(projection.name, after);
    // unfiltered: the checkpoint must pass every position, or X-Min-Position waits would stall on other events
    const subscription = eventStore.subscribe({ after });
    const done = consume(projection, projection.collection, projection.name, subscription).catch((e) =>
      options.onError?.(projection.name, e),
    );
    running.set(projection.name, { subscription, done });
  };

  const stopOne = async (name: string) => {
    const r = running.get(name);
    if (!r) return;
    running.delete(name);
    await r.subscription.close();
    await r.done;
  };

  const find = (name: string): Projection => {
    const p = projections.find((x) => x.name === name);
    if (!p) throw new Error(`Unknown projection ${name}. Known: ${projections.map((x) => x.name).join(', ')}`);
    return p;
  };

  return {
    projections,
    async start() {
      for (const p of projections) await startOne(p);
    },
    async stop() {
      for (const name of [...running.keys()]) await stopOne(name);
      for (const w of waiters) w();
    },
    /** the lowest checkpoint over all projections */
    position(): number {
      return Math.min(...projections.map((p) => positions.get(p.name) ?? 0));
    },
    /** resolves true once every projection has passed `position`, false after `timeoutMs` */
    async waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
      if (this.position() >= position) return true;
      return new Promise<boolean>((resolve) => {
        const check = () => {
          if (this.position() >= position) finish(true);
        };
        const timer = setTimeout(() => finish(false), timeoutMs);
        const finish = (ok: boolean) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(ok);
        };
        waiters.add(check);
      });
    },
    /**
     * Rebuilds one projection from position 0 into a fresh collection while the live one keeps
     * serving, then stops the live runner, catches the new one up to the head, swaps it in and resumes.
     */
    async rebuild(name: string, onProgress?: (position: number, head: number) => void): Promise<number> {
      const projection = find(name);
      const temp = `${projection.collection}__rebuild`;
      await documentStore.collection(temp).drop();
      await ensureIndexes(projection, temp);
      const collection = documentStore.collection(temp);
      const filter = { eventTypes: [...projection.eventTypes] };
      const catchUp = async (after: number): Promise<number> => {
        let position = after;
        for (;;) {
          const events = await eventStore.readAll({ after: position, maxCount: batchSize * 4, filter });
          if (events.length === 0) return position;
          await applyBatch(projection, collection, events.map(toEnvelope));
          position = events[events.length - 1]!.position;
          onProgress?.(position, await eventStore.headPosition());
        }
      };
      let position = await catchUp(0);
      const wasRunning = running.has(name);
      await stopOne(name);
      position = await catchUp(position);
      await documentStore.renameCollection(temp, projection.collection);
      await writeCheckpoint(projection.name, position);
      if (wasRunning) await startOne(projection);
      return position;
    },
    readCheckpoint,
  };
};
export type ProjectionRunner = ReturnType<typeof createProjectionRunner>;
