import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ReadPlan } from '@stramien/infra';
import { csvLinesOf } from './csvLines';
import { csvLinesOfJsonb } from './jsonbLines';

/**
 * Reader threads of the table export (docs/tables.md "Bulk work", "Export in reader threads"): each thread opens
 * its own read-only connection to the embedded document store's file, runs the statement `find` would run
 * (`readPlan`), and writes the records as CSV lines there, so SQLite's `json(doc)`, the JSON parse and the lines of
 * two chunks run beside the job's thread. The lines are written by the source text of `csvLinesOf` (csvLines.ts), the
 * function the job's thread uses (tableExport.int.spec.ts compares the two exports on every column type).
 *
 * The thread's code is a string run with `eval: true` (plain CommonJS, only `better-sqlite3`, found by its resolved
 * path): a worker file of its own would need a loader for TypeScript under tsx and vitest and an entry of its own in
 * the services' bundles.
 */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
// where esbuild's keepNames compiled the source (tsx), a function's text may call __name
var __name = (f) => f;
const csvLinesOf = ${csvLinesOf.toString()};
const csvLinesOfJsonb = ${csvLinesOfJsonb.toString()};
parentPort.on('message', (task) => {
  let db = null;
  try {
    db = new Database(task.file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const rows = db.prepare(task.sql).raw(true).iterate(...task.params);
    let answer;
    if (task.jsonb) {
      // the stored JSONB, written as lines without parsing (jsonbLines.ts); a record it does not know is parsed
      const toJson = db.prepare('SELECT json(?)').pluck();
      const ids = task.ids.map((id) => Buffer.from(id, 'utf8'));
      answer = csvLinesOfJsonb(
        (function* () {
          for (const row of rows) yield row[1];
        })(),
        ids,
        task.booleans,
        (doc) => JSON.parse(toJson.get(doc)),
        (v) => csvLinesOf([v], task.ids, task.booleans),
      );
    } else {
      let count = 0;
      let last = null;
      const out = csvLinesOf(
        (function* () {
          for (const row of rows) {
            const doc = JSON.parse(row[1]);
            count++;
            last = doc._seq;
            yield doc.v;
          }
        })(),
        task.ids,
        task.booleans,
      );
      answer = { content: Buffer.from(out, 'utf8'), count, last };
    }
    // the bytes go to the job's thread transferred, not copied: a buffer of their own (not Buffer's shared pool)
    let content = answer.content;
    if (content.byteOffset !== 0 || content.buffer.byteLength > content.byteLength * 2) content = new Uint8Array(content);
    const bytes = new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
    parentPort.postMessage({ id: task.id, content: bytes, count: answer.count, last: answer.last }, [content.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: task.id, error: String((error && error.message) || error) });
  } finally {
    if (db) db.close();
  }
});
`;

/** what a reader thread is asked: a statement of `readPlan` and the file's columns */
export interface ReaderTask {
  /** the statement; `jsonb`: its `storedSql` is read (the stored JSONB), else its `sql` (the document's JSON text) */
  plan: ReadPlan;
  jsonb?: boolean;
  /** the columns' ids in file order */
  ids: string[];
  /** which of them are boolean columns (stored 1/0, written true/false) */
  booleans: boolean[];
}

export interface ReaderAnswer {
  /** the records as CSV lines */
  content: Buffer;
  count: number;
  /** `_seq` of the last record read, null when none */
  last: number | null;
}

interface Pending {
  resolve(answer: ReaderAnswer): void;
  reject(error: Error): void;
}

interface Reader {
  worker: Worker;
  /** the task at work, null when idle */
  task: number | null;
}

/**
 * A few reader threads; a task goes to an idle one or waits for one. The threads do not keep the process alive
 * (unref) and end after `idleMs` without work; a thread that dies fails its task, and the next task starts another.
 */
export const createExportReaders = (options: { threads?: number; idleMs?: number } = {}) => {
  const size = Math.max(1, options.threads ?? Math.min(2, availableParallelism()));
  const idleMs = options.idleMs ?? 30_000;
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const readers: Reader[] = [];
  const waiting: Array<{ task: ReaderTask; pending: Pending }> = [];
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | null = null;

  const start = (): Reader => {
    const worker = new Worker(READER_SOURCE, {
      eval: true,
      // not the process's flags: a loader given to the process (tsx under the benches) would load in every thread
      execArgv: [],
      workerData: { sqlite },
      // a larger young generation: a chunk's parsed records die young instead of being promoted and marked
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    });
    worker.unref();
    const reader: Reader = { worker, task: null };
    worker.on('message', (answer: { id: number; content?: Uint8Array; count?: number; last?: number | null; error?: string }) => {
      const task = pending.get(answer.id);
      pending.delete(answer.id);
      reader.task = null;
      if (answer.error !== undefined) task?.reject(new Error(`export reader: ${answer.error}`));
      else {
        const content = answer.content!;
        task?.resolve({
          content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
          count: answer.count!,
          last: answer.last ?? null,
        });
      }
      next();
    });
    const fail = (error: Error) => {
      readers.splice(readers.indexOf(reader), 1);
      if (reader.task !== null) {
        pending.get(reader.task)?.reject(error);
        pending.delete(reader.task);
      }
      next();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (readers.includes(reader)) fail(new Error(`export reader ended (${code})`));
    });
    readers.push(reader);
    return reader;
  };

  const next = () => {
    while (waiting.length > 0) {
      const reader = readers.find((r) => r.task === null) ?? (readers.length < size ? start() : null);
      if (!reader) return;
      const { task, pending: p } = waiting.shift()!;
      const id = nextId++;
      pending.set(id, p);
      reader.task = id;
      reader.worker.postMessage({
        id,
        file: task.plan.file,
        sql: task.jsonb === true ? task.plan.storedSql : task.plan.sql,
        params: task.plan.params,
        jsonb: task.jsonb === true,
        ids: task.ids,
        booleans: task.booleans,
      });
    }
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (pending.size === 0 && readers.length > 0) {
      idleTimer = setTimeout(() => void close(), idleMs);
      idleTimer.unref();
    }
  };

  const close = async () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const all = readers.splice(0);
    await Promise.all(all.map((r) => r.worker.terminate()));
  };

  return {
    threads: size,
    /** starts the threads now (a thread takes some tens of ms to start), so the first chunks find them ready */
    warm() {
      while (readers.length < size) start();
      next();
    },
    read: (task: ReaderTask): Promise<ReaderAnswer> =>
      new Promise<ReaderAnswer>((resolve, reject) => {
        waiting.push({ task, pending: { resolve, reject } });
        next();
      }),
    close,
  };
};
export type ExportReaders = ReturnType<typeof createExportReaders>;
