/**
 * Profiling aid for the CSV import job (not a benchmark): writes a Dutch Excel file of `rows` x 20 columns (the
 * tablesImport bench's), then runs the `records-import` kind's plan and every chunk on embedded adapters in .tmp/, as
 * the worker would, and prints the CPU time (process.cpuUsage) per 10,000 rows of the plan and of the chunks.
 * `node --import tsx test/bench/profileImport.ts [rows] [--threads 1|2] [--checkers N] [--prof [--plan-only | --chunks-only]]`; with --prof the
 * profile (of the plan and the chunks, or of one of them) is written to .tmp/prof/import.cpuprofile (read it with
 * cpuprofileTop.mjs). The plan's CPU is also given by thread, sampled while they run (the CSV parser and the cell checks run
 * in threads of their own, started ahead as a started job worker has them; `--threads 1`: both in one thread; `--checkers N`:
 * the parser's batches checked by N threads in turn, default 2).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { JobState } from '@stramien/domain';
import { createCommandPipeline, createEmbeddedDocumentStore, createFileBlobStore, createSqliteEventStore } from '@stramien/infra';
import { importBlobIds, recordsImportKind } from '../../services/jobs/src/tables/recordsImport';
import { csvPlanThreads, csvThreadHooks, warmCsvThreads } from '../../services/jobs/src/tables/csvThread';
import type { JobContext } from '../../services/jobs/src/kinds/jobKind';
import { startCpuProfile } from './cpuProfile';
import { mainThreadCpuMs, threadCpuMs, threadCpuSince } from './threadCpu';
import { csvOf, importParamsOf, seedImportTable } from './tablesImport.bench';

const total = Number(process.argv[2] ?? 20_000);
const prof = process.argv.includes('--prof');
/** the profile covers the plan only */
const planOnly = process.argv.includes('--plan-only');
/** the profile covers the chunks only */
const chunksOnly = process.argv.includes('--chunks-only');
/** `--threads 1`: the cell checks in the parser's thread (default 2: a thread each) */
const threadsArg = process.argv.indexOf('--threads');
if (threadsArg > 0) csvThreadHooks.threads = Number(process.argv[threadsArg + 1]) === 1 ? 1 : 2;
const checkersArg = process.argv.indexOf('--checkers');
if (checkersArg > 0) csvThreadHooks.checkers = Number(process.argv[checkersArg + 1]);
const dir = '.tmp/profileImport';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
const documentStore = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
const blobStore = createFileBlobStore({ dir: join(dir, 'blobs') });
const columns = await seedImportTable(documentStore);
const jobId = randomUUID();
await blobStore.put(csvOf(total), { id: importBlobIds.upload(jobId), contentType: 'text/csv' });
const params = importParamsOf(jobId, columns);
const job = { jobId, ownerId: 'user-0', licenceId: 'licence-1', requestedAt: new Date().toISOString() } as unknown as JobState;
const context: JobContext = {
  documentStore,
  blobStore,
  pipeline: createCommandPipeline({ eventStore }),
  now: () => new Date(),
  appendNewStreams: (streams) => eventStore.appendNewStreams(streams),
};

const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const per10k = (ms: number) => ((ms / total) * 10_000).toFixed(0);
// as a started job worker has them: the plan's threads ready (from source they load for about a second)
await warmCsvThreads(csvPlanThreads());
let profile = prof && !chunksOnly ? await startCpuProfile() : null;
const t0 = performance.now();
let cpu = process.cpuUsage();
const threads = threadCpuMs();
// the plan's threads end with it: their CPU time is sampled while they run (the last sample counts)
const seen = new Map<string, { tid: string; name: string; ms: number }>();
const sample = () => {
  for (const t of threadCpuSince(threads)) seen.set(t.tid, t);
};
const sampler = setInterval(sample, 20);
const plan = await recordsImportKind.plan(job, params, context);
clearInterval(sampler);
sample();
const planMs = cpuMs(cpu);
const planWallMs = performance.now() - t0;
// the CSV parser and the checks run in threads of their own: the busiest thread is what bounds the plan
const [planMain, ...planOthers] = [...seen.values()].sort((a, b) =>
  a.tid === String(process.pid) ? -1 : b.tid === String(process.pid) ? 1 : b.ms - a.ms,
);
if (planOnly) await profile?.stop('.tmp/prof/import.cpuprofile');
if (prof && chunksOnly) profile = await startCpuProfile();
cpu = process.cpuUsage();
const chunksMain0 = mainThreadCpuMs();
const chunksT0 = performance.now();
for (const chunk of plan.chunks) await recordsImportKind.runChunk(job, params, chunk, context, null);
const chunksMs = cpuMs(cpu);
// the stores' WAL checkpoint threads (walCheckpoints.ts) work meanwhile: the main thread's part is what bounds the chunks
const chunksMainMs = mainThreadCpuMs() - chunksMain0;
const chunksWallMs = performance.now() - chunksT0;
const wallMs = performance.now() - t0;
if (!planOnly) await profile?.stop('.tmp/prof/import.cpuprofile');
const head = await eventStore.headPosition();
console.log(
  `${total} rows (${head} events): plan ${planMs.toFixed(0)} ms CPU (${per10k(planMs)} per 10,000 rows; main thread ${planMain!.ms}, others ${planOthers.map((t) => `${t.name} ${t.ms}`).join(', ')}; wall ${planWallMs.toFixed(0)} ms), chunks ${chunksMs.toFixed(0)} ms CPU (${per10k(chunksMs)} per 10,000; main thread ${chunksMainMs}; wall ${chunksWallMs.toFixed(0)} ms), wall ${wallMs.toFixed(0)} ms, ${Math.round(total / (wallMs / 1000))} rows/s`,
);
await eventStore.close();
await documentStore.close();
await blobStore.close();
