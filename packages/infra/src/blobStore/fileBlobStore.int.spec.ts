import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from './blobStore.contract';
import { BlobTooLargeError, type BlobStore } from './blobStore';
import { createFileBlobStore } from './fileBlobStore';

describeBlobStoreContract('FileBlobStore', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'stramien-blobs-'));
  const store = createFileBlobStore({ dir });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

const listFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));
};

describe('FileBlobStore', () => {
  let dir: string;
  let store: BlobStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stramien-blobs-'));
    store = createFileBlobStore({ dir, now: () => new Date('2024-05-01T10:00:00.000Z') });
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the content at <id[0..2]>/<id> with its info in a JSON file next to it', async () => {
    const id = 'ab12cd34-0000-4000-8000-000000000000';
    const info = await store.put(Buffer.from('content'), { contentType: 'text/plain', filename: 'a.txt', id });
    expect(info.createdAt).toBe('2024-05-01T10:00:00.000Z');
    expect((await listFiles(dir)).sort()).toEqual([join('ab', id), join('ab', `${id}.json`)]);
    expect(await readFile(join(dir, 'ab', id), 'utf8')).toBe('content');
    expect(JSON.parse(await readFile(join(dir, 'ab', `${id}.json`), 'utf8'))).toEqual(info);
  });

  it('answers reads on a directory that does not exist yet as empty', async () => {
    const fresh = createFileBlobStore({ dir: join(dir, 'not', 'yet') });
    expect(await fresh.stat(randomUUID())).toBeNull();
    expect(await fresh.delete(randomUUID())).toBe(false);
    const info = await fresh.put(Buffer.from('x'), { contentType: 'text/plain' });
    expect(await fresh.stat(info.id)).toEqual(info);
  });

  it('survives a restart: a new store on the same directory serves the blobs', async () => {
    const info = await store.put(Buffer.from('kept'), { contentType: 'text/plain' });
    const reopened = createFileBlobStore({ dir });
    expect(await reopened.stat(info.id)).toEqual(info);
    await reopened.close();
  });

  describe('when a put is refused or fails', () => {
    it('leaves no file behind, not even in the temp directory', async () => {
      const tooLarge = store.put(Readable.from([randomBytes(2048), randomBytes(2048)]), {
        contentType: 'application/octet-stream',
        maxBytes: 3000,
      });
      await expect(tooLarge).rejects.toBeInstanceOf(BlobTooLargeError);
      const failing = Readable.from(
        (function* () {
          yield Buffer.from('partial');
          throw new Error('source failed');
        })(),
      );
      await expect(store.put(failing, { contentType: 'text/plain', id: randomUUID() })).rejects.toThrow('source failed');
      expect(await listFiles(dir)).toEqual([]);
    });
  });

  describe('while a blob is being read', () => {
    it('a delete does not cut the open stream short', async () => {
      const bytes = randomBytes(512 * 1024);
      const info = await store.put(bytes, { contentType: 'application/octet-stream' });
      const blob = await store.get(info.id);
      expect(await store.delete(info.id)).toBe(true);
      const chunks: Buffer[] = [];
      for await (const chunk of blob!.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });
  });

  describe('when the same id is put twice at once', () => {
    it('stores one of them and refuses the other', async () => {
      const id = randomUUID();
      const results = await Promise.allSettled([
        store.put(Buffer.from('first'), { contentType: 'text/plain', id }),
        store.put(Buffer.from('second'), { contentType: 'text/plain', id }),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const stored = await store.get(id);
      const text = (await stored!.stream.toArray()).map(String).join('');
      const winner = results.findIndex((result) => result.status === 'fulfilled');
      expect(text).toBe(winner === 0 ? 'first' : 'second');
    });
  });
});
