import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../config/dataDir';
import { BlobExistsError } from './blobErrors';
import { assertBlobId, isValidBlobId } from './blobIds';
import type { BlobInfo, BlobStore, PutBlobOptions } from './blobStore';
import { byteCounter, toReadable } from './blobStreams';

export interface FileBlobStoreOptions {
  /** root directory; created at the first put when missing */
  dir: string;
  /** clock for createdAt; default: the system clock */
  now?: () => Date;
}

const isNotFound = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Blobs as files: content at `<dir>/<id[0..2]>/<id>`, its BlobInfo in `<id>.json` next to it.
 * A put streams into `<dir>/.tmp/`, then renames the content and then the info into place, so a blob is visible
 * (its info exists) only when complete; delete removes the info first. Puts and deletes of one id are serialised
 * within the process; the directory belongs to one process (the embedded default). Directories are made 0700 and
 * files 0600: only the service user reads them.
 */
export const createFileBlobStore = (options: FileBlobStoreOptions): BlobStore => {
  const { dir } = options;
  const now = options.now ?? (() => new Date());
  const tmpDir = join(dir, '.tmp');
  let tmpDirReady: Promise<unknown> | undefined;
  const ensureTmpDir = async () => {
    tmpDirReady ??= mkdir(tmpDir, { recursive: true, mode: PRIVATE_DIR_MODE }).catch((error: unknown) => {
      tmpDirReady = undefined;
      throw error;
    });
    await tmpDirReady;
  };

  const shardOf = (id: string) => join(dir, id.slice(0, 2));
  const contentPath = (id: string) => join(shardOf(id), id);
  const infoPath = (id: string) => `${contentPath(id)}.json`;

  // per-id chain of puts and deletes
  const locks = new Map<string, Promise<unknown>>();
  const withLock = <R>(id: string, task: () => Promise<R>): Promise<R> => {
    const previous = locks.get(id) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    locks.set(id, tail);
    void tail.then(() => {
      if (locks.get(id) === tail) locks.delete(id);
    });
    return result;
  };

  const readInfo = async (id: string): Promise<BlobInfo | null> => {
    try {
      return JSON.parse(await readFile(infoPath(id), 'utf8')) as BlobInfo;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  const exists = async (id: string) => (await readInfo(id)) !== null;

  return {
    async put(content: Readable | Uint8Array, putOptions: PutBlobOptions): Promise<BlobInfo> {
      const id = putOptions.id ?? randomUUID();
      assertBlobId(id);
      if (putOptions.id !== undefined && (await exists(id))) {
        if (!(content instanceof Uint8Array)) content.destroy();
        throw new BlobExistsError(id);
      }

      await ensureTmpDir();
      const tmpContent = join(tmpDir, randomUUID());
      const tmpInfo = `${tmpContent}.json`;
      const sink = createWriteStream(tmpContent, { flags: 'wx', mode: PRIVATE_FILE_MODE });
      try {
        const counter = byteCounter(putOptions.maxBytes);
        await pipeline(toReadable(content), counter, sink);
        const info: BlobInfo = {
          id,
          contentType: putOptions.contentType,
          size: counter.bytes,
          createdAt: now().toISOString(),
          ...(putOptions.filename !== undefined ? { filename: putOptions.filename } : {}),
        };
        await writeFile(tmpInfo, JSON.stringify(info), { flag: 'wx', mode: PRIVATE_FILE_MODE });
        return await withLock(id, async () => {
          if (await exists(id)) throw new BlobExistsError(id);
          await mkdir(shardOf(id), { recursive: true, mode: PRIVATE_DIR_MODE });
          await rename(tmpContent, contentPath(id));
          await rename(tmpInfo, infoPath(id));
          return info;
        });
      } finally {
        // a pipeline that failed early may answer before the file's open finished (the file appears then): the
        // stream is closed (a no-op after a write that went through) and the files removed only once it has
        if (!sink.closed) {
          // not events.once: it rejects on the 'error' the destroyed stream may emit before 'close'
          const closed = new Promise<void>((resolve) => sink.once('close', () => resolve()));
          sink.destroy();
          await closed;
        }
        await Promise.all([rm(tmpContent, { force: true }), rm(tmpInfo, { force: true })]);
      }
    },

    async get(id) {
      if (!isValidBlobId(id)) return null;
      const info = await readInfo(id);
      if (!info) return null;
      try {
        // once open, a concurrent delete does not cut the stream short
        const handle = await open(contentPath(id), 'r');
        return { info, stream: handle.createReadStream() };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async stat(id) {
      return isValidBlobId(id) ? readInfo(id) : null;
    },

    async delete(id) {
      if (!isValidBlobId(id)) return false;
      return withLock(id, async () => {
        try {
          await unlink(infoPath(id));
        } catch (error) {
          if (isNotFound(error)) return false;
          throw error;
        }
        await rm(contentPath(id), { force: true });
        return true;
      });
    },

    async close() {
      await Promise.all([...locks.values()]);
    },
  };
};
