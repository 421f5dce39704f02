import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDecider, jobSchemas, toJobStreamId, type JobEvent } from '@stramien/domain';
import { createCommandPipeline, type Doc } from '@stramien/infra';
import { jobBlobIds, TASKS_EXPORT_CHUNK_ROWS } from '@stramien/jobs';
import { TASKS_COLLECTION } from '@stramien/projections';
import { createJobAdapters } from './support/jobWorkerAdapters';
import { defineService, repoRoot } from './support/service';

const LICENCE = 'licence-1';
const OWNER = 'owner-1';
const JOB_ID = '11111111-2222-4333-8444-555555555555';
const VISIBLE = TASKS_EXPORT_CHUNK_ROWS * 4 + 1_234;
const CHUNKS = Math.ceil(VISIBLE / TASKS_EXPORT_CHUNK_ROWS);

let dir: string;
/** the real job worker on the test's data dir, each chunk slowed so the kill lands inside the job */
const worker = defineService({
  script: join(repoRoot, 'test', 'reliability', 'support', 'runJobWorker.ts'),
  args: () => [dir],
  env: { CHUNK_DELAY_MS: '250' },
  ready: (line) => line === 'READY',
});

const task = (n: number, over: Partial<Doc> = {}): Doc => ({
  _id: `task-${String(n).padStart(7, '0')}`,
  licenceId: LICENCE,
  projectId: 'project-1',
  number: n,
  title: `Task ${n}, "quoted"`,
  description: '',
  status: 'open',
  priority: 'normal',
  assignedTo: 'someone',
  createdBy: 'someone',
  isPrivate: false,
  labels: [],
  due: null,
  ...over,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-job-kill-'));
  const adapters = createJobAdapters(dir);
  const tasks = adapters.documentStore.collection(TASKS_COLLECTION);
  const docs = Array.from({ length: VISIBLE }, (_, i) => task(i + 1));
  // what the export must leave out: another user's private task, a task of another licence
  docs.push(task(VISIBLE + 1, { isPrivate: true }), task(VISIBLE + 2, { licenceId: 'licence-2' }));
  for (let i = 0; i < docs.length; i += 5_000) await tasks.insertMany(docs.slice(i, i + 5_000));
  const pipeline = createCommandPipeline({ eventStore: adapters.eventStore });
  const actor = { userId: OWNER, licenceId: LICENCE };
  await pipeline({
    decider: jobDecider,
    schemas: jobSchemas,
    streamId: toJobStreamId(JOB_ID),
    command: {
      type: 'RequestJob',
      data: {
        jobId: JOB_ID,
        licenceId: LICENCE,
        kind: 'tasks-export',
        params: {
          format: 'csv',
          filters: [],
          filename: 'tasks.csv',
          query: { $or: [{ isPrivate: false }, { createdBy: OWNER }, { assignedTo: OWNER }] },
        },
      },
      metadata: { actor, now: new Date().toISOString() },
    },
    context: { actor, correlationId: 'test', causationId: 'test' },
  });
  await adapters.close();
}, 60_000);

afterAll(() => {
  worker.killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const jobEvents = async (): Promise<JobEvent[]> => {
  const adapters = createJobAdapters(dir);
  try {
    return (await adapters.eventStore.readStream(toJobStreamId(JOB_ID))).map((r) => ({ type: r.type, data: r.data }) as JobEvent);
  } finally {
    await adapters.close();
  }
};

describe('Job worker', () => {
  describe('when killed with SIGKILL in the middle of a task export and started again', () => {
    it('finishes the job once, records each chunk once and leaves one complete file', async () => {
      const first = await worker.start();
      await first.waitFor((l) => l === 'CHUNK 1');
      expect((await first.kill()).signal).toBe('SIGKILL');

      const atKill = await jobEvents();
      // the kill fell inside the job
      expect(atKill.some((e) => e.type === 'JobFinished')).toBe(false);
      expect(atKill.filter((e) => e.type === 'JobChunkCompleted').length).toBeLessThan(CHUNKS);

      const second = await worker.start();
      await second.waitFor((l) => l.startsWith('FINISHED '));
      await second.kill();

      const events = await jobEvents();
      const chunkIndexes = events.flatMap((e) => (e.type === 'JobChunkCompleted' ? [e.data.index] : []));
      expect(chunkIndexes.sort((a, b) => a - b)).toEqual(Array.from({ length: CHUNKS }, (_, i) => i));
      expect(events.filter((e) => e.type === 'JobFinished')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'JobFailed')).toHaveLength(0);
      expect(events.flatMap((e) => (e.type === 'JobStarted' ? [e.data.attempt] : []))).toEqual([1, 2]);

      const adapters = createJobAdapters(dir);
      try {
        const file = await adapters.blobStore.get(jobBlobIds.file(JOB_ID));
        expect(file).not.toBeNull();
        let text = '';
        for await (const part of file!.stream) text += (part as Buffer).toString('utf8');
        const lines = text
          .replace(/^\uFEFF/, '')
          .trimEnd()
          .split('\n');
        expect(lines[0]).toBe(
          'number,title,description,status,priority,project,assigned_to,created_by,planned_start,planned_end,due,labels,is_private,type,sbscode',
        );
        const numbers = lines.slice(1).map((l) => Number(l.split(',')[0]));
        expect(numbers).toHaveLength(VISIBLE);
        expect(new Set(numbers).size).toBe(VISIBLE);
        expect(Math.max(...numbers)).toBe(VISIBLE);
        expect(lines[1]).toBe('1,"Task 1, ""quoted""",,open,normal,project-1,someone,someone,,,,,false,,');
        expect(file!.info.size).toBe(Buffer.byteLength(text));
        // the parts and the plan are gone once the file is there
        expect(await adapters.blobStore.stat(jobBlobIds.part(JOB_ID, 0))).toBeNull();
        expect(await adapters.blobStore.stat(jobBlobIds.plan(JOB_ID))).toBeNull();
      } finally {
        await adapters.close();
      }
    }, 60_000);
  });
});
