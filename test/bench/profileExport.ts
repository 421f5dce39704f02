/**
 * Profiling aid for the table export's chunks (not a benchmark): seeds `records` x 20 columns into an embedded
 * document store in .tmp/, then runs the `table-export` kind's plan and every chunk as the worker would, and prints
 * the CPU time (process.cpuUsage) per 10,000 rows. `node --import tsx test/bench/profileExport.ts [records] [--prof]`;
 * with --prof the chunks' profile is written to .tmp/prof/export.cpuprofile.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { randomUUID } from 'node:crypto';
import { createEmbeddedDocumentStore } from '@stramien/infra';
import type { ColumnType, JobState } from '@stramien/domain';
import { TABLES_COLLECTION, tableRecordsCollection, type RecordDoc, type StoredValues } from '@stramien/projections/tables/tableDocs';
import { tableExportKind } from '../../services/jobs/src/tables/tableExport';
import type { JobContext } from '../../services/jobs/src/kinds/jobKind';

const total = Number(process.argv[2] ?? 100_000);
const prof = process.argv.includes('--prof');
const dir = '.tmp/profileExport';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const store = createEmbeddedDocumentStore({ file: `${dir}/docs.sqlite` });
const types: ColumnType[] = [
  ...Array<ColumnType>(10).fill('text'),
  ...Array<ColumnType>(4).fill('integer'),
  ...Array<ColumnType>(2).fill('float'),
  ...Array<ColumnType>(2).fill('date'),
  ...Array<ColumnType>(2).fill('boolean'),
];
const columns = types.map((type, i) => ({ columnId: randomUUID(), name: `C${i}`, type, options: {}, position: i }));
const tableId = randomUUID();
await store.collection(TABLES_COLLECTION).insertOne({
  _id: tableId,
  projectId: 'p',
  name: 'Elements',
  columns,
  deleted: false,
  recordCount: total,
} as never);
const records = store.collection<RecordDoc>(tableRecordsCollection(tableId));
await records.createIndex({ keys: { _seq: 1 } });
const at = new Date().toISOString();
let batch: RecordDoc[] = [];
for (let n = 0; n < total; n++) {
  const v: StoredValues = Object.fromEntries(
    columns.map((c, i) => [
      c.columnId,
      c.type === 'text'
        ? `element ${n} of ${i}`
        : c.type === 'integer'
          ? n * i
          : c.type === 'float'
            ? n / 7
            : c.type === 'date'
              ? '2026-11-23'
              : (n + i) % 2,
    ]),
  );
  batch.push({ _id: randomUUID(), _seq: n - total, v, createdAt: at, createdBy: 'u', updatedAt: at, updatedBy: 'u' });
  if (batch.length >= 5_000) {
    await records.insertMany(batch);
    batch = [];
  }
}
if (batch.length > 0) await records.insertMany(batch);

const job = { id: 'j', requestedAt: at } as unknown as JobState;
const params = { projectId: 'p', tableId, query: {}, format: 'csv' as const };
const context = { documentStore: store } as unknown as JobContext;
const session = new Session();
if (prof) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const cpu0 = process.cpuUsage();
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
const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
if (prof) {
  const { profile } = await session.post('Profiler.stop');
  mkdirSync('.tmp/prof', { recursive: true });
  writeFileSync('.tmp/prof/export.cpuprofile', JSON.stringify(profile));
}
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(
  `${total} rows, ${(bytes / 1e6).toFixed(1)} MB: CPU ${cpuMs.toFixed(0)} ms (${((cpuMs / total) * 10_000).toFixed(1)} ms per 10,000 rows), wall ${wallMs.toFixed(0)} ms`,
);
await store.close();
