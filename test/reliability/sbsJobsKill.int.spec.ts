import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJobStreamId } from '@stramien/domain';
import { createSqliteEventStore, type RecordedEvent } from '@stramien/infra';
import { importedSbsNodeId } from '@stramien/jobs';
import { defineAllInOne, json, signIn, type Json } from './support/allInOne';
import { createRandom } from './support/domainEvents';
import type { ServiceRun } from './support/service';

/**
 * Issue 8 "Bulk work runs as a background job … in chunks that are each atomic and idempotent": an SBS import of
 * 20,000 nodes against a real server process (the one-process runtime, whose job worker runs it), SIGKILLed at a
 * seeded random point of the job and started again; the restarted worker resumes it and every node exists exactly
 * once. Then a clear of the version, SIGKILLed in the middle the same way: every node ends deleted, with one
 * `SbsNodeDeleted` each. Counted from the event log, the truth, after the server has stopped. SBS_JOBS_KILL_SEED
 * repeats a run's kill points.
 */
const ROOTS = 100;
const CHILDREN = 199;
const NODES = ROOTS * (CHILDREN + 1);
const SEED = Number(process.env.SBS_JOBS_KILL_SEED ?? Date.now() % 1_000_000);
const ADMIN = { email: 'admin@sbs-jobs-kill.test', password: 'Admin#Pass123' };

const random = createRandom(SEED).next;

let dir: string;
const server = defineAllInOne(ADMIN, () => join(dir, 'data'));

/** the roots first, then their children: row n (line n + 1) is node `importedSbsNodeId(job, n + 1)` */
const csv = (): string => {
  const lines = ['code;label;parent code'];
  for (let r = 0; r < ROOTS; r++) lines.push(`R${r};Root ${r};`);
  for (let r = 0; r < ROOTS; r++) for (let c = 0; c < CHILDREN; c++) lines.push(`R${r}.${c};Child ${c} of ${r};R${r}`);
  return `${lines.join('\n')}\n`;
};

/** polls the job until `until` holds for it (or it ended); answers its view */
const watch = async (run: ServiceRun, token: string, jobId: string, until: (job: Json) => boolean): Promise<Json> => {
  for (;;) {
    const res = await json(`${run.url}/api/jobs/${jobId}`, { method: 'GET', token });
    if (res.status === 200 && (until(res.body.data) || ['finished', 'failed', 'canceled'].includes(res.body.data.state)))
      return res.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** runs the job to its end, with one SIGKILL once its progress has passed a seeded point between 10 % and 80 % */
const killedOnce = async (run: ServiceRun, jobId: string): Promise<{ run: ServiceRun; token: string; done: Json }> => {
  let token = await signIn(run.url, ADMIN);
  const point = Math.floor((0.1 + random() * 0.7) * NODES);
  const seen = await watch(run, token, jobId, (job) => job.progress.done >= point);
  expect(seen.state, 'killed while the job was at work').toBe('running');
  expect((await run.kill()).signal).toBe('SIGKILL');
  const next = await server.start();
  token = await signIn(next.url, ADMIN);
  return { run: next, token, done: await watch(next, token, jobId, () => false) };
};

/** the number of the version's live nodes the read model lists, once it lists `expected` (the projections catch up) */
const untilListed = async (run: ServiceRun, token: string, projectId: string, expected: number): Promise<number> => {
  let count = -1;
  for (let i = 0; i < 600 && count !== expected; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    const res = await json(`${run.url}/api/project/${projectId}/sbs?filter%5Blimit%5D=0`, { method: 'GET', token });
    count = res.status === 200 ? (res.body.data as unknown[]).length : -1;
  }
  return count;
};

const readAllOf = async (file: string, types: string[]): Promise<RecordedEvent[]> => {
  const store = createSqliteEventStore({ file });
  try {
    const all: RecordedEvent[] = [];
    for (let after = 0; ;) {
      const page = await store.readAll({ after, maxCount: 10_000, filter: { categories: ['sbs', 'job'], eventTypes: types } });
      if (page.length === 0) return all;
      all.push(...page);
      after = page[page.length - 1]!.position;
    }
  } finally {
    await store.close();
  }
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-sbs-jobs-kill-'));
});

afterAll(() => {
  server.killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`SBS jobs of ${NODES} nodes (seed ${SEED})`, () => {
  it('an import and a clear, each SIGKILLed at a random point and resumed, write each node once and delete each once', async () => {
    let run = await server.start();
    let token = await signIn(run.url, ADMIN);
    const me = await json(`${run.url}/api/user`, { method: 'GET', token });
    const suffix = randomUUID().slice(0, 6);
    const project = await json(`${run.url}/api/project`, {
      method: 'POST',
      token,
      body: { license: me.body.licenses[0].id, name: `SBS ${suffix}`, number: suffix },
    });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    const projectId = project.body.data.id as string;

    const imported = await json(`${run.url}/api/project/${projectId}/sbs-import`, {
      method: 'POST',
      token,
      body: { file: Buffer.from(csv(), 'utf8').toString('base64') },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const importId = imported.body.data.id as string;
    ({ run, token } = await killedOnce(run, importId).then(({ run: r, token: t, done }) => {
      expect(done).toMatchObject({ state: 'finished', progress: { done: NODES, total: NODES } });
      return { run: r, token: t };
    }));
    expect(await untilListed(run, token, projectId, NODES)).toBe(NODES);

    const cleared = await json(`${run.url}/api/project/${projectId}/sbs-clear`, { method: 'DELETE', token });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const clearId = cleared.body.data.id as string;
    ({ run, token } = await killedOnce(run, clearId).then(({ run: r, token: t, done }) => {
      expect(done).toMatchObject({ state: 'finished', progress: { done: NODES, total: NODES } });
      return { run: r, token: t };
    }));
    expect(await untilListed(run, token, projectId, 0)).toBe(0);
    await run.kill('SIGTERM');

    const events = await readAllOf(join(dir, 'data', 'events.sqlite'), ['SbsNodeCreated', 'SbsNodeDeleted', 'JobStarted', 'JobFinished']);
    const perNode = (type: string, jobId: string) => {
      const counts = new Map<string, number>();
      for (const e of events)
        if (e.type === type && e.metadata.correlationId === jobId) {
          const { nodeId } = e.data as { nodeId: string };
          counts.set(nodeId, (counts.get(nodeId) ?? 0) + 1);
        }
      return counts;
    };
    // every row once, under its own derived id (line n + 1 of the file)
    const created = perNode('SbsNodeCreated', importId);
    expect(created.size).toBe(NODES);
    expect([...created.values()].filter((n) => n !== 1)).toEqual([]);
    const expectedIds = new Set(Array.from({ length: NODES }, (_, i) => importedSbsNodeId(importId, i + 2)));
    expect([...created.keys()].filter((id) => !expectedIds.has(id))).toEqual([]);
    // every node deleted once, children before their parent
    const deleted = perNode('SbsNodeDeleted', clearId);
    expect(deleted.size).toBe(NODES);
    expect([...deleted.values()].filter((n) => n !== 1)).toEqual([]);
    const deletes = events.filter((e) => e.type === 'SbsNodeDeleted' && e.metadata.correlationId === clearId);
    const lastChild = Math.max(...deletes.filter((e) => (e.data as { parentId: string | null }).parentId !== null).map((e) => e.position));
    const firstRoot = Math.min(...deletes.filter((e) => (e.data as { parentId: string | null }).parentId === null).map((e) => e.position));
    expect(lastChild).toBeLessThan(firstRoot);
    for (const jobId of [importId, clearId]) {
      const ofJob = events.filter((e) => e.streamId === toJobStreamId(jobId)).map((e) => e.type);
      expect(ofJob.filter((t) => t === 'JobFinished')).toHaveLength(1);
      expect(ofJob.filter((t) => t === 'JobStarted').length).toBeGreaterThanOrEqual(2);
    }
  }, 600_000);
});
