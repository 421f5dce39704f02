import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fold, jobDecider, jobSchemas, toJobStreamId, type JobEvent, type JobState } from '@stramien/domain';
import { createCommandPipeline } from '@stramien/infra';
import { createJobKindRegistry, defineJobKind, type JobKind } from '../kinds/jobKind';
import { createJobWorker, jobBlobIds } from './jobWorker';
import { openTestAdapters, type TestAdapters } from '../testing/adapters';

/** The worker's file of a kind that assembles along (`assemblesAlong`): written while the chunks run. */
const LICENCE = 'licence-1';
const OWNER = 'owner-1';
const CHUNKS = 4;

let dir: string;
let adapters: TestAdapters;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-job-assembly-'));
  adapters = openTestAdapters(dir);
});
afterEach(async () => {
  await adapters.bus.close();
  await adapters.eventStore.close();
  await adapters.documentStore.close();
  await adapters.blobStore.close();
  rmSync(dir, { recursive: true, force: true });
});

const actor = { userId: OWNER, licenceId: LICENCE };
const command = async (jobId: string, type: 'RequestJob' | 'CancelJob', data: object): Promise<JobState> =>
  (
    await createCommandPipeline({ eventStore: adapters.eventStore })({
      decider: jobDecider,
      schemas: jobSchemas,
      streamId: toJobStreamId(jobId),
      command: { type, data, metadata: { actor, now: new Date().toISOString() } } as never,
      context: { actor, correlationId: 'test', causationId: 'test' },
    })
  ).state;
const stateOf = async (jobId: string) =>
  fold(
    jobDecider,
    (await adapters.eventStore.readStream(toJobStreamId(jobId))).map((r) => ({ type: r.type, data: r.data }) as JobEvent),
  );

/**
 * A kind of CHUNKS chunks whose file is a header and its parts; it notes what happened in order: each chunk run, each
 * part the file took. `during(index)` runs inside chunk `index`.
 */
const lettersKind = (log: string[], along: boolean, during: (index: number, jobId: string) => Promise<void> = async () => {}): JobKind =>
  defineJobKind<{ n: number }>({
    kind: 'letters',
    params: z.object({ n: z.number() }),
    plan: async () => ({
      chunks: Array.from({ length: CHUNKS }, (_, i) => i),
      items: Array.from({ length: CHUNKS }, () => 1),
      filename: 'letters.txt',
      contentType: 'text/plain',
    }),
    async runChunk(job, _params, chunk) {
      const index = chunk as number;
      log.push(`chunk ${index}`);
      await during(index, job.jobId);
      return { content: Buffer.from(`part ${index}\n`), items: 1, next: index };
    },
    assemble: (_job, _params, _plan, parts) =>
      Readable.from(
        (async function* () {
          yield Buffer.from('letters\n');
          let i = 0;
          for await (const part of parts()) {
            log.push(`file took part ${i++}`);
            yield* part;
          }
        })(),
      ),
    ...(along ? { assemblesAlong: true } : {}),
  });

const run = async (kind: JobKind, jobId = randomUUID()) => {
  await command(jobId, 'RequestJob', { jobId, licenceId: LICENCE, kind: 'letters', params: { n: 1 } });
  const errors: unknown[] = [];
  const worker = createJobWorker({ ...adapters, kinds: createJobKindRegistry([kind]), onError: (e) => errors.push(e) });
  await worker.runJob(jobId);
  return { jobId, errors };
};
const fileOf = async (jobId: string) => {
  const file = await adapters.blobStore.get(jobBlobIds.file(jobId));
  if (!file) return null;
  let text = '';
  for await (const piece of file.stream) text += (piece as Buffer).toString('utf8');
  return text;
};

describe('job worker, a kind that assembles along', () => {
  it('writes each part into the file once its chunk is recorded, while the next chunks run; the same file', async () => {
    const log: string[] = [];
    const { jobId, errors } = await run(lettersKind(log, true));
    expect(errors).toEqual([]);
    expect(await fileOf(jobId)).toBe('letters\npart 0\npart 1\npart 2\npart 3\n');
    // part 0 went into the file before the last chunk ran
    expect(log.indexOf('file took part 0')).toBeLessThan(log.indexOf(`chunk ${CHUNKS - 1}`));
    expect(log.indexOf('file took part 0')).toBeGreaterThan(log.indexOf('chunk 0'));
    const job = await stateOf(jobId);
    expect(job.status).toBe('finished');
    expect(await adapters.blobStore.stat(jobBlobIds.part(jobId, 0))).toBeNull();

    // a kind that does not: the same file, assembled after every chunk
    const later: string[] = [];
    const other = await run(lettersKind(later, false));
    expect(await fileOf(other.jobId)).toBe('letters\npart 0\npart 1\npart 2\npart 3\n');
    expect(later.indexOf('file took part 0')).toBeGreaterThan(later.indexOf(`chunk ${CHUNKS - 1}`));
  });

  it('leaves no file (and no unfinished file) when the job is canceled before its last chunk', async () => {
    const log: string[] = [];
    const { jobId } = await run(
      lettersKind(log, true, async (index, id) => {
        if (index === 1) await command(id, 'CancelJob', { jobId: id });
      }),
    );
    expect((await stateOf(jobId)).status).toBe('canceled');
    expect(log).not.toContain('chunk 2');
    expect(await adapters.blobStore.stat(jobBlobIds.file(jobId))).toBeNull();
    await adapters.blobStore.close();
    // the file's put removed its temporary content once its parts failed
    for (let i = 0; i < 50 && readdirSync(join(dir, 'blobs', '.tmp')).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(readdirSync(join(dir, 'blobs', '.tmp'))).toEqual([]);
  });

  it('fails the job and leaves no file when a chunk fails', async () => {
    const log: string[] = [];
    const { jobId, errors } = await run(
      lettersKind(log, true, async (index) => {
        if (index === 2) throw new Error('broken chunk');
      }),
    );
    expect((await stateOf(jobId)).status).toBe('failed');
    expect(String(errors[0])).toMatch(/broken chunk/);
    expect(await adapters.blobStore.stat(jobBlobIds.file(jobId))).toBeNull();
  });
});

describe('job worker, progress', () => {
  it('tells the total from the start, before the first chunk ends, and what is done after each chunk', async () => {
    const seen: { index: number; status: string; done: number; total: number }[] = [];
    const { jobId, errors } = await run(
      lettersKind([], false, async (index, id) => {
        const job = await stateOf(id);
        seen.push({ index, status: job.status, ...job.progress });
      }),
    );
    expect(errors).toEqual([]);
    expect(seen).toEqual([
      { index: 0, status: 'running', done: 0, total: CHUNKS },
      { index: 1, status: 'running', done: 1, total: CHUNKS },
      { index: 2, status: 'running', done: 2, total: CHUNKS },
      { index: 3, status: 'running', done: 3, total: CHUNKS },
    ]);
    expect((await stateOf(jobId)).progress).toEqual({ done: CHUNKS, total: CHUNKS });
  });
});
