import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../threads/moduleWorker';

/**
 * Where a WAL-mode SQLite store copies its WAL into the database (docs/performance.md 29.): `inline` (SQLite's own
 * automatic checkpoint, run by the connection that commits, after its commit, on the event loop) or `thread` (a
 * connection of its own in a thread, `walCheckpoint.worker.ts`, which checkpoints every `WAL_CHECKPOINT_INTERVAL_MS`;
 * the store's own automatic checkpoint is kept as the backstop that resets the WAL, and then finds little left to copy).
 */
export type WalCheckpoints = 'inline' | 'thread';

export const WAL_CHECKPOINT_INTERVAL_MS = 100;

/**
 * The stores' default: `STRAMIEN_SQLITE_CHECKPOINTS` (config.ts validates it for the service), else `thread`. The test
 * suite sets `inline` (vitest.config.ts): from source each thread loads for half a second of CPU.
 */
export const defaultWalCheckpoints = (env: Record<string, string | undefined> = process.env): WalCheckpoints =>
  env.STRAMIEN_SQLITE_CHECKPOINTS === 'inline' ? 'inline' : 'thread';

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
 * Starts the checkpoint thread of the SQLite file `file` (WAL mode, already created). The thread does not keep the
 * process alive; if it fails it ends, and the store's automatic checkpoint does all the copying again.
 */
export const startWalCheckpoints = (file: string, intervalMs = WAL_CHECKPOINT_INTERVAL_MS): WalCheckpointThread => {
  const worker = startModuleWorker(new URL('./walCheckpoint.worker.ts', import.meta.url), { workerData: { file, intervalMs } });
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
