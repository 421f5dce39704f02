import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@stramien/infra';
import { defineAllInOne, json, signIn, type Json } from './support/allInOne';

/**
 * issue 8 "Security and reliability": a revision's restore of a few thousand changed records against a real server
 * process (the one-process runtime of `npm start`, job worker included), SIGKILLed while the job is half-way and
 * started again on the same data. The job resumes; the table ends equal to the revision (the as-of read), and no
 * record got its restore event twice (counted in the event log, the truth).
 */
const RECORDS = 2_000;
const ADMIN = { email: 'admin@restore-kill.test', password: 'Admin#Pass123' };

let dir: string;
const server = defineAllInOne(ADMIN, () => join(dir, 'data'));

const ok = async (answer: Promise<{ status: number; body: Json }>): Promise<Json> => {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
};

/** in parallel, a few at a time */
const inBatches = async <T>(items: T[], size: number, each: (item: T) => Promise<unknown>) => {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-restore-kill-'));
});

afterAll(() => {
  server.killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`a restore of ${RECORDS} changed records`, () => {
  it('killed with SIGKILL half-way and resumed after a restart, ends equal to the revision, each record restored once', async () => {
    let run = await server.start();
    let token = await signIn(run.url, ADMIN);
    const me = await ok(json(`${run.url}/api/user`, { method: 'GET', token }));
    const licence = me.licenses[0].id as string;
    const projectId = (
      await ok(json(`${run.url}/api/project`, { method: 'POST', token, body: { license: licence, name: 'Restore', number: 'R1' } }))
    ).data.id as string;
    const tableId = (await ok(json(`${run.url}/api/table`, { method: 'POST', token, body: { project: projectId, name: 'Rooms' } }))).data
      .id as string;
    const column = (
      await ok(json(`${run.url}/api/column`, { method: 'POST', token, body: { table: tableId, name: 'Name', type: 'text' } }))
    ).data.id as string;
    const ids: string[] = [];
    await inBatches(
      Array.from({ length: RECORDS }, (_, i) => i),
      8,
      async (i) => {
        const res = await ok(
          json(`${run.url}/api/record`, { method: 'POST', token, body: { table: tableId, values: { [column]: `Room ${i}` } } }),
        );
        ids.push(res.data.id as string);
      },
    );
    const revision = (await ok(json(`${run.url}/api/revision`, { method: 'POST', token, body: { table: tableId, project: projectId } })))
      .data.id as string;
    await inBatches(ids, 8, (id) =>
      ok(json(`${run.url}/api/record/${id}`, { method: 'PUT', token, body: { values: { [column]: `Changed ${id}` } } })),
    );

    const jobId = (await ok(json(`${run.url}/api/revision/${revision}/restore`, { method: 'POST', token, body: {} }))).data.id as string;
    // half-way: some chunks recorded, not all
    for (;;) {
      const job = (await ok(json(`${run.url}/api/jobs/${jobId}`, { method: 'GET', token }))).data;
      expect(job.state).not.toBe('finished');
      if (job.progress.done > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await run.kill();
    const atKill = await restoredPerRecord();
    expect(atKill.size).toBeGreaterThan(0);
    expect(atKill.size).toBeLessThan(RECORDS);

    run = await server.start();
    token = await signIn(run.url, ADMIN);
    for (let i = 0; ; i++) {
      const job = (await ok(json(`${run.url}/api/jobs/${jobId}`, { method: 'GET', token }))).data;
      if (job.state === 'finished') break;
      expect(job.state).not.toBe('failed');
      if (i > 3_000) throw new Error('the restore did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const rows = async (revisionId?: string) => {
      const query = `project[id]=${projectId}&table[id]=${tableId}&filter[limit]=0${revisionId ? `&revision=${revisionId}` : ''}`;
      const page = await ok(json(`${run.url}/api/records?${query}`, { method: 'GET', token }));
      return Object.fromEntries((page.data as { id: string; values: unknown }[]).map((r) => [r.id, r.values]));
    };
    const now = await rows();
    expect(Object.keys(now)).toHaveLength(RECORDS);
    expect(now).toEqual(await rows(revision));
    await run.kill('SIGTERM');

    const restored = await restoredPerRecord();
    expect(restored.size).toBe(RECORDS);
    expect([...restored.entries()].filter(([, count]) => count !== 1)).toEqual([]);
  }, 600_000);
});

/** RecordRestored events per record in the log of the data dir (read while no server writes). */
const restoredPerRecord = async (): Promise<Map<string, number>> => {
  const store = createSqliteEventStore({ file: join(dir, 'data', 'events.sqlite') });
  const result = new Map<string, number>();
  try {
    let after = 0;
    for (;;) {
      const page = await store.readAll({ after, maxCount: 5_000, filter: { categories: ['record'], eventTypes: ['RecordRestored'] } });
      if (page.length === 0) break;
      for (const e of page) {
        const { recordId } = e.data as { recordId: string };
        result.set(recordId, (result.get(recordId) ?? 0) + 1);
      }
      after = page[page.length - 1]!.position;
    }
  } finally {
    await store.close();
  }
  return result;
};
