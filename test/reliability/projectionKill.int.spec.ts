import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceEventSchemas, userEventSchemas } from '@stramien/domain';
import { createSqliteEventStore, type Doc, type DocumentStore } from '@stramien/infra';
import { allProjections, createProjectionRunner } from '@stramien/projections';
import { appendPlan, createRandom, generateDomainEvents, type DomainEventPlan } from './support/domainEvents';
import { checkpointsOf, withDocumentStore } from './support/readModels';
import { defineService, repoRoot } from './support/service';

const TOTAL_EVENTS = 100_000;
const seed = Number(process.env.RELIABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));

let dir: string;
let dataDir: string;
let plan: DomainEventPlan;
let head: number;

/** a run's kill point inside a bulk write (PAUSE_AFTER_BULK_WRITE_AT), or null for a kill between batches */
let pauseAt: number | null = null;
/** every projection replaying <dataDir> (support/runProjections.ts) */
const replay = defineService({
  script: join(repoRoot, 'test', 'reliability', 'support', 'runProjections.ts'),
  args: () => [dataDir],
  env: (): Record<string, string> => (pauseAt === null ? {} : { PAUSE_AFTER_BULK_WRITE_AT: String(pauseAt) }),
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-projection-kill-'));
  dataDir = join(dir, 'data');
  plan = generateDomainEvents({ total: TOTAL_EVENTS, users: 3_000, licences: 25, seed });
  const eventStore = createSqliteEventStore({ file: join(dataDir, 'events.sqlite') });
  try {
    head = await appendPlan(eventStore, plan);
  } finally {
    await eventStore.close();
  }
}, 120_000);

afterAll(() => {
  replay.killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

const readModels = async (store: DocumentStore): Promise<Record<string, Doc[]>> => {
  const out: Record<string, Doc[]> = {};
  for (const p of allProjections) out[p.collection] = await store.collection(p.collection).find({}, { sort: { _id: 1 } });
  return out;
};

describe('Projection runner', () => {
  describe('when killed with SIGKILL five times during a 100,000-event replay and restarted', () => {
    it('stores exactly the generated domain events', async () => {
      expect(plan.total).toBe(TOTAL_EVENTS);
      expect(head).toBe(TOTAL_EVENTS);
      const schemas: Record<string, { safeParse(v: unknown): { success: boolean } }> = { ...userEventSchemas, ...licenceEventSchemas };
      const invalid = plan.appends.flatMap((a) => a.events).filter((e) => !schemas[e.type]?.safeParse(e.data).success);
      expect(invalid).toEqual([]);
      expect(new Set(plan.appends.map((a) => a.streamId)).size).toBeGreaterThan(2_000);
    });

    it('ends with every read model, positions included, identical to a clean rebuild', async () => {
      const random = createRandom(seed);
      // five increasing points of the replay; kills 2 and 4 stop a projection between its document write and its checkpoint
      const targets = Array.from({ length: 5 }, () => 0.1 + random.next() * 0.8)
        .sort((a, b) => a - b)
        .map((f) => Math.floor(f * head));
      const modes = ['random-delay', 'mid-batch', 'random-delay', 'mid-batch', 'random-delay'] as const;
      const log: string[] = [`seed ${seed}`];

      for (let i = 0; i < 5; i++) {
        const target = targets[i]!;
        const mode = modes[i]!;
        pauseAt = mode === 'mid-batch' ? target : null;
        const child = await replay.start();
        let pausedCollection: string | undefined;
        if (mode === 'mid-batch') {
          const line = await child.waitFor((l) => l.startsWith('PAUSED '));
          pausedCollection = line.split(' ')[1];
        } else {
          await child.waitFor((l) => l.startsWith('CHECKPOINT ') && Number(l.split(' ')[2]) >= target);
          await sleep(random.int(0, 30));
        }
        const exit = await child.kill();
        expect(exit.signal, `kill ${i + 1} (${mode}): the child ended on its own; stderr:\n${child.stderr()}`).toBe('SIGKILL');

        const state = await withDocumentStore(join(dataDir, 'documents.sqlite'), async (store) => {
          const checkpoints = await checkpointsOf(store);
          const highestDoc = pausedCollection
            ? ((await store.collection<Doc & { _position: number }>(pausedCollection).findOne({}, { sort: { _position: -1 } }))
                ?._position ?? 0)
            : 0;
          return { checkpoints, highestDoc };
        });
        const lowest = Math.min(...allProjections.map((p) => state.checkpoints[p.name] ?? 0));
        log.push(`kill ${i + 1} ${mode} at ${target}: checkpoints ${JSON.stringify(state.checkpoints)}`);
        // the kill fell inside the replay, not after it
        expect(lowest, log.join('\n')).toBeLessThan(head);
        if (pausedCollection) {
          // documents stored beyond the projection's checkpoint: the restart replays events the read model already holds
          const projection = allProjections.find((p) => p.collection === pausedCollection)!;
          expect(state.highestDoc, log.join('\n')).toBeGreaterThan(state.checkpoints[projection.name] ?? 0);
        }
      }

      if (process.env.RELIABILITY_VERBOSE) console.log(log.join('\n'));
      pauseAt = null;
      const last = await replay.start();
      await last.waitFor((l) => l.startsWith('DONE '));
      expect((await last.exited).code, last.stderr()).toBe(0);

      // a clean rebuild of every projection from position 0 into a fresh document store
      const eventStore = createSqliteEventStore({ file: join(dataDir, 'events.sqlite') });
      const clean = await withDocumentStore(join(dir, 'clean.sqlite'), async (store) => {
        const runner = createProjectionRunner({ eventStore, documentStore: store, projections: allProjections });
        await runner.start();
        expect(await runner.waitForPosition(head, 90_000)).toBe(true);
        await runner.stop();
        return { models: await readModels(store), checkpoints: await checkpointsOf(store) };
      });
      await eventStore.close();

      const recovered = await withDocumentStore(join(dataDir, 'documents.sqlite'), async (store) => ({
        models: await readModels(store),
        checkpoints: await checkpointsOf(store),
      }));

      expect(clean.models.users).toHaveLength(plan.userIds.length);
      expect(clean.models.licences).toHaveLength(plan.licenceIds.length);
      expect(clean.models.sessions).toHaveLength(plan.counts.UserSignedIn ?? -1);
      for (const p of allProjections) {
        expect(recovered.checkpoints[p.name], p.name).toBe(head);
        expect(clean.checkpoints[p.name], p.name).toBe(head);
        expect(recovered.models[p.collection]!.length, `${p.collection}\n${log.join('\n')}`).toBe(clean.models[p.collection]!.length);
        expect(recovered.models[p.collection], `${p.collection}\n${log.join('\n')}`).toEqual(clean.models[p.collection]);
      }
    }, 150_000);
  });
});
