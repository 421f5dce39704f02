import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, identityRoutes, projectRoutes, tableRoutes, taskRoutes } from '@stramien/api';
import { createSqliteEventStore, type Doc, type DocumentStore } from '@stramien/infra';
import { allProjections, createProjectionRunner } from '@stramien/projections';
import { defineAllInOne, signIn } from './support/allInOne';
import { checkpointsOf, withDocumentStore } from './support/readModels';
import { defineService, repoRoot } from './support/service';

/**
 * docs/performance.md 47.-49.: the events of record edits and task detail updates are held for larger projection
 * batches, and a batch of those types only is written in slices, a transaction each, with turns of the event loop in
 * between; the projection's checkpoint moves after the last slice. A real server (`npm start`'s runtime) first writes a
 * log of thousands of such edits from clients editing records and tasks at full speed. Then the projections replay it
 * into fresh read models as that runtime runs them (held types, slices), in a child process that is SIGKILLed three
 * times right after the first slice of a batch (support/runProjections.ts PAUSE_IN_SLICE): documents ahead of their
 * checkpoint each time. Started again, it must end with read models equal to a rebuild of every projection from the
 * start of the log in one go (no slices).
 */
const ADMIN = { email: 'admin@held-kill.test', password: 'Admin#Pass123' };
const CLIENTS = 24;
/** edits in the log: several pages (the runner's batchSize, 2,000) of held types only */
const EDITS = 6_000;
const HOLD_MS = 200;

let dir: string;
const server = defineAllInOne(ADMIN, () => join(dir, 'data'));
const projectionRun = defineService({
  script: join(repoRoot, 'test', 'reliability', 'support', 'runProjections.ts'),
  args: () => [join(dir, 'replay')],
  env: (): Record<string, string> => ({ HOLD_MS: String(HOLD_MS), ...(pauseIn === null ? {} : { PAUSE_IN_SLICE: pauseIn }) }),
});
/** the collections whose first slice the next child run stops after (null: it runs to the head) */
let pauseIn: string | null = null;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-held-kill-'));
});

afterAll(() => {
  server.killAll();
  projectionRun.killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** the projections' collections: each projection's own, and the tables projection's per-table ones */
const projectedCollections = async (store: DocumentStore): Promise<string[]> => {
  const own = new Set(allProjections.map((p) => p.collection));
  return (await store.listCollections()).filter((name) => own.has(name) || name.startsWith('table_'));
};

const readModels = async (store: DocumentStore): Promise<Record<string, Doc[]>> => {
  const out: Record<string, Doc[]> = {};
  for (const name of await projectedCollections(store)) out[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
  return out;
};

/** every projection rebuilt from the start of the replayed log in one go (no held batches, no slices) */
const rebuild = async (): Promise<{ models: Record<string, Doc[]>; checkpoints: Record<string, number> }> => {
  const eventStore = createSqliteEventStore({ file: join(dir, 'replay', 'events.sqlite') });
  try {
    const head = await eventStore.headPosition();
    return await withDocumentStore(join(dir, 'clean.sqlite'), async (store) => {
      const runner = createProjectionRunner({ eventStore, documentStore: store, projections: allProjections });
      await runner.start();
      expect(await runner.waitForPosition(head, 90_000)).toBe(true);
      await runner.stop();
      return { models: await readModels(store), checkpoints: await checkpointsOf(store) };
    });
  } finally {
    await eventStore.close();
  }
};

describe('held projection batches written in slices', () => {
  it('end equal to a rebuild when the projections are SIGKILLed between two slices, three times', async () => {
    // the log: a project, a table with a text column, a record and a task per client, then their edits
    const run = await server.start();
    const token = await signIn(run.url, ADMIN);
    const api = createApiClient({ baseUrl: run.url, getToken: () => token });
    const me = await api.call(identityRoutes.currentUser);
    const projectId = (await api.call(projectRoutes.create, { body: { license: me.licenses[0]!.id, name: 'Held', number: 'H-1' } })).data
      .id;
    const tableId = (await api.call(tableRoutes.createTable, { body: { project: projectId, name: 'Rooms' } })).data.id;
    const columnId = (await api.call(tableRoutes.createColumn, { body: { table: tableId, name: 'Name', type: 'text', position: 0 } })).data
      .id;
    const records: string[] = [];
    const tasks: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const values = { [columnId]: `room ${i}` };
      records.push((await api.call(tableRoutes.createRecord, { body: { project: projectId, table: tableId, values } })).data.id);
      const task = { project: projectId, title: `Task ${i}`, priority: 'normal', assigned_to: me.id };
      tasks.push((await api.call(taskRoutes.create, { body: task })).data.id);
    }
    let sent = 0;
    const client = async (i: number) => {
      for (let n = 0; sent < EDITS; n++) {
        sent++;
        if (n % 2 === 0)
          await api.call(tableRoutes.updateRecord, { params: { id: records[i]! }, body: { values: { [columnId]: `room ${i}.${n}` } } });
        else await api.call(taskRoutes.update, { params: { id: tasks[i]! }, body: { title: `Task ${i}.${n}` } });
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    expect(await run.terminate()).not.toBeNull();
    // the child replays the server's log into read models of its own
    mkdirSync(join(dir, 'replay'));
    for (const file of ['events.sqlite', 'events.sqlite-wal'])
      if (existsSync(join(dir, 'data', file))) copyFileSync(join(dir, 'data', file), join(dir, 'replay', file));

    const log: string[] = [];
    const prefixes = ['tasks', `table_versions_${tableId}`, `table_records_${tableId}`];
    for (const [kill, prefix] of prefixes.entries()) {
      pauseIn = prefix;
      const child = await projectionRun.start();
      const paused = await child.waitFor((line) => line.startsWith('PAUSED '));
      expect((await child.kill()).signal).toBe('SIGKILL');
      // the slice is stored, its batch's checkpoint is not: the projection's documents hold events past its checkpoint
      const state = await withDocumentStore(join(dir, 'replay', 'documents.sqlite'), async (store) => {
        const highest = async (collection: string, key: string) =>
          Number((await store.collection(collection).findOne({}, { sort: { [key]: -1 } }))?.[key] ?? 0);
        return {
          checkpoints: await checkpointsOf(store),
          tasks: await highest('tasks', '_position'),
          tables: await highest(`table_versions_${tableId}`, 'from'),
        };
      });
      const projection = prefix === 'tasks' ? 'tasks' : 'tables';
      log.push(`kill ${kill + 1}: ${paused}; checkpoint ${state.checkpoints[projection] ?? 0}, stored up to ${state[projection]}`);
      expect(state[projection], log.join('\n')).toBeGreaterThan(state.checkpoints[projection] ?? 0);
    }
    pauseIn = null;
    const last = await projectionRun.start();
    await last.waitFor((line) => line.startsWith('DONE '));
    expect((await last.exited).code, last.stderr()).toBe(0);
    if (process.env.RELIABILITY_VERBOSE) console.log(log.join('\n'));

    const recovered = await withDocumentStore(join(dir, 'replay', 'documents.sqlite'), async (store) => ({
      models: await readModels(store),
      checkpoints: await checkpointsOf(store),
    }));
    const clean = await rebuild();
    expect(Object.keys(recovered.models).sort()).toEqual(Object.keys(clean.models).sort());
    expect(clean.models[`table_records_${tableId}`]).toHaveLength(CLIENTS);
    expect(clean.models[`table_versions_${tableId}`]!.length).toBeGreaterThan(EDITS / 2);
    for (const name of Object.keys(clean.models)) expect(recovered.models[name], `${name}\n${log.join('\n')}`).toEqual(clean.models[name]);
    for (const p of allProjections) expect(recovered.checkpoints[p.name], p.name).toBe(clean.checkpoints[p.name]);
  }, 300_000);
});
