import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/** A base64 text as uploads in a JSON body carry a file (the caller also refuses a length of 4n + 1). */
export const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The request's media type without parameters, lower case ('' without a content type). */
export const mediaType = (request: FastifyRequest): string => (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/** Reads the first `n` bytes of a stream and answers them with a stream that still yields everything. */
export const peek = async (stream: Readable, n: number): Promise<{ head: Buffer; stream: Readable }> => {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < n) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  const rest = async function* () {
    if (head.length > 0) yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  };
  return { head, stream: Readable.from(rest()) };
};
