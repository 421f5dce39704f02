import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentStore } from './documentStore';
import { createEmbeddedDocumentStore, type EmbeddedDocumentStore } from './embeddedDocumentStore';
import { CHECKPOINTS_COLLECTION, logCheckpoint, type Checkpoint } from './logCheckpoint';
import { tempStoreFile } from './tempStoreFile';

describe('logCheckpoint', () => {
  let temp: ReturnType<typeof tempStoreFile>;
  let store: EmbeddedDocumentStore;
  /** the checkpoint writes, each with the position it wrote and whether another one was under way */
  let writes: Array<{ position: number; overlapped: boolean }>;
  let delayMs: number;
  let failNext: boolean;
  /** the store as the checkpoint sees it: its writes counted, slowed down by `delayMs`, the next one failed on demand */
  let watched: DocumentStore;

  beforeEach(() => {
    temp = tempStoreFile();
    store = createEmbeddedDocumentStore({ file: temp.file });
    writes = [];
    delayMs = 0;
    failNext = false;
    let writing = 0;
    watched = {
      ...store,
      collection: <T extends Checkpoint>(name: string) => {
        const collection = store.collection<T>(name);
        return {
          ...collection,
          findOne: collection.findOne.bind(collection),
          replaceOne: async (...args: Parameters<typeof collection.replaceOne>) => {
            writes.push({ position: (args[1] as Checkpoint).position, overlapped: writing > 0 });
            writing++;
            try {
              await sleep(delayMs);
              if (failNext) {
                failNext = false;
                throw new Error('disk full');
              }
              return await collection.replaceOne(...args);
            } finally {
              writing--;
            }
          },
        };
      },
    } as DocumentStore;
  });

  afterEach(async () => {
    await store.close();
    temp.remove();
  });

  const stored = async (name: string) => (await store.collection<Checkpoint>(CHECKPOINTS_COLLECTION).findOne({ _id: name }))?.position;

  it('loads 0 when none is stored, else the stored position', async () => {
    expect(await logCheckpoint(watched, 'reader').load()).toBe(0);
    await store
      .collection<Checkpoint>(CHECKPOINTS_COLLECTION)
      .replaceOne({ _id: 'reader', position: 42 }, { _id: 'reader', position: 42 }, { upsert: true });
    const checkpoint = logCheckpoint(watched, 'reader');
    expect(await checkpoint.load()).toBe(42);
    // the position it loaded is stored already: nothing to write
    await checkpoint.flush();
    expect(writes).toEqual([]);
  });

  it('writes what was passed at most once per everyMs, the last of it when that time is up, and at once when told to', async () => {
    const checkpoint = logCheckpoint(watched, 'reader', { everyMs: 1_000 });
    await checkpoint.load();
    for (let position = 1; position <= 20; position++) await checkpoint.passed(position);
    expect(await stored('reader')).toBeUndefined();
    // no further batch: the timer writes the last position passed
    await expect.poll(() => stored('reader'), { timeout: 4_000, interval: 20 }).toBe(20);
    expect(writes.map((w) => w.position)).toEqual([20]);

    await checkpoint.passed(21);
    expect(await stored('reader')).toBe(20);
    await checkpoint.passed(22, true);
    expect(await stored('reader')).toBe(22);
    // the timer set for 21 finds nothing new to write
    await sleep(1_100);
    expect(writes.map((w) => w.position)).toEqual([20, 22]);
  });

  it('writes the last position on flush and leaves no timer behind', async () => {
    const checkpoint = logCheckpoint(watched, 'reader', { everyMs: 200 });
    await checkpoint.load();
    await checkpoint.passed(5);
    await checkpoint.passed(9);
    await checkpoint.flush();
    expect(await stored('reader')).toBe(9);
    await sleep(300);
    expect(writes.map((w) => w.position)).toEqual([9]);
  });

  it('never runs two writes at once, so an earlier position never overwrites a later one', async () => {
    delayMs = 50;
    const checkpoint = logCheckpoint(watched, 'reader', { everyMs: 0 });
    await checkpoint.load();
    await Promise.all([checkpoint.passed(3), checkpoint.passed(7), checkpoint.flush(), checkpoint.passed(11)]);
    expect(writes.some((w) => w.overlapped)).toBe(false);
    expect(await stored('reader')).toBe(11);
  });

  it('tells a failed trailing write to onError, and the next write stores the position', async () => {
    const errors: unknown[] = [];
    const checkpoint = logCheckpoint(watched, 'reader', { everyMs: 100, onError: (e) => errors.push(e) });
    await checkpoint.load();
    failNext = true;
    await checkpoint.passed(4);
    await expect.poll(() => errors.length, { timeout: 2_000, interval: 20 }).toBe(1);
    expect(String(errors[0])).toContain('disk full');
    expect(await stored('reader')).toBeUndefined();
    await checkpoint.flush();
    expect(await stored('reader')).toBe(4);
  });

  it('fails the caller of a write made at once, and writes again on the next call', async () => {
    const checkpoint = logCheckpoint(watched, 'reader', { everyMs: 60_000 });
    await checkpoint.load();
    failNext = true;
    await expect(checkpoint.passed(6, true)).rejects.toThrow('disk full');
    await checkpoint.passed(8, true);
    expect(await stored('reader')).toBe(8);
  });
});
