/**
 * Child process of projectionKill.int.spec.ts: `node --import tsx runProjections.ts <dataDir>`.
 * Runs every projection (createProjectionRunner + allProjections) on <dataDir>/events.sqlite into
 * <dataDir>/documents.sqlite until the head, then exits 0. The test kills it with SIGKILL on the way.
 *
 * Lines on stdout tell the parent where the replay is:
 *   READY <head>                      the runner started
 *   CHECKPOINT <projection> <position> a checkpoint was written (alone, or in the bulk write of a batch's checkpoints)
 *   PAUSED <collection> <position>    (with PAUSE_AFTER_BULK_WRITE_AT) a bulk write of read-model documents up to
 *                                     <position> is stored and its checkpoint is not: the process hangs here to be killed
 *   DONE <position>                   every projection reached the head
 * The document store is the real embedded adapter; the wrapper only reports and, once, holds a write's continuation.
 */
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createSqliteEventStore, type Collection, type Doc, type DocumentStore } from '@stramien/infra';
import { allProjections, CHECKPOINTS_COLLECTION, createProjectionRunner } from '@stramien/projections';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: runProjections.ts <dataDir>');
  process.exit(2);
}
const pauseAt = Number(process.env.PAUSE_AFTER_BULK_WRITE_AT ?? 0);
const say = (line: string) => process.stdout.write(`${line}\n`);

const instrument = (store: DocumentStore): DocumentStore => {
  let paused = false;
  const wrap = <T extends Doc>(name: string, collection: Collection<T>): Collection<T> =>
    new Proxy(collection, {
      get(target, prop, receiver) {
        if (prop === 'bulkWrite' && name !== CHECKPOINTS_COLLECTION) {
          return async (...args: Parameters<Collection<T>['bulkWrite']>) => {
            const result = await target.bulkWrite(...args);
            if (pauseAt > 0 && !paused) {
              const positions = args[0].map((op) => ('replaceOne' in op ? Number(op.replaceOne.replacement._position ?? 0) : 0));
              const highest = Math.max(0, ...positions);
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
