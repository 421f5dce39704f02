import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { identityRoutes, jobRoutes, projectRoutes, recordImportRoutes, tableRoutes } from '@stramien/api';
import { jobDecider, jobSchemas, toJobStreamId, type Column, type ColumnType } from '@stramien/domain';
import {
  createCommandPipeline,
  createEmbeddedDocumentStore,
  createFileBlobStore,
  createInProcessBus,
  createSqliteEventStore,
  type Doc,
  type DocumentStore,
} from '@stramien/infra';
import { createJobWorker, defaultJobKinds, importBlobIds, RECORDS_IMPORT_KIND, type RecordsImportParams } from '@stramien/jobs';
import { TABLES_COLLECTION, type TableDoc } from '@stramien/projections/tables/tableDocs';
import { DEMO, startTestServer } from '@stramien/commands/testing/testServer';
import { atLeast, atMost, info, round, type BenchFigure } from './figures';

export interface TablesImportBenchOptions {
  /** data rows of the CSV; default 100,000 */
  rows?: number;
  log?: (line: string) => void;
}

const MB = 1024 * 1024;

/** 20 columns, as a construction table has them: names, codes, counts, sizes, flags and dates */
export const BENCH_IMPORT_COLUMNS: { name: string; type: ColumnType }[] = [
  ...Array.from({ length: 8 }, (_, i) => ({ name: `Text ${i + 1}`, type: 'text' as const })),
  ...Array.from({ length: 4 }, (_, i) => ({ name: `Count ${i + 1}`, type: 'integer' as const })),
  ...Array.from({ length: 4 }, (_, i) => ({ name: `Size ${i + 1}`, type: 'float' as const })),
  ...Array.from({ length: 2 }, (_, i) => ({ name: `Done ${i + 1}`, type: 'boolean' as const })),
  ...Array.from({ length: 2 }, (_, i) => ({ name: `Date ${i + 1}`, type: 'date' as const })),
];

/** one cell as Dutch Excel writes it (`;` file: decimal commas, day-first dates, WAAR/ONWAAR) */
const cell = (type: ColumnType, row: number, column: number): string => {
  const n = row * 31 + column * 7;
  switch (type) {
    case 'integer':
      return String(n % 100_000);
    case 'float':
      return `${n % 10_000},${n % 100}`;
    case 'boolean':
      return n % 2 === 0 ? 'WAAR' : 'ONWAAR';
    case 'date':
      return `${String((n % 28) + 1).padStart(2, '0')}-${String((n % 12) + 1).padStart(2, '0')}-20${20 + (n % 10)}`;
    default:
      return `Element ${row}.${column} level ${n % 12}`;
  }
};

export const csvOf = (rows: number): Buffer => {
  const parts: string[] = [`\uFEFF${BENCH_IMPORT_COLUMNS.map((c) => c.name).join(';')}\r\n`];
  for (let r = 1; r <= rows; r++) parts.push(`${BENCH_IMPORT_COLUMNS.map((c, i) => cell(c.type, r, i)).join(';')}\r\n`);
  return Buffer.from(parts.join(''), 'utf8');
};

/** samples the RSS every 20 ms until stopped; answers the peak */
/** the import's target table (`table-1` of `project-1`, the bench's 20 columns) in the read model, as the job reads it */
export const seedImportTable = async (documentStore: DocumentStore): Promise<Column[]> => {
  // uuids, as `POST /column` names columns: every cell of every RecordCreated carries its column's id
  const columns: Column[] = BENCH_IMPORT_COLUMNS.map((c, i) => ({
    columnId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: c.name,
    type: c.type,
    options: null,
    position: i,
  }));
  await documentStore.collection<Doc>(TABLES_COLLECTION).insertMany([{ _id: 'table-1', projectId: 'project-1', columns, deleted: false }]);
  return columns;
};

/** the job's params: the upload of `jobId` into that table, each CSV header mapped to its column */
export const importParamsOf = (jobId: string, columns: Column[]): RecordsImportParams => ({
  tableId: 'table-1',
  projectId: 'project-1',
  blobId: importBlobIds.upload(jobId),
  mapping: Object.fromEntries(columns.map((c) => [c.name, c.columnId])),
  filename: 'import.csv',
});

const rssSampler = () => {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
};

/**
 * The import job alone, as the export bench measures its job: the job worker on the embedded adapters of `dir` runs a
 * `records-import` of the file (the verify pass, then the chunks of IMPORT_CHUNK_ROWS records through the command pipeline), timed
 * from the request to JobFinished. No projection runs meanwhile.
 */
export const benchImportJob = async (dir: string, file: Buffer, rows: number, log: (line: string) => void): Promise<BenchFigure[]> => {
  const eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  const documentStore = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
  const blobStore = createFileBlobStore({ dir: join(dir, 'blobs') });
  const bus = createInProcessBus();
  try {
    const columns = await seedImportTable(documentStore);
    const worker = createJobWorker({ eventStore, documentStore, blobStore, bus, kinds: defaultJobKinds() });
    // as a started worker has them: the import's threads ready (from source they load for about a second)
    await worker.warm();
    const pipeline = createCommandPipeline({ eventStore });
    const jobId = randomUUID();
    const actor = { userId: 'user-0', licenceId: 'licence-1' };
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const peakOf = rssSampler();
    const started = performance.now();
    await blobStore.put(file, { id: importBlobIds.upload(jobId), contentType: 'text/csv' });
    const params = importParamsOf(jobId, columns);
    await pipeline({
      decider: jobDecider,
      schemas: jobSchemas,
      streamId: toJobStreamId(jobId),
      command: {
        type: 'RequestJob',
        data: { jobId, licenceId: 'licence-1', projectId: 'project-1', kind: RECORDS_IMPORT_KIND, params },
        metadata: { actor, now: new Date().toISOString() },
      },
      context: { actor, correlationId: 'bench', causationId: 'bench' },
    });
    await worker.runJob(jobId);
    const seconds = (performance.now() - started) / 1000;
    const peak = peakOf();
    const events = await eventStore.readStream(toJobStreamId(jobId));
    const at = (type: string) => events.find((e) => e.type === type)?.recordedAt;
    const startedAt = at('JobStarted');
    const finishedAt = at('JobFinished');
    if (startedAt === undefined || finishedAt === undefined) throw new Error('the import did not finish');
    // JobStarted is appended once the plan (the whole file parsed and checked) is stored; the chunks follow it
    const chunksSeconds = (Date.parse(finishedAt) - Date.parse(startedAt)) / 1000;
    log(`tables import (job alone): ${rows} rows in ${round(seconds, 1)} s, RSS peak ${round(peak / MB)} MB`);
    return [
      atLeast(
        `CSV import: ${rows} rows x 20 columns, the job alone (request -> JobFinished)`,
        Math.round(rows / seconds),
        'rows/s',
        20_000,
      ),
      info('CSV import, the job alone: the plan (request -> JobStarted)', round(seconds - chunksSeconds, 2), 's'),
      info('CSV import, the job alone: the chunks (JobStarted -> JobFinished)', round(chunksSeconds, 2), 's'),
      atMost('CSV import, the job alone: resident memory at its peak', round(peak / MB), 'MB', 1024),
      info('CSV import, the job alone: RSS before', round(rssBefore / MB), 'MB'),
    ];
  } finally {
    await bus.close();
    await eventStore.close();
    await documentStore.close();
    await blobStore.close();
  }
};

/**
 * CSV import on the embedded default: a Dutch Excel file of `rows` rows x 20 columns, first as the job alone (the
 * target's figure), then end to end in the one-process runtime: sent as base64 to `POST /api/records/import`, timed
 * from the request to the job's end and further until the tables read model counts every record, the projections
 * running in the same process (one thread) meanwhile. RSS sampled every 20 ms.
 */
export const benchTablesImport = async (dir: string, options: TablesImportBenchOptions = {}): Promise<BenchFigure[]> => {
  const rows = options.rows ?? 100_000;
  const log = options.log ?? (() => undefined);
  const file = csvOf(rows);
  log(`tables import: ${rows} rows x ${BENCH_IMPORT_COLUMNS.length} columns, ${round(file.length / MB, 1)} MB`);
  const alone = await benchImportJob(dir, file, rows, log);
  return [...alone, ...(await benchImportOverHttp(dir, file, rows, log))];
};

/**
 * The browser's part of the upload, in a process of its own: it sends `{"table": table, "file": <the text of
 * base64File>}`, so the server's figure holds none of the client's copies (the base64 text, its JSON, the request's
 * buffers: ~110 MB when the bench sent it from the server's own process). Answers the JSON answer, or throws with the
 * status and text.
 */
const postFromAnotherProcess = async (url: string, token: string, table: string, base64File: string): Promise<unknown> => {
  const script = `
    const [url, token, table, file] = process.argv.slice(1);
    const { readFileSync } = await import('node:fs');
    const body = Buffer.concat([Buffer.from(JSON.stringify({ table }).slice(0, -1) + ',"file":"'), readFileSync(file), Buffer.from('"}')]);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
      body,
    });
    process.stdout.write(JSON.stringify({ status: res.status, text: await res.text() }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, url, token, table, base64File], {
    maxBuffer: 16 * MB,
  });
  const { status, text } = JSON.parse(stdout) as { status: number; text: string };
  if (status !== 200) throw new Error(`POST ${url} answered ${status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
};

/** the upload of the HTTP part: the CSV's base64 text, written by the bench before the server's process starts */
const UPLOAD = 'import-upload.b64';
/** the HTTP part's figures, written by its process */
const HTTP_FIGURES = 'import-http-figures.json';

/**
 * The HTTP part in a process of its own (importServer.ts), started with this process's loaders: the server's RSS is
 * then the server's, without what this process holds (the CSV, the job-alone part's stores and heap: ~630 MB at the
 * start of the HTTP part when it ran here).
 */
const benchImportOverHttp = async (dir: string, file: Buffer, rows: number, log: (line: string) => void): Promise<BenchFigure[]> => {
  writeFileSync(join(dir, UPLOAD), file.toString('base64'));
  const figures = join(dir, HTTP_FIGURES);
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL('./importServer.ts', import.meta.url)), dir, String(rows), figures],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    for (const line of text.split('\n')) if (line.startsWith('  … ')) log(line.slice(4));
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the HTTP import's process exited with ${code}`);
  return [...(JSON.parse(readFileSync(figures, 'utf8')) as BenchFigure[]), info('CSV import: file size', round(file.length / MB, 1), 'MB')];
};

/**
 * The HTTP part itself (run by importServer.ts in its own process): the one-process runtime on a fresh data dir, the
 * upload of `dir`'s base64 file sent to `POST /api/records/import` from another process, timed from the request to the
 * job's end and further until the tables read model counts every record. RSS sampled every 20 ms.
 */
export const measureImportOverHttp = async (dir: string, rows: number, log: (line: string) => void): Promise<BenchFigure[]> => {
  const server = await startTestServer();
  try {
    const token = await server.signIn(DEMO.admin);
    const admin = server.api(token);
    const user = await admin.call(identityRoutes.currentUser);
    const project = await admin.call(projectRoutes.create, {
      body: { license: user.licenses[0]!.id, name: 'Bench import', number: 'BI-1' },
    });
    const table = (await admin.call(tableRoutes.createTable, { body: { project: project.data.id, name: 'Elements' } })).data;
    for (const column of BENCH_IMPORT_COLUMNS) await admin.call(tableRoutes.createColumn, { body: { table: table.id, ...column } });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const peakOf = rssSampler();
    const started = performance.now();
    const answer = (await postFromAnotherProcess(`${server.url}${recordImportRoutes.import.path}`, token, table.id, join(dir, UPLOAD))) as {
      data: { id: string; state: string };
    };
    rmSync(join(dir, UPLOAD), { force: true });
    const { data } = answer;
    let state = data.state;
    while (state === 'requested' || state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await admin.call(jobRoutes.get, { params: { jobId: data.id } })).data.state;
    }
    const jobSeconds = (performance.now() - started) / 1000;
    if (state !== 'finished') throw new Error(`the import ended ${state}`);
    const tables = server.adapters.documentStore.collection<TableDoc>(TABLES_COLLECTION);
    while (((await tables.findOne({ _id: table.id }))?.recordCount ?? 0) < rows) await new Promise((resolve) => setTimeout(resolve, 200));
    const readSeconds = (performance.now() - started) / 1000;
    const peak = peakOf();
    log(`tables import (over HTTP): job ${round(jobSeconds, 1)} s, read model ${round(readSeconds, 1)} s, RSS peak ${round(peak / MB)} MB`);
    return [
      info(
        `CSV import over HTTP, one process with the projections: ${rows} rows (request -> job finished)`,
        Math.round(rows / jobSeconds),
        'rows/s',
      ),
      info(`CSV import over HTTP: ${rows} rows until the read model has them all`, Math.round(rows / readSeconds), 'rows/s'),
      atMost('CSV import over HTTP: resident memory at its peak (the whole server)', round(peak / MB), 'MB', 1024),
      info('CSV import over HTTP: RSS before', round(rssBefore / MB), 'MB'),
    ];
  } finally {
    await server.close();
  }
};
