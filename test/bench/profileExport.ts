/**
 * Profiling aid for the table export's chunks (not a benchmark): seeds `records` x 20 columns into an embedded
 * document store in .tmp/, then runs the `table-export` kind's plan and every chunk as the worker would, and prints
 * the CPU time (process.cpuUsage) per 10,000 rows. `node --import tsx --import ./test/bench/production.mjs test/bench/profileExport.ts [records] [--prof]`;
 * with --prof the chunks' profile is written to .tmp/prof/export.cpuprofile. The export reads in its reader threads
 * (the store is on disk); `--single` hides the store's `readPlan`, so the job's thread reads every chunk itself (as
 * before the threads, and as on MongoDB). CPU is the process's (every thread) and the main thread's alone
 * (/proc/self/task/<pid>/stat).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createEmbeddedDocumentStore } from '@stramien/infra';
import type { JobState } from '@stramien/domain';
import { TABLES_COLLECTION, tableRecordsCollection, type RecordDoc } from '@stramien/projections/tables/tableDocs';
import { tableExportKind } from '../../services/jobs/src/tables/tableExport';
import type { JobContext } from '../../services/jobs/src/kinds/jobKind';
import { startCpuProfile } from './cpuProfile';
import { threadCpuMs, threadCpuSince } from './threadCpu';
import { EXPORT_COLUMN_TYPES, seedExportRecords } from './exportTable';

const total = Number(process.argv[2] ?? 100_000);
const prof = process.argv.includes('--prof');
const single = process.argv.includes('--single');

const dir = '.tmp/profileExport';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const store = createEmbeddedDocumentStore({ file: `${dir}/docs.sqlite` });
const columns = EXPORT_COLUMN_TYPES.map((type, i) => ({ id: randomUUID(), name: `C${i}`, type, options: {}, position: i }));
const tableId = randomUUID();
await store.collection(TABLES_COLLECTION).insertOne({
  _id: tableId,
  projectId: 'p',
  name: 'Elements',
  columns: columns.map(({ id, ...column }) => ({ columnId: id, ...column })),
  deleted: false,
  recordCount: total,
} as never);
const records = store.collection<RecordDoc>(tableRecordsCollection(tableId));
await records.createIndex({ keys: { _seq: 1 } });
await seedExportRecords(records, columns, total, 'u');

const job = { id: 'j', requestedAt: new Date().toISOString() } as unknown as JobState;
const params = { projectId: 'p', tableId, query: {}, format: 'csv' as const };
const documentStore = single
  ? new Proxy(store, { get: (target, property) => (property === 'readPlan' ? undefined : (Reflect.get(target, property) as unknown)) })
  : store;
const context = { documentStore } as unknown as JobContext;
const profile = prof ? await startCpuProfile() : null;
const cpu0 = process.cpuUsage();
const threads0 = threadCpuMs();
const t0 = process.hrtime.bigint();
const plan = await tableExportKind.plan(job, params, context);
let previous: unknown = null;
let bytes = 0;
for (const chunk of plan.chunks) {
  const out = await tableExportKind.runChunk(job, params, chunk, context, previous);
  previous = out.next;
  bytes += (out.content as Uint8Array).length;
}
const cpu = process.cpuUsage(cpu0);
const [main, ...others] = threadCpuSince(threads0);
const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
await profile?.stop('.tmp/prof/export.cpuprofile');
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(
  `${single ? 'single thread' : 'reader threads, stored JSONB'}: ${total} rows, ${(bytes / 1e6).toFixed(1)} MB: CPU ${cpuMs.toFixed(0)} ms (${((cpuMs / total) * 10_000).toFixed(1)} ms per 10,000 rows; main thread ${main!.ms} ms; other threads: ${others.map((t) => t.ms).join(', ')} ms), wall ${wallMs.toFixed(0)} ms`,
);
await store.close();
