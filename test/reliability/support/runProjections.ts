/**
 * Child process of projectionKill.int.spec.ts: `node --import tsx runProjections.ts <dataDir>`.
 * Runs every projection (createProjectionRunner + allProjections) on <dataDir>/events.sqlite into
 * <dataDir>/documents.sqlite until the head, then exits 0. The test kills it with SIGKILL on the way.
 *
 * Lines on stdout tell the parent where the replay is:
 *   READY <head>                      the runner started
 *   CHECKPOINT <projection> <position> a checkpoint was written (alone, or in the bulk write of a batch's checkpoints)
 *   PAUSED <collection> <position>    (with PAUSE_AFTER_BULK_WRITE_AT) a bulk write of read-model documents up to
 *                                     <position> is stored and its checkpoint is not: the process hangs here to be killed;
 *                                     (with PAUSE_IN_SLICE=<prefix>) the first slice of a held batch (a bulk write of
 *                                     HELD_BATCH_SLICE documents, heldBatchKill.int.spec.ts) to a collection named so
 *   DONE <position>                   every projection reached the head
 * With HOLD_MS the runner holds the events of HELD_EVENT_TYPES as the one-process runtime does under load, so batches of
 * those types only are written in slices (docs/performance.md 47.).
 * The document store is the real embedded adapter; the wrapper only reports and, once, holds a write's continuation.
 */
import { join } from 'node:path';
import {
  createEmbeddedDocumentStore,
  createSqliteEventStore,
  type BulkOperation,
  type Collection,
  type Doc,
  type DocumentStore,
} from '@stramien/infra';
import { allProjections, CHECKPOINTS_COLLECTION, createProjectionRunner, HELD_BATCH_SLICE, HELD_EVENT_TYPES } from '@stramien/projections';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: runProjections.ts <dataDir>');
  process.exit(2);
}
const pauseAt = Number(process.env.PAUSE_AFTER_BULK_WRITE_AT ?? 0);
const pauseInSlice = process.env.PAUSE_IN_SLICE ?? '';
const holdMs = Number(process.env.HOLD_MS ?? 0);
const say = (line: string) => process.stdout.write(`${line}\n`);

/** the log position a bulk operation writes: a document's `_position` or a version's `from`, or the `to` that closes one */
const writtenPosition = (op: BulkOperation<Doc>): number => {
  const [written, keys]: [Record<string, unknown> | undefined, string[]] =
    'replaceOne' in op
      ? [op.replaceOne.replacement, ['_position', 'from']]
      : 'insertOne' in op
        ? [op.insertOne.document, ['_position', 'from']]
        : 'updateOne' in op
          ? [(op.updateOne.update as { $set?: Record<string, unknown> }).$set, ['_position', 'to']]
          : [undefined, []];
  // an open version's `to` is no position (it stands for "until now")
  return Math.max(0, ...keys.map((key) => Number(written?.[key] ?? 0)).filter((n) => Number.isSafeInteger(n)));
};

const instrument = (store: DocumentStore): DocumentStore => {
  let paused = false;
  const wrap = <T extends Doc>(name: string, collection: Collection<T>): Collection<T> =>
    new Proxy(collection, {
      get(target, prop, receiver) {
        if (prop === 'bulkWrite' && name !== CHECKPOINTS_COLLECTION) {
          return async (...args: Parameters<Collection<T>['bulkWrite']>) => {
            const result = await target.bulkWrite(...args);
            if (pauseInSlice !== '' && !paused && name.startsWith(pauseInSlice) && args[0].length === HELD_BATCH_SLICE) {
              paused = true;
              say(`PAUSED ${name} ${Math.max(0, ...args[0].map(writtenPosition))}`);
              await new Promise<never>(() => {});
            }
            if (pauseAt > 0 && !paused) {
              const highest = Math.max(0, ...args[0].map(writtenPosition));
              if (highest >= pauseAt) {
                paused = true;
                say(`PAUSED ${name} ${highest}`);
                await new Promise<never>(() => {});
              }
            }
            return result;
          };
        }
        if (prop === 'replaceOne' && name === CHECKPOINTS_COLLECTION) {
          return async (...args: Parameters<Collection<T>['replaceOne']>) => {
            const result = await target.replaceOne(...args);
            const doc = args[1] as unknown as { _id: string; position: number };
            say(`CHECKPOINT ${doc._id} ${doc.position}`);
            return result;
          };
        }
        // the runner moves the checkpoints of a batch in one bulk write: a line for each, once it is stored
        if (prop === 'bulkWrite' && name === CHECKPOINTS_COLLECTION) {
          return async (...args: Parameters<Collection<T>['bulkWrite']>) => {
            const result = await target.bulkWrite(...args);
            for (const op of args[0]) {
              if (!('replaceOne' in op)) continue;
              const doc = op.replaceOne.replacement as unknown as { _id: string; position: number };
              say(`CHECKPOINT ${doc._id} ${doc.position}`);
            }
            return result;
          };
        }
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'collection') return <T extends Doc>(name: string) => wrap(name, target.collection<T>(name));
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
};

const eventStore = createSqliteEventStore({ file: join(dataDir, 'events.sqlite') });
const documentStore = instrument(createEmbeddedDocumentStore({ file: join(dataDir, 'documents.sqlite') }));
const runner = createProjectionRunner({
  eventStore,
  documentStore,
  projections: allProjections,
  ...(holdMs > 0 ? { coalesce: { ms: holdMs, eventTypes: HELD_EVENT_TYPES } } : {}),
  onError: (name, error) => {
    console.error(`projection ${name} failed`, error);
    process.exit(3);
  },
});
const head = await eventStore.headPosition();
await runner.start();
say(`READY ${head}`);
if (!(await runner.waitForPosition(head, 120_000))) {
  console.error(`projections did not reach ${head} (at ${runner.position()})`);
  process.exit(4);
}
await runner.stop();
say(`DONE ${runner.position()}`);
await eventStore.close();
await documentStore.close();
