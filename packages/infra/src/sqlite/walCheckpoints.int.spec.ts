import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedDocumentStore } from '../documentStore/embeddedDocumentStore';
import { createSqliteEventStore } from '../eventStore/sqliteEventStore';
import { defaultWalCheckpoints, startWalCheckpoints } from './walCheckpoints';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-wal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sizeOf = (file: string) => statSync(file).size;
/** waits until `holds` or 10 s */
const until = async (holds: () => boolean) => {
  for (let waited = 0; !holds() && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  return holds();
};
/** ~2 MB of documents: far below the document store's automatic checkpoint (1,000 pages of 16 KiB) */
const docs = Array.from({ length: 1_000 }, (_, i) => ({ _id: `d${i}`, text: 'x'.repeat(2_000) }));

describe('WAL checkpoints in a thread', () => {
  it('copies a document store WAL into the database while the store writes on, which inline waits for the WAL to fill', async () => {
    for (const mode of ['thread', 'inline'] as const) {
      const file = join(dir, `${mode}.sqlite`);
      const store = createEmbeddedDocumentStore({ file, walCheckpoints: mode });
      const before = sizeOf(file);
      await store.collection('notes').insertMany(docs);
      // the thread copies the pages into the database file within its interval; inline nothing is copied yet
      if (mode === 'thread') expect(await until(() => sizeOf(file) > before + 1_000_000)).toBe(true);
      else expect(sizeOf(file)).toBe(before);
      expect(await store.collection('notes').count()).toBe(1_000);
      await store.close();
      const reopened = createEmbeddedDocumentStore({ file, walCheckpoints: 'inline' });
      expect(await reopened.collection('notes').count()).toBe(1_000);
      await reopened.close();
    }
  });

  it('checkpoints the event store the same way; every event is there after a reopen', async () => {
    const file = join(dir, 'events.sqlite');
    const store = createSqliteEventStore({ file, walCheckpoints: 'thread' });
    const before = sizeOf(file);
    for (let i = 0; i < 20; i++) {
      await store.append(
        `task-${i}`,
        Array.from({ length: 100 }, (_, n) => ({
          id: crypto.randomUUID(),
          type: 'TaskCreated',
          data: { n, text: 'y'.repeat(500) },
          metadata: {},
        })),
        'no_stream',
      );
    }
    expect(await until(() => sizeOf(file) > before + 500_000)).toBe(true);
    await store.close();
    const reopened = createSqliteEventStore({ file, walCheckpoints: 'inline' });
    expect(await reopened.readAll({ after: 0, maxCount: 10_000 })).toHaveLength(2_000);
    await reopened.close();
  });

  it("does not make the store's connection see a change: its data_version stays (no catalogue reload per checkpoint)", async () => {
    const file = join(dir, 'version.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (x TEXT)');
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    for (let i = 0; i < 500; i++) insert.run('z'.repeat(1_000));
    const version = db.pragma('data_version', { simple: true });
    const thread = startWalCheckpoints(file, 60_000);
    const [busy, log, checkpointed] = (await thread.checkpoint())!;
    expect(busy).toBe(0);
    expect(log).toBeGreaterThan(100);
    expect(checkpointed).toBe(log);
    expect(db.pragma('data_version', { simple: true })).toBe(version);
    // the next write starts the WAL over and is seen by the thread's next checkpoint
    insert.run('after');
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 501 });
    expect((await thread.checkpoint())![1]).toBeLessThan(log);
    await thread.close();
    db.close();
  });

  it('leaves the store to its own checkpoints when the thread is gone', async () => {
    const file = join(dir, 'gone.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x TEXT)');
    const thread = startWalCheckpoints(file, 60_000);
    expect(thread.running).toBe(true);
    await thread.worker.terminate();
    expect(thread.running).toBe(false);
    expect(await thread.checkpoint()).toBeNull();
    await thread.close();
    db.prepare('INSERT INTO t VALUES (?)').run('still written');
    db.close();
  });

  it('fails in the thread, not in the store, when the file is not there', async () => {
    const thread = startWalCheckpoints(join(dir, 'missing.sqlite'), 60_000);
    expect(await until(() => !thread.running)).toBe(true);
    await thread.close();
  });

  it('is `thread` unless STRAMIEN_SQLITE_CHECKPOINTS says inline', () => {
    expect(defaultWalCheckpoints({})).toBe('thread');
    expect(defaultWalCheckpoints({ STRAMIEN_SQLITE_CHECKPOINTS: 'inline' })).toBe('inline');
    expect(defaultWalCheckpoints({ STRAMIEN_SQLITE_CHECKPOINTS: 'thread' })).toBe('thread');
  });
});
