import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * The thread of `startWalCheckpoints` (walCheckpoints.ts): its own connection to a WAL-mode SQLite file, which copies
 * the WAL's committed pages into the database every `intervalMs` (a PASSIVE checkpoint: it waits for no reader or
 * writer and copies what no reader still needs). Answers `{ checkpoint: [busy, log, checkpointed] }` to 'checkpoint'
 * (tests), `{ closed: true }` to 'close'.
 */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const port = parentPort!;
const db = new Database(file, { fileMustExist: true, timeout: 5_000 });
const checkpoint = db.prepare<[], { busy: number; log: number; checkpointed: number }>('PRAGMA wal_checkpoint(PASSIVE)');
const run = () => {
  const { busy, log, checkpointed } = checkpoint.get()!;
  return [busy, log, checkpointed];
};
const timer = setInterval(run, intervalMs);
port.on('message', (message: 'checkpoint' | 'close') => {
  if (message === 'checkpoint') port.postMessage({ checkpoint: run() });
  else {
    clearInterval(timer);
    db.close();
    port.postMessage({ closed: true });
  }
});
port.postMessage({ ready: true });
