import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_IMPORT_CHUNK_SIZE } from '@stramien/domain';
import { createSqliteEventStore } from '@stramien/infra';
import { defineAllInOne, json, signIn } from './support/allInOne';

/**
 * spec 1 §9 / issue 7: a task import in chunks of 50 against a real server process (the one-process runtime of
 * `npm start`), SIGKILLed in the middle of the import and started again; the client then retries every chunk it got
 * no answer for (and one it did). Each import row becomes exactly one task: counted per row from the event log, the
 * truth, after the server has stopped.
 *
 * 10,000 rows (200 chunks), as issue 7 asks. A chunk takes its rows' numbers in one append per project and creates
 * its tasks side by side (their appends share the event store's group commit), so the import itself is quick.
 */
const ROWS = 10_000;
const CHUNKS = ROWS / TASK_IMPORT_CHUNK_SIZE;
/** chunks in flight at once, as a browser with a few parallel requests would send them */
const PARALLEL = 4;
const ADMIN = { email: 'admin@import-kill.test', password: 'Admin#Pass123' };

let dir: string;
const server = defineAllInOne(ADMIN, () => join(dir, 'data'));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-import-kill-'));
});

afterAll(() => {
  server.killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a task import of 10,000 rows in chunks of 50', () => {
  it('killed with SIGKILL in the middle and retried after a restart, creates each task exactly once', async () => {
    let run = await server.start();
    let token = await signIn(run.url, ADMIN);
    const me = await json(`${run.url}/api/user`, { method: 'GET', token });
    const licence = me.body.licenses[0].id as string;
    const suffix = randomUUID().slice(0, 6);
    const project = await json(`${run.url}/api/project`, {
      method: 'POST',
      token,
      body: { license: licence, name: `Import ${suffix}`, number: suffix },
    });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    const projectId = project.body.data.id as string;

    const importId = randomUUID();
    const rowsOf = (chunk: number) =>
      Array.from({ length: TASK_IMPORT_CHUNK_SIZE }, (_, i) => ({
        title: `Row ${chunk * TASK_IMPORT_CHUNK_SIZE + i + 1}`,
        priority: 'normal',
        assigned_to: ADMIN.email,
        project: projectId,
      }));
    const send = (url: string, bearer: string, chunk: number) =>
      json(`${url}/api/tasks-import`, {
        method: 'POST',
        token: bearer,
        body: { import: importId, offset: chunk * TASK_IMPORT_CHUNK_SIZE, tasks: rowsOf(chunk) },
      });

    // the first run: PARALLEL senders take chunks in order; the server is killed once a quarter of them is answered
    const answered = new Set<number>();
    let next = 0;
    let killed = false;
    const killAt = CHUNKS / 4;
    const sender = async () => {
      while (next < CHUNKS && !killed) {
        const chunk = next++;
        try {
          const res = await send(run.url, token, chunk);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          answered.add(chunk);
        } catch (e) {
          if (!killed) throw e;
          return;
        }
        if (answered.size >= killAt && !killed) {
          killed = true;
          void run.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, sender));
    expect(await run.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(answered.size, 'killed in the middle of the import').toBeLessThan(CHUNKS);

    // what the log holds at the kill: some rows, not all
    const atKill = await createdPerTask();
    expect(atKill.size).toBeGreaterThan(0);
    expect(atKill.size).toBeLessThan(ROWS);

    // restart on the same data; retry every chunk without an answer, and one that had one
    run = await server.start();
    token = await signIn(run.url, ADMIN);
    const unfinished = Array.from({ length: CHUNKS }, (_, i) => i).filter((i) => !answered.has(i));
    const retried = [...unfinished, [...answered][0]!];
    for (let i = 0; i < retried.length; i += PARALLEL) {
      const answers = await Promise.all(retried.slice(i, i + PARALLEL).map((chunk) => send(run.url, token, chunk)));
      for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await run.kill('SIGTERM');

    // each import row is one task: one TaskCreated each, every title 'Row n' exactly once
    const created = await createdPerTask();
    expect(created.size).toBe(ROWS);
    expect([...created.values()].filter((c) => c.count !== 1)).toEqual([]);
    const perRow = new Map<string, number>();
    for (const c of created.values()) perRow.set(c.title, (perRow.get(c.title) ?? 0) + 1);
    const rowsNotOnce = Array.from({ length: ROWS }, (_, i) => `Row ${i + 1}`).filter((t) => perRow.get(t) !== 1);
    expect(rowsNotOnce).toEqual([]);
    // and every task got its own number in the project
    expect(new Set([...created.values()].map((c) => c.number)).size).toBe(ROWS);
  }, 600_000);
});

/** TaskCreated events per task id in the log of the data dir (read while no server writes). */
const createdPerTask = async (): Promise<Map<string, { count: number; title: string; number: number }>> => {
  const store = createSqliteEventStore({ file: join(dir, 'data', 'events.sqlite') });
  const result = new Map<string, { count: number; title: string; number: number }>();
  try {
    let after = 0;
    for (;;) {
      const page = await store.readAll({ after, maxCount: 5_000, filter: { categories: ['task'], eventTypes: ['TaskCreated'] } });
      if (page.length === 0) break;
      for (const e of page) {
        const data = e.data as { taskId: string; title: string; number: number };
        const seen = result.get(data.taskId);
        result.set(data.taskId, { count: (seen?.count ?? 0) + 1, title: data.title, number: data.number });
      }
      after = page[page.length - 1]!.position;
    }
  } finally {
    await store.close();
  }
  return result;
};
