import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoClient, type ObjectId } from 'mongodb';
import { BlobExistsError } from './blobErrors';
import { assertBlobId, isValidBlobId } from './blobIds';
import type { BlobInfo, BlobStore, PutBlobOptions } from './blobStore';
import { byteCounter, toReadable } from './blobStreams';

export interface GridFsBlobStoreOptions {
  /** mongodb://… */
  url: string;
  dbName: string;
  /** GridFS bucket (collections `<bucket>.files` and `<bucket>.chunks`); default 'blobs' */
  bucketName?: string;
}

/** a GridFS files document as this store writes it: the blob id is the (string) _id */
interface BlobFileDocument {
  _id: string;
  length: number;
  chunkSize: number;
  uploadDate: Date;
  filename: string;
  metadata?: { contentType?: string; filename?: string };
}

const toInfo = (file: BlobFileDocument): BlobInfo => ({
  id: file._id,
  contentType: file.metadata?.contentType ?? 'application/octet-stream',
  size: file.length,
  createdAt: file.uploadDate.toISOString(),
  ...(file.metadata?.filename !== undefined ? { filename: file.metadata.filename } : {}),
});

/** GridFS types its ids as ObjectId; any BSON value works, and ours are strings */
const asFileId = (id: string) => id as unknown as ObjectId;

/**
 * Blobs in MongoDB GridFS. The blob id is the file's _id; content type and original file name live in `metadata`.
 * A put that fails (too large, source error) removes the chunks it wrote, so nothing is kept.
 */
export const createGridFsBlobStore = async (options: GridFsBlobStoreOptions): Promise<BlobStore> => {
  const bucketName = options.bucketName ?? 'blobs';
  const client = await MongoClient.connect(options.url);
  const db = client.db(options.dbName);
  const bucket = new GridFSBucket(db, { bucketName });
  const files = db.collection<BlobFileDocument>(`${bucketName}.files`);
  const chunks = db.collection<{ files_id: string }>(`${bucketName}.chunks`);

  const stat = async (id: string): Promise<BlobInfo | null> => {
    if (!isValidBlobId(id)) return null;
    const file = await files.findOne({ _id: id });
    return file ? toInfo(file) : null;
  };

  const remove = async (id: string): Promise<boolean> => {
    const { deletedCount } = await files.deleteOne({ _id: id });
    await chunks.deleteMany({ files_id: id });
    return deletedCount > 0;
  };

  return {
    async put(content: Readable | Uint8Array, putOptions: PutBlobOptions): Promise<BlobInfo> {
      const id = putOptions.id ?? randomUUID();
      assertBlobId(id);
      // a clashing upload would fail on the chunks' unique index, and its clean-up would remove the stored blob's chunks
      if (await files.findOne({ _id: id }, { projection: { _id: 1 } })) {
        if (!(content instanceof Uint8Array)) content.destroy();
        throw new BlobExistsError(id);
      }
      const upload = bucket.openUploadStreamWithId(asFileId(id), putOptions.filename ?? id, {
        metadata: { contentType: putOptions.contentType, ...(putOptions.filename !== undefined ? { filename: putOptions.filename } : {}) },
      });
      const counter = byteCounter(putOptions.maxBytes);
      try {
        await pipeline(toReadable(content), counter, upload);
      } catch (error) {
        await remove(id).catch(() => undefined);
        throw error;
      }
      const file = upload.gridFSFile;
      return {
        id,
        contentType: putOptions.contentType,
        size: counter.bytes,
        createdAt: (file?.uploadDate ?? new Date()).toISOString(),
        ...(putOptions.filename !== undefined ? { filename: putOptions.filename } : {}),
      };
    },

    async get(id) {
      const info = await stat(id);
      if (!info) return null;
      return { info, stream: bucket.openDownloadStream(asFileId(id)) };
    },

    stat,

    async delete(id) {
      if (!isValidBlobId(id)) return false;
      return remove(id);
    },

    async close() {
      await client.close();
    },
  };
};
