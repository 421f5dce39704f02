import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { identityRoutes, jobRoutes, projectRoutes, tableBulkRoutes, tableRoutes } from '@stramien/api';
import type { ColumnType } from '@stramien/domain';
import { DEMO, startTestServer } from '@stramien/commands/testing/testServer';
import { TABLES_COLLECTION, tableRecordsCollection, type RecordDoc, type TableDoc } from '@stramien/projections/tables/tableDocs';
import { atLeast, atMost, elapsedMs, info, round, type BenchFigure } from './figures';
import { startCpuProfile } from './cpuProfile';
import { threadCpuMs, threadCpuSince } from './threadCpu';
import { EXPORT_COLUMN_TYPES, seedExportRecords } from './exportTable';

export interface TablesBulkBenchOptions {
  /** records of the exported table (20 columns); default 100,000 */
  records?: number;
  /** records changed between the revision and its restore; default 1,000 */
  changed?: number;
  log?: (line: string) => void;
}

/** 20 columns: 10 text, 4 integers, 2 floats, 2 dates, 2 booleans */

/**
 * Bulk work on tables (issue 8 "Measured"): the CSV export of `records` x 20 columns (request to finished job, rows/s,
 * and the process's resident memory at its peak over the start), and the restore of a revision with `changed` changed
 * records (request to finished job), and the process's CPU time over the export (the machine is shared: CPU time
 * compares runs where wall-clock time does not; `BENCH_PROFILE_DIR` also writes the export's CPU profile there). The exported records are inserted straight into the read model (the export reads
 * only that); the restored records are real record streams made and changed through the API.
 */
export async function benchTablesBulk(options: TablesBulkBenchOptions = {}): Promise<BenchFigure[]> {
  const total = options.records ?? 100_000;
  const changed = options.changed ?? 1_000;
  const log = options.log ?? (() => {});
  const server = await startTestServer();
  try {
    const admin = server.api(await server.signIn(DEMO.admin));
    const me = await admin.call(identityRoutes.currentUser);
    const project = await admin.call(projectRoutes.create, {
      body: { license: me.licenses[0]!.id, name: `Bulk ${randomUUID().slice(0, 6)}`, number: randomUUID().slice(0, 6) },
    });
    const projectId = project.data.id;
    const store = server.adapters.documentStore;
    const untilFinished = async (jobId: string) => {
      for (;;) {
        const { data } = await admin.call(jobRoutes.get, { params: { jobId } });
        if (data.state === 'finished') return;
        if (data.state !== 'requested' && data.state !== 'running') throw new Error(`job ${jobId} ended ${data.state}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    // the export
    const exported = (await admin.call(tableRoutes.createTable, { body: { project: projectId, name: 'Elements' } })).data.id;
    const columns: { id: string; type: ColumnType }[] = [];
    for (const [i, type] of EXPORT_COLUMN_TYPES.entries())
      columns.push({ id: (await admin.call(tableRoutes.createColumn, { body: { table: exported, name: `C${i}`, type } })).data.id, type });
    for (let i = 0; ; i++) {
      const doc = await store.collection<TableDoc>(TABLES_COLLECTION).findOne({ _id: exported });
      if (doc && doc.columns.length === columns.length) break;
      if (i > 500) throw new Error('the tables read model did not catch up');
      await new Promise((r) => setTimeout(r, 20));
    }
    log(`tablesBulk: seeding ${total} records x ${columns.length} columns into the read model`);
    const records = store.collection<RecordDoc>(tableRecordsCollection(exported));
    await seedExportRecords(records, columns, total, me.id);
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const profile = process.env.BENCH_PROFILE_DIR ? await startCpuProfile() : null;
    const exportCpu = process.cpuUsage();
    const exportThreads = threadCpuMs();
    const exportStarted = process.hrtime.bigint();
    const job = await admin.call(tableBulkRoutes.exportTable, { params: { id: projectId, tableId: exported }, body: { format: 'csv' } });
    await untilFinished(job.data.id);
    const exportMs = elapsedMs(exportStarted);
    const exportCpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(exportCpu));
    const [mainThread, ...otherThreads] = threadCpuSince(exportThreads);
    log(`tablesBulk: export CPU by thread (ms): main ${mainThread!.ms}, others ${otherThreads.map((t) => t.ms).join(', ')}`);
    clearInterval(sampler);
    await profile?.stop(join(process.env.BENCH_PROFILE_DIR!, 'tablesBulk-export.cpuprofile'));
    log(`tablesBulk: exported ${total} rows in ${round(exportMs)} ms`);

    // the restore
    const restored = (await admin.call(tableRoutes.createTable, { body: { project: projectId, name: 'Restored' } })).data.id;
    const name = (await admin.call(tableRoutes.createColumn, { body: { table: restored, name: 'Name', type: 'text' } })).data.id;
    const ids: string[] = [];
    for (let i = 0; i < changed; i += 8)
      ids.push(
        ...(await Promise.all(
          Array.from(
            { length: Math.min(8, changed - i) },
            async (_, j) =>
              (await admin.call(tableRoutes.createRecord, { body: { table: restored, values: { [name]: `R ${i + j}` } } })).data.id,
          ),
        )),
      );
    const revision = (await admin.call(tableRoutes.storeRevision, { body: { table: restored, project: projectId } })).data.id;
    for (let i = 0; i < ids.length; i += 8)
      await Promise.all(
        ids
          .slice(i, i + 8)
          .map((id) => admin.call(tableRoutes.updateRecord, { params: { id }, body: { values: { [name]: `Changed ${id}` } } })),
      );
    const restoreStarted = process.hrtime.bigint();
    const restore = await admin.call(tableBulkRoutes.restoreRevision, { params: { id: revision }, body: {} });
    await untilFinished(restore.data.id);
    const restoreMs = elapsedMs(restoreStarted);
    log(`tablesBulk: restored ${changed} records in ${round(restoreMs)} ms`);

    return [
      atLeast(`table export of ${total} x 20 to CSV, request to finished`, round((total / exportMs) * 1000, 0), 'rows/s', 100_000),
      info('table export: CPU time of the process per 10,000 rows', round((exportCpuMs / total) * 10_000, 0), 'ms'),
      info(
        'table export: CPU time of the busiest thread per 10,000 rows (the reader threads read beside the main one)',
        round((Math.max(...[mainThread!, ...otherThreads].map((t) => t.ms)) / total) * 10_000, 0),
        'ms',
      ),
      info('table export: resident memory peak over the start', round((rssPeak - rssBefore) / 1024 / 1024, 1), 'MB'),
      atMost(`restore of ${changed} changed records, request to finished`, round(restoreMs / 1000, 2), 's', 5),
    ];
  } finally {
    await server.close();
  }
}
