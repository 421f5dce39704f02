/**
 * Child process of jobWorkerKill.int.spec.ts: `node --import tsx runJobWorker.ts <dataDir>`.
 * Runs the job worker (the real one, with the real tasks export) and the `downloads` projection on the embedded
 * adapters of <dataDir> until the test kills it. Each chunk is slowed by CHUNK_DELAY_MS so the kill lands mid-job.
 *
 * Lines on stdout:
 *   READY                     the worker started
 *   CHUNK <index>             JobChunkCompleted <index> is stored
 *   FINISHED <jobId>          JobFinished is stored
 */
import { createJobAdapters } from './jobWorkerAdapters';
import { createJobKindRegistry, createJobWorker, defineJobKind, tasksExportKind } from '@stramien/jobs';
import { createProjectionRunner, downloadsProjection, type Projection } from '@stramien/projections';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: runJobWorker.ts <dataDir>');
  process.exit(2);
}
const delay = Number(process.env.CHUNK_DELAY_MS ?? 150);
const say = (line: string) => process.stdout.write(`${line}\n`);

const adapters = createJobAdapters(dataDir);
const slowExport = defineJobKind({
  ...tasksExportKind,
  async runChunk(job, params, chunk, context, previous) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    return tasksExportKind.runChunk(job, params, chunk, context, previous);
  },
});
const runner = createProjectionRunner({
  eventStore: adapters.eventStore,
  documentStore: adapters.documentStore,
  projections: [downloadsProjection as unknown as Projection],
});
await runner.start();
const worker = createJobWorker({
  ...adapters,
  kinds: createJobKindRegistry([slowExport]),
  pollMs: 100,
  onError: (e) => console.error('job failed', e),
});
const watch = adapters.eventStore.subscribe({ after: await adapters.eventStore.headPosition(), filter: { categories: ['job'] } });
await worker.start();
say('READY');
for await (const event of watch) {
  if (event.type === 'JobChunkCompleted') say(`CHUNK ${(event.data as { index: number }).index}`);
  if (event.type === 'JobFinished') say(`FINISHED ${(event.data as { jobId: string }).jobId}`);
}
