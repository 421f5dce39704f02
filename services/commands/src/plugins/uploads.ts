import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A base64 text as uploads in a JSON body carry a file (the caller also refuses a length of 4n + 1). */
export const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The request's media type without parameters, lower case ('' without a content type). */
export const mediaType = (request: FastifyRequest): string => (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * A refused raw upload: the answer closes the connection, and the rest of the body is read and thrown away meanwhile,
 * so the client can send it out and read the answer, and no later request is read from the middle of this body.
 */
export const discardUpload = (request: FastifyRequest, reply: FastifyReply): void => {
  void reply.header('connection', 'close');
  request.raw.resume();
  request.raw.once('error', () => {});
};

/**
 * Reads the first `n` bytes of a request stream and answers them with a stream of everything: those bytes, then the
 * rest piped through. The request is read with 'data' events and then paused, never through an async iterator: an
 * iterator left unfinished keeps a 'readable' listener on the request, on which `resume()` does nothing, so a refused
 * upload's body could never be drained (`discardUpload`) and its kept-alive connection hung. When the stream that was
 * answered is destroyed (the blob store refused the size), the pipe ends and the request can be drained.
 */
export const peek = async (stream: Readable, n: number): Promise<{ head: Buffer; stream: Readable }> => {
  const head = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', done);
      stream.off('error', failed);
      stream.pause();
    };
    const done = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const failed = (e: unknown) => {
      stop();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= n) done();
    };
    if (stream.readableEnded) return resolve(Buffer.alloc(0));
    stream.on('data', onData);
    stream.once('end', done);
    stream.once('error', failed);
  });
  const rest = new PassThrough();
  rest.write(head);
  // an upload that breaks off fails the stream answered, so nothing waits for its end
  stream.once('error', (e) => rest.destroy(e));
  stream.once('close', () => {
    if (!stream.readableEnded) rest.destroy(new Error('The upload broke off.'));
  });
  stream.pipe(rest);
  return { head, stream: rest };
};
