import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJobStreamId } from '@stramien/domain';
import { createSqliteEventStore } from '@stramien/infra';
import { importedRecordId } from '@stramien/jobs';
import { defineAllInOne, json, signIn, type Json } from './support/allInOne';
import { createRandom } from './support/domainEvents';
import type { ServiceRun } from './support/service';

/**
 * Issue 8 "Security and reliability": a CSV import of 100,000 rows against a real server process (the one-process
 * runtime of `npm start`, whose job worker runs the import), SIGKILLed twice at random points of the job and started
 * again each time; the restarted worker resumes the job. Each row must end up as exactly one record: counted per
 * record from the event log, the truth, after the server has stopped, with a checksum of the values.
 * TABLES_IMPORT_KILL_SEED repeats a run's kill points.
 */
const ROWS = 100_000;
const SEED = Number(process.env.TABLES_IMPORT_KILL_SEED ?? Date.now() % 1_000_000);
const ADMIN = { email: 'admin@tables-import-kill.test', password: 'Admin#Pass123' };

/** seeded, so a failing run's kill points can be repeated */
const random = createRandom(SEED).next;

let dir: string;
const server = defineAllInOne(ADMIN, () => join(dir, 'data'));

/** row n of the file: a name, n itself and a size with a decimal comma (a Dutch Excel file) */
const csv = (): string => {
  const lines = ['\uFEFFName;Number;Size'];
  for (let n = 1; n <= ROWS; n++) lines.push(`Row ${n};${n};${n % 1000},5`);
  return `${lines.join('\r\n')}\r\n`;
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

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-tables-import-kill-'));
});

afterAll(() => {
  server.killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`a CSV import of ${ROWS} rows (seed ${SEED})`, () => {
  it('killed with SIGKILL twice at random points of the job and resumed, creates each row exactly once', async () => {
    let run = await server.start();
    let token = await signIn(run.url, ADMIN);
    const me = await json(`${run.url}/api/user`, { method: 'GET', token });
    const suffix = randomUUID().slice(0, 6);
    const project = await json(`${run.url}/api/project`, {
      method: 'POST',
      token,
      body: { license: me.body.licenses[0].id, name: `Import ${suffix}`, number: suffix },
    });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    const table = await json(`${run.url}/api/table`, { method: 'POST', token, body: { project: project.body.data.id, name: 'Rows' } });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const tableId = table.body.data.id as string;
    const columns: Record<string, string> = {};
    for (const [name, type] of [
      ['Name', 'text'],
      ['Number', 'integer'],
      ['Size', 'float'],
    ] as const) {
      const column = await json(`${run.url}/api/column`, { method: 'POST', token, body: { table: tableId, name, type } });
      expect(column.status, JSON.stringify(column.body)).toBe(200);
      columns[name] = column.body.data.id as string;
    }

    const started = await json(`${run.url}/api/records/import`, {
      method: 'POST',
      token,
      body: { table: tableId, file: Buffer.from(csv(), 'utf8').toString('base64') },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const jobId = started.body.data.id as string;

    // two kills: one in the first half of the rows, one in the second, at points the seed picks
    const killPoints = [0.05 + random() * 0.35, 0.55 + random() * 0.3].map((f) => Math.floor(f * ROWS));
    for (const point of killPoints) {
      const seen = await watch(run, token, jobId, (job) => job.progress.done >= point);
      expect(seen.state, 'killed while the job was at work').toBe('running');
      expect((await run.kill()).signal).toBe('SIGKILL');
      run = await server.start();
      token = await signIn(run.url, ADMIN);
    }
    const done = await watch(run, token, jobId, () => false);
    expect(done).toMatchObject({ state: 'finished', progress: { done: ROWS, total: ROWS } });
    await run.kill('SIGTERM');

    // from the log: one RecordCreated per row, with the row's own id and values
    const store = createSqliteEventStore({ file: join(dir, 'data', 'events.sqlite') });
    try {
      const perRecord = new Map<string, number>();
      let numbers = 0;
      let sizes = 0;
      const names = new Set<string>();
      const wrongIds: string[] = [];
      for (let after = 0; ;) {
        const page = await store.readAll({ after, maxCount: 10_000, filter: { categories: ['record'], eventTypes: ['RecordCreated'] } });
        if (page.length === 0) break;
        for (const e of page) {
          const data = e.data as { recordId: string; importId?: string; values: Record<string, string | number> };
          if (data.importId !== jobId) continue;
          perRecord.set(data.recordId, (perRecord.get(data.recordId) ?? 0) + 1);
          const n = data.values[columns.Number!] as number;
          if (data.recordId !== importedRecordId(jobId, n)) wrongIds.push(data.recordId);
          numbers += n;
          sizes += data.values[columns.Size!] as number;
          names.add(data.values[columns.Name!] as string);
        }
        after = page[page.length - 1]!.position;
      }
      expect(perRecord.size).toBe(ROWS);
      expect([...perRecord.values()].filter((count) => count !== 1)).toEqual([]);
      expect(wrongIds).toEqual([]);
      expect(names.size).toBe(ROWS);
      expect(numbers).toBe((ROWS * (ROWS + 1)) / 2);
      let expectedSizes = 0;
      for (let n = 1; n <= ROWS; n++) expectedSizes += (n % 1000) + 0.5;
      expect(sizes).toBeCloseTo(expectedSizes, 3);
      const jobEvents = (await store.readStream(toJobStreamId(jobId))).map((e) => e.type);
      expect(jobEvents.filter((t) => t === 'JobFinished')).toHaveLength(1);
      expect(jobEvents.filter((t) => t === 'JobStarted').length).toBeGreaterThanOrEqual(3);
    } finally {
      await store.close();
    }
  }, 600_000);
});
