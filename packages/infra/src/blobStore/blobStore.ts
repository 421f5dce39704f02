import type { Readable } from 'node:stream';

export interface BlobInfo {
  id: string;
  contentType: string;
  size: number;
  createdAt: string;
  /** optional original file name */
  filename?: string;
}

export interface PutBlobOptions {
  contentType: string;
  filename?: string;
  /** caller-chosen id; a random uuid otherwise */
  id?: string;
  /** refuse (BlobTooLargeError) when the stream exceeds this many bytes; nothing is kept */
  maxBytes?: number;
}

export class BlobTooLargeError extends Error {
  override readonly name = 'BlobTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`Blob exceeds ${maxBytes} bytes`);
  }
}

export interface BlobStore {
  put(content: Readable | Uint8Array, options: PutBlobOptions): Promise<BlobInfo>;
  /** null when absent */
  get(id: string): Promise<{ info: BlobInfo; stream: Readable } | null>;
  stat(id: string): Promise<BlobInfo | null>;
  /** true when something was deleted */
  delete(id: string): Promise<boolean>;
  close(): Promise<void>;
}
