import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { taskPartRoutes } from '@stramien/api';
import { DomainError, format, messages, TASK_APPENDIX_MAX_BYTES, taskDecider, taskMessages, taskPartMessages } from '@stramien/domain';
import { BlobTooLargeError } from '@stramien/infra';
import { BASE64, discardUpload, mediaType, peek } from '../../plugins/uploads';
import { addRoute, enforcePolicy } from '../../plugins/route';
import { loadTaskAccess, type TaskAccess } from '../../access/taskAccess';
import { APPENDIX_SNIFF_BYTES, detectAppendixType, isAppendixContentType, type AppendixContentType } from './appendixType';
import { taskCommandsOf } from './taskCommands';
import { taskAnswer } from './taskAnswer';

/** An error with an HTTP status the shared error handler keeps (413 and 415 are not domain statuses). */
const httpError = (statusCode: number, message: string): Error => Object.assign(new Error(message), { statusCode });
const tooLarge = () => httpError(413, format(taskMessages.appendixTooLarge, { max: TASK_APPENDIX_MAX_BYTES / 1024 / 1024 }));
const unsupported = () => httpError(415, taskMessages.appendixType);
const empty = () => new DomainError(taskMessages.appendixEmpty, 422, { file: [taskMessages.appendixEmpty] });
const nameRequired = () => new DomainError(taskMessages.required, 422, { name: [taskMessages.required] });

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
 * Appendixes (spec 1 §7 `POST/GET/DELETE /tasks/{id}/appendixes/{n}`), files in the BlobStore:
 * - POST takes the raw bytes (any Content-Type; the name in `?name=`) or JSON `{name, file: base64}` for small files.
 *   The type is read from the bytes (`detectAppendixType`), never from the request's claim; a type outside the
 *   domain's list answers 415 before anything is stored, more than 25 MB 413 while streaming (nothing kept). The
 *   appendix id is the client's, so a retried upload finds its appendix and stores nothing again.
 * - GET streams the file back with its type and an `attachment` disposition.
 * - DELETE removes the appendix, then its file.
 * The upload and the download are registered by hand: one takes a raw stream, the other answers bytes.
 */
export const registerTaskAppendixRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { blobStore } = deps.adapters;
  const commands = taskCommandsOf(app);
  const upload = taskPartRoutes.addAppendix;
  const download = taskPartRoutes.appendix;

  /** The decider's answer to this upload before any byte is stored: not open, too many, an id taken by another file. */
  const refusalBeforeUpload = async (access: TaskAccess, appendixId: string): Promise<'stored' | null> => {
    const state = await commands.handle.load(access.task._id);
    if (state.appendixes.some((a) => a.appendixId === appendixId)) return 'stored';
    const probe = taskDecider.decide(
      {
        type: 'AddTaskAppendix',
        data: { appendixId, blobId: 'probe', name: 'probe', size: 1, contentType: 'application/pdf' },
        metadata: { actor: access.actor, now: deps.clock().toISOString() },
      },
      state,
    );
    if (probe instanceof DomainError) throw probe;
    return null;
  };

  const store = async (content: Readable | Buffer, contentType: AppendixContentType, name: string) => {
    try {
      return await blobStore.put(content, { id: randomUUID(), contentType, filename: name, maxBytes: TASK_APPENDIX_MAX_BYTES });
    } catch (e) {
      if (e instanceof BlobTooLargeError) throw tooLarge();
      throw e;
    }
  };

  void app.register(async (scope) => {
    // anything but JSON (text/plain included) reaches the handler as the unread request stream
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.route({
      method: upload.method,
      url: upload.path,
      schema: {
        summary: upload.summary,
        tags: [upload.tag],
        security: [{ bearer: [] }],
        consumes: upload.consumes,
        params: upload.params,
        querystring: upload.query,
        response: { 200: upload.response },
      },
      preHandler: async (request) => {
        await app.authenticate(request, upload);
        enforcePolicy(request, upload);
      },
      handler: async (request, reply) => {
        const { id, appendixId } = request.params as { id: string; appendixId: string };
        const query = (request.query ?? {}) as { name?: string };
        const raw = mediaType(request) !== 'application/json';
        let access: TaskAccess;
        let name: string;
        let head: Buffer;
        let content: Readable | Buffer;
        try {
          access = await loadTaskAccess(deps, request, id);
          if (!raw) {
            const parsed = upload.body!.safeParse(request.body);
            if (!parsed.success) {
              const errors: Record<string, string[]> = {};
              for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'request'] ??= []).push(issue.message);
              throw new DomainError(messages.shared.invalidInput, 400, errors);
            }
            name = parsed.data.name.trim();
            if (name === '') throw nameRequired();
            if ((await refusalBeforeUpload(access, appendixId)) === 'stored') return await taskAnswer(app, access, null);
            content = decodeJson(parsed.data);
            if (content.length > TASK_APPENDIX_MAX_BYTES) throw tooLarge();
            head = content.subarray(0, APPENDIX_SNIFF_BYTES);
          } else {
            name = query.name?.trim() ?? '';
            if (name === '') throw nameRequired();
            if ((await refusalBeforeUpload(access, appendixId)) === 'stored') {
              discardUpload(request, reply);
              return await taskAnswer(app, access, null);
            }
            const body = request.body;
            // an empty body is never handed to the stream parser: nothing to read
            if (!(body instanceof Readable) || request.headers['content-length'] === '0' || body.readableEnded) throw empty();
            ({ head, stream: content } = await peek(body, APPENDIX_SNIFF_BYTES));
          }
          if (head.length === 0) throw empty();
        } catch (e) {
          if (raw) discardUpload(request, reply);
          throw e;
        }
        const type = await detectAppendixType(head, name);
        if (!isAppendixContentType(type)) {
          if (raw) discardUpload(request, reply);
          throw unsupported();
        }
        let stored;
        try {
          stored = await store(content, type, name);
        } catch (e) {
          if (raw) discardUpload(request, reply);
          throw e;
        }
        try {
          const result = await commands.send(request, access, {
            type: 'AddTaskAppendix',
            data: { appendixId, blobId: stored.id, name, size: stored.size, contentType: stored.contentType },
          });
          return await taskAnswer(app, access, result);
        } catch (e) {
          await blobStore.delete(stored.id);
          throw e;
        }
      },
    });
  });

  app.route({
    method: download.method,
    url: download.path,
    schema: { summary: download.summary, tags: [download.tag], security: [{ bearer: [] }], params: download.params },
    preHandler: async (request) => {
      await app.authenticate(request, download);
      enforcePolicy(request, download);
    },
    handler: async (request, reply) => {
      const { id, appendixId } = request.params as { id: string; appendixId: string };
      const access = await loadTaskAccess(deps, request, id);
      const appendix = access.task.appendixes.find((a) => a.appendixId === appendixId);
      const blob = appendix ? await blobStore.get(appendix.blobId) : null;
      if (!appendix || !blob) throw new DomainError(taskMessages.appendixNotFound, 404);
      return reply
        .header('content-type', appendix.contentType)
        .header('content-length', String(blob.info.size))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(appendix.name))
        .send(blob.stream);
    },
  });

  addRoute(app, taskPartRoutes.removeAppendix, async ({ params, request }) => {
    const access = await loadTaskAccess(deps, request, params.id);
    const result = await commands.send(request, access, { type: 'RemoveTaskAppendix', data: { appendixId: params.appendixId } });
    for (const event of result.events) {
      // the file goes once the appendix is gone; a failure leaves an unreferenced file, never a dangling appendix
      if (event.type === 'TaskAppendixRemoved')
        await blobStore.delete(event.data.blobId).catch((e: unknown) => request.log.warn({ err: e }, 'appendix file not deleted'));
    }
    return taskAnswer(app, access, result);
  });
};
