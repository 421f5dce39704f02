import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Where a WAL-mode SQLite store copies its WAL into the database (docs/performance.md 29.): `inline` (SQLite's own
 * automatic checkpoint, run by the connection that commits, after its commit, on the event loop) or `thread` (a
 * connection of its own in a thread, `CHECKPOINT_THREAD`, which checkpoints every `WAL_CHECKPOINT_INTERVAL_MS`;
 * the store's own automatic checkpoint is kept as the backstop that resets the WAL, and then finds little left to copy).
 */
export const WAL_CHECKPOINT_MODES = ['inline', 'thread'] as const;
export type WalCheckpoints = (typeof WAL_CHECKPOINT_MODES)[number];
/** the document store's, and the service's (config.ts); the event store checkpoints inline unless told */
export const DEFAULT_WAL_CHECKPOINTS: WalCheckpoints = 'thread';

export const WAL_CHECKPOINT_INTERVAL_MS = 100;

/**
 * The default of a document store made without the service's config (tests, benches): `STRAMIEN_SQLITE_CHECKPOINTS`
 * as config.ts reads it for the service, else `DEFAULT_WAL_CHECKPOINTS`. The test suite sets `inline`
 * (vitest.config.ts): every store of its thousands of tests keeps to one connection.
 */
export const defaultWalCheckpoints = (env: Record<string, string | undefined> = process.env): WalCheckpoints =>
  WAL_CHECKPOINT_MODES.find((mode) => mode === env.STRAMIEN_SQLITE_CHECKPOINTS) ?? DEFAULT_WAL_CHECKPOINTS;

/** `PRAGMA wal_checkpoint`'s answer: whether it was kept from running, the WAL's frames, and those copied */
export type CheckpointResult = [busy: number, log: number, checkpointed: number];

export interface WalCheckpointThread {
  /** a checkpoint now, in the thread (tests); null when the thread is gone */
  checkpoint(): Promise<CheckpointResult | null>;
  /** whether the thread still runs (it ends on its own only when it fails; the store then checkpoints inline) */
  readonly running: boolean;
  /** ends the thread and its connection */
  close(): Promise<void>;
  /** the thread (tests) */
  readonly worker: Worker;
}

/**
 * The thread: its own connection to the WAL-mode file, a PASSIVE checkpoint every `intervalMs` (it waits for no reader
 * or writer and copies what no reader still needs); answers `{ checkpoint: [busy, log, checkpointed] }` to
 * 'checkpoint' (tests) and `{ closed: true }` to 'close', after closing its connection. Plain JavaScript run with
 * `eval`, not a module of ours through `startModuleWorker` (docs/threads.md): it needs no TypeScript, and from source
 * a module thread loads tsx (~30 MB and ~0.5 s of CPU, against ~12 MB and a few ms for this one).
 */
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { fileMustExist: true, timeout: 5000 });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const run = () => {
  const { busy, log, checkpointed } = checkpoint.get();
  return [busy, log, checkpointed];
};
const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') return parentPort.postMessage({ checkpoint: run() });
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ closed: true });
});
parentPort.postMessage({ ready: true });
`;

/** better-sqlite3 as this module resolves it (bundled, from the service's dist/ as its own import does) */
const SQLITE = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Starts the checkpoint thread of the SQLite file `file` (WAL mode, already created). The thread does not keep the
 * process alive; if it fails it ends, and the store's automatic checkpoint does all the copying again.
 */
export const startWalCheckpoints = (file: string, intervalMs = WAL_CHECKPOINT_INTERVAL_MS): WalCheckpointThread => {
  const worker = new Worker(CHECKPOINT_THREAD, { eval: true, workerData: { file, intervalMs, sqlite: SQLITE } });
  worker.unref();
  let running = true;
  const answers: ((message: { checkpoint?: CheckpointResult; closed?: true } | null) => void)[] = [];
  const stopped = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      running = false;
      for (const answer of answers.splice(0)) answer(null);
      resolve();
    });
  });
  // a thread that failed (its file gone, its connection refused): ended; the store's own checkpoints remain
  worker.on('error', () => undefined);
  worker.on('message', (message: { checkpoint?: CheckpointResult; closed?: true; ready?: true }) => {
    if (message.ready) return;
    answers.shift()?.(message);
  });
  const ask = (message: 'checkpoint' | 'close') =>
    new Promise<{ checkpoint?: CheckpointResult; closed?: true } | null>((resolve) => {
      if (!running) return resolve(null);
      answers.push(resolve);
      worker.postMessage(message);
    });
  return {
    worker,
    get running() {
      return running;
    },
    async checkpoint() {
      return (await ask('checkpoint'))?.checkpoint ?? null;
    },
    async close() {
      // the thread closes its connection before it ends: no connection of it is left behind the store's
      await ask('close');
      await worker.terminate();
      await stopped;
    },
  };
};
