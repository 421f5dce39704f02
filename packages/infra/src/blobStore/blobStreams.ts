import { Readable, Transform } from 'node:stream';
import { BlobTooLargeError } from './blobStore';

export const toReadable = (content: Readable | Uint8Array): Readable =>
  content instanceof Uint8Array ? Readable.from([Buffer.from(content.buffer, content.byteOffset, content.byteLength)]) : content;

/** passes bytes through and counts them; fails with BlobTooLargeError as soon as more than maxBytes went by */
export const byteCounter = (maxBytes = Number.POSITIVE_INFINITY): Transform & { readonly bytes: number } => {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(new BlobTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  return Object.defineProperty(counter, 'bytes', { get: () => bytes }) as Transform & { readonly bytes: number };
};
