import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobExistsError, InvalidBlobIdError } from './blobErrors';
import { BlobTooLargeError, type BlobStore } from './blobStore';

export interface BlobStoreContractFixture {
  store: BlobStore;
  cleanup(): Promise<void>;
}

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** a stream of `bytes` in chunks of `chunkSize`, produced lazily as a network upload would be */
const chunked = (bytes: Buffer, chunkSize = 64 * 1024): Readable =>
  Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += chunkSize) yield bytes.subarray(offset, offset + chunkSize);
    })(),
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The behaviour every BlobStore adapter has. The factory gives a fresh, empty store per test. */
export const describeBlobStoreContract = (name: string, factory: () => Promise<BlobStoreContractFixture>): void => {
  describe(`${name} (BlobStore contract)`, () => {
    let fixture: BlobStoreContractFixture;
    let store: BlobStore;

    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    describe('when putting bytes', () => {
      it('returns the info with a new uuid, and get streams the same bytes back', async () => {
        const bytes = new TextEncoder().encode('Hello, Stramien ✓');
        const info = await store.put(bytes, { contentType: 'text/plain; charset=utf-8', filename: 'hello.txt' });
        expect(info).toEqual({
          id: expect.stringMatching(UUID),
          contentType: 'text/plain; charset=utf-8',
          size: bytes.byteLength,
          createdAt: expect.any(String),
          filename: 'hello.txt',
        });
        expect(new Date(info.createdAt).toISOString()).toBe(info.createdAt);
        const blob = await store.get(info.id);
        expect(blob?.info).toEqual(info);
        expect(new Uint8Array(await readAll(blob!.stream))).toEqual(bytes);
      });

      it('gives each put its own id', async () => {
        const first = await store.put(new Uint8Array([1]), { contentType: 'application/octet-stream' });
        const second = await store.put(new Uint8Array([1]), { contentType: 'application/octet-stream' });
        expect(first.id).not.toBe(second.id);
      });

      it('stores an empty blob', async () => {
        const info = await store.put(new Uint8Array(), { contentType: 'application/octet-stream' });
        expect(info.size).toBe(0);
        expect((await readAll((await store.get(info.id))!.stream)).length).toBe(0);
      });

      it('leaves out the filename when none was given', async () => {
        const info = await store.put(new Uint8Array([1, 2]), { contentType: 'application/octet-stream' });
        expect(info).not.toHaveProperty('filename');
        expect(await store.stat(info.id)).not.toHaveProperty('filename');
      });

      it('stores a view of a larger buffer as just that view', async () => {
        const whole = Buffer.from('0123456789');
        const info = await store.put(whole.subarray(2, 5), { contentType: 'text/plain' });
        expect((await readAll((await store.get(info.id))!.stream)).toString()).toBe('234');
      });
    });

    describe('when putting a stream', () => {
      it('stores a multi-megabyte upload byte for byte', async () => {
        const bytes = randomBytes(3 * 1024 * 1024 + 17);
        const info = await store.put(chunked(bytes), { contentType: 'application/pdf', filename: 'drawing.pdf' });
        expect(info.size).toBe(bytes.length);
        const blob = await store.get(info.id);
        expect((await readAll(blob!.stream)).equals(bytes)).toBe(true);
      });

      it('fails with the source error and keeps nothing when the source fails', async () => {
        const id = randomUUID();
        const failing = Readable.from(
          (function* () {
            yield Buffer.from('partial');
            throw new Error('connection reset');
          })(),
        );
        await expect(store.put(failing, { contentType: 'text/plain', id })).rejects.toThrow('connection reset');
        expect(await store.stat(id)).toBeNull();
        expect(await store.get(id)).toBeNull();
      });
    });

    describe('stat', () => {
      it('returns what put returned: size, content type, file name and creation time', async () => {
        const info = await store.put(chunked(randomBytes(1000), 100), { contentType: 'image/png', filename: 'photo.png' });
        expect(await store.stat(info.id)).toEqual(info);
        expect(info.size).toBe(1000);
      });
    });

    describe('when the id is unknown', () => {
      it('get and stat answer null and delete false', async () => {
        const id = randomUUID();
        expect(await store.get(id)).toBeNull();
        expect(await store.stat(id)).toBeNull();
        expect(await store.delete(id)).toBe(false);
      });

      it('treats an id that could never be stored, like a path, as unknown', async () => {
        for (const id of ['../../etc/passwd', '..', '', 'a/b', 'x'.repeat(500)]) {
          expect(await store.get(id)).toBeNull();
          expect(await store.stat(id)).toBeNull();
          expect(await store.delete(id)).toBe(false);
        }
      });
    });

    describe('when deleted', () => {
      it('answers true once, then the blob is gone', async () => {
        const info = await store.put(new Uint8Array([1, 2, 3]), { contentType: 'application/octet-stream' });
        const other = await store.put(new Uint8Array([4]), { contentType: 'application/octet-stream' });
        expect(await store.delete(info.id)).toBe(true);
        expect(await store.get(info.id)).toBeNull();
        expect(await store.stat(info.id)).toBeNull();
        expect(await store.delete(info.id)).toBe(false);
        expect(await store.stat(other.id)).toEqual(other);
      });

      it('can be put again under the same id', async () => {
        const id = randomUUID();
        await store.put(new Uint8Array([1]), { contentType: 'application/octet-stream', id });
        await store.delete(id);
        await store.put(new Uint8Array([2, 2]), { contentType: 'text/plain', id });
        const blob = await store.get(id);
        expect(blob?.info.size).toBe(2);
        expect([...(await readAll(blob!.stream))]).toEqual([2, 2]);
      });
    });

    describe('with maxBytes', () => {
      it('refuses a stream longer than maxBytes with BlobTooLargeError and keeps nothing', async () => {
        const id = randomUUID();
        const bytes = randomBytes(300 * 1024);
        const putting = store.put(chunked(bytes, 16 * 1024), { contentType: 'application/octet-stream', id, maxBytes: 100 * 1024 });
        await expect(putting).rejects.toBeInstanceOf(BlobTooLargeError);
        await expect(putting).rejects.toMatchObject({ name: 'BlobTooLargeError', maxBytes: 100 * 1024 });
        expect(await store.stat(id)).toBeNull();
        expect(await store.get(id)).toBeNull();
      });

      it('refuses bytes longer than maxBytes', async () => {
        const id = randomUUID();
        await expect(store.put(new Uint8Array(11), { contentType: 'text/plain', id, maxBytes: 10 })).rejects.toBeInstanceOf(
          BlobTooLargeError,
        );
        expect(await store.stat(id)).toBeNull();
      });

      it('accepts exactly maxBytes', async () => {
        const info = await store.put(chunked(randomBytes(1024), 100), { contentType: 'application/octet-stream', maxBytes: 1024 });
        expect(info.size).toBe(1024);
      });
    });

    describe('with a caller-chosen id', () => {
      it('stores the blob under that id', async () => {
        const id = randomUUID();
        const info = await store.put(new Uint8Array([9, 8, 7]), { contentType: 'application/octet-stream', id });
        expect(info.id).toBe(id);
        expect([...(await readAll((await store.get(id))!.stream))]).toEqual([9, 8, 7]);
      });

      it('refuses an id that is taken with BlobExistsError and keeps the first content', async () => {
        const id = randomUUID();
        await store.put(new Uint8Array([1]), { contentType: 'text/plain', id });
        await expect(store.put(chunked(Buffer.from([2, 2])), { contentType: 'image/png', id })).rejects.toBeInstanceOf(BlobExistsError);
        const blob = await store.get(id);
        expect(blob?.info.contentType).toBe('text/plain');
        expect([...(await readAll(blob!.stream))]).toEqual([1]);
      });

      it('refuses an id that is not uuid-ish, like a path, with InvalidBlobIdError', async () => {
        for (const id of ['../escape', 'a/b', '.hidden', 'with space', 'x']) {
          await expect(store.put(new Uint8Array([1]), { contentType: 'text/plain', id })).rejects.toBeInstanceOf(InvalidBlobIdError);
        }
      });
    });
  });
};
