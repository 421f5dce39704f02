import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContract } from '@stramien/api';
import { DomainError, format, messages, taskMessages, taskPartMessages } from '@stramien/domain';
import { BlobTooLargeError } from '@stramien/infra';
import { APPENDIX_SNIFF_BYTES, detectAppendixType, isAppendixContentType, type AppendixContentType } from './attachmentType';
import { BASE64, discardUpload, mediaType, peek } from './uploads';
import { enforcePolicy } from './route';

/** An error with an HTTP status the shared error handler keeps (413 and 415 are not domain statuses). */
const httpError = (statusCode: number, message: string): Error => Object.assign(new Error(message), { statusCode });
const tooLarge = (maxBytes: number) => httpError(413, format(taskMessages.appendixTooLarge, { max: maxBytes / 1024 / 1024 }));
const unsupported = () => httpError(415, taskMessages.appendixType);
const empty = () => new DomainError(taskMessages.appendixEmpty, 422, { file: [taskMessages.appendixEmpty] });
const nameRequired = () => new DomainError(messages.validation.required, 422, { name: [messages.validation.required] });

/** The bytes of a JSON upload `{name, file}` (base64, optionally as a data: URL). */
export const decodeJson = (body: { name: string; file: string }): Buffer => {
  const base64 = body.file.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(base64) || base64.length % 4 === 1)
    throw new DomainError(messages.shared.invalidInput, 400, { file: [taskPartMessages.invalidBase64] });
  return Buffer.from(base64, 'base64');
};

/** `attachment` with the file name, ASCII fallback plus RFC 5987 UTF-8, so no name can break the header. */
export const contentDisposition = (name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
};

/**
 * Asks the decider whether the upload's command would be taken, before a byte is read: its refusal is thrown (the
 * file's size and type are stand-ins, checked while streaming). The command that counts is decided again after the
 * bytes are stored.
 */
export const refuseBeforeUpload = <Command, State>(
  decider: { decide: (command: Command, state: State) => unknown },
  command: Command,
  state: State,
): void => {
  const outcome = decider.decide(command, state);
  if (outcome instanceof DomainError) throw outcome;
};

/** A stand-in file for `refuseBeforeUpload`'s command */
export const PROBE_FILE = { name: 'probe', size: 1, contentType: 'application/pdf' } as const;

/** What an attachment upload asks of its route: who may, what the domain says first, where the bytes go, the event. */
export interface AttachmentUpload<C> {
  /** the largest file, in bytes (413 while streaming above it) */
  maxBytes: number;
  /**
   * before any byte is read: load, authorise and ask the decider (throwing its refusal), answering the context
   * `record` gets, or `{answer}` to send at once without storing anything (a retried upload already stored)
   */
  before: (request: FastifyRequest) => Promise<{ context: C } | { answer: unknown }>;
  /** the blob id the bytes are stored under */
  blobId: (context: C) => string;
  /** the command that records the stored file, and the answer; when it throws, the blob is deleted again */
  record: (
    request: FastifyRequest,
    reply: FastifyReply,
    context: C,
    file: { blobId: string; name: string; size: number; contentType: AppendixContentType },
  ) => Promise<unknown>;
}

/**
 * Registers an attachment upload route (task appendixes, job files): the raw bytes (any Content-Type, the name in
 * `?name=`) or JSON `{name, file: base64}` for small files. The type is read from the bytes (`detectAppendixType`),
 * never from the request's claim: a type outside the appendix list answers 415 before anything is stored, a file
 * above `maxBytes` 413 while streaming, an empty one 422. A refused raw upload closes its connection after its body
 * is drained (`discardUpload`). The file goes to the BlobStore, then `record` appends the event; a refused event
 * deletes the file again, so a refusal leaves neither event nor file.
 */
export const registerAttachmentUpload = <C>(app: FastifyInstance, contract: RouteContract, upload: AttachmentUpload<C>): void => {
  const { blobStore } = app.deps.adapters;
  const { maxBytes } = upload;

  /** the file's name and bytes from the request, or an answer to send at once */
  const receive = async (request: FastifyRequest, reply: FastifyReply, raw: boolean) => {
    const query = (request.query ?? {}) as { name?: string };
    if (!raw) {
      const parsed = contract.body!.safeParse(request.body);
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'request'] ??= []).push(issue.message);
        throw new DomainError(messages.shared.invalidInput, 400, errors);
      }
      const data = parsed.data as { name: string; file: string };
      const name = data.name.trim();
      if (name === '') throw nameRequired();
      const first = await upload.before(request);
      if ('answer' in first) return first;
      const content = decodeJson(data);
      if (content.length > maxBytes) throw tooLarge(maxBytes);
      return { context: first.context, name, head: content.subarray(0, APPENDIX_SNIFF_BYTES), content: content as Readable | Buffer };
    }
    const name = query.name?.trim() ?? '';
    if (name === '') throw nameRequired();
    const first = await upload.before(request);
    if ('answer' in first) {
      discardUpload(request, reply);
      return first;
    }
    const body = request.body;
    // an empty body is never handed to the stream parser: nothing to read
    if (!(body instanceof Readable) || request.headers['content-length'] === '0' || body.readableEnded) throw empty();
    const { head, stream } = await peek(body, APPENDIX_SNIFF_BYTES);
    return { context: first.context, name, head, content: stream as Readable | Buffer };
  };

  void app.register(async (scope) => {
    // anything but JSON (text/plain included) reaches the handler as the unread request stream
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.route({
      method: contract.method,
      url: contract.path,
      schema: {
        summary: contract.summary,
        tags: [contract.tag],
        security: [{ bearer: [] }],
        consumes: contract.consumes,
        params: contract.params,
        querystring: contract.query,
        response: { 200: contract.response },
      },
      preHandler: async (request) => {
        await app.authenticate(request, contract);
        enforcePolicy(request, contract);
      },
      handler: async (request, reply) => {
        const raw = mediaType(request) !== 'application/json';
        const refuse = (error: unknown): never => {
          if (raw) discardUpload(request, reply);
          throw error;
        };
        let received: Awaited<ReturnType<typeof receive>>;
        try {
          received = await receive(request, reply, raw);
        } catch (e) {
          return refuse(e);
        }
        if ('answer' in received) return received.answer;
        const { context, name, head, content } = received;
        if (head.length === 0) return refuse(empty());
        const contentType = await detectAppendixType(head, name);
        if (!isAppendixContentType(contentType)) return refuse(unsupported());
        const blobId = upload.blobId(context);
        let stored;
        try {
          stored = await blobStore.put(content, { id: blobId, contentType, filename: name, maxBytes });
        } catch (e) {
          return refuse(e instanceof BlobTooLargeError ? tooLarge(maxBytes) : e);
        }
        try {
          return await upload.record(request, reply, context, { blobId, name, size: stored.size, contentType });
        } catch (e) {
          await blobStore.delete(blobId);
          throw e;
        }
      },
    });
  });
};

/** Sends a stored file as an attachment: its type, length and name, never cached, never sniffed. */
export const sendAttachment = (
  reply: FastifyReply,
  file: { contentType: string; size: number; name: string; stream: Readable },
): FastifyReply =>
  reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(file.name))
    .send(file.stream);
