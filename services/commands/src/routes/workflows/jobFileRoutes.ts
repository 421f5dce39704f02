import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POSITION_HEADER, sessionRoutes, type JobFile } from '@stramien/api';
import {
  DomainError,
  format,
  JOB_FILE_MAX_BYTES,
  messages,
  sessionDecider,
  taskMessages,
  toJobFileBlobId,
  workflowMessages,
  type SessionCommand,
  type SessionEvent,
  type SessionJob,
  type SessionJobFile,
  type SessionState,
} from '@stramien/domain';
import { BlobTooLargeError } from '@stramien/infra';
import { discardUpload, mediaType, peek } from '../../plugins/uploads';
import { enforcePolicy } from '../../plugins/route';
import type { CommandHandler } from '../../pipeline/commandHandler';
import type { WorkflowAccess } from '../../access/workflowAccess';
import { contentDisposition, decodeJson } from '../tasks/appendixRoutes';
import { APPENDIX_SNIFF_BYTES, detectAppendixType, isAppendixContentType } from '../tasks/appendixType';

/** An error with an HTTP status the shared error handler keeps (413 and 415 are not domain statuses). */
const httpError = (statusCode: number, message: string): Error => Object.assign(new Error(message), { statusCode });
const tooLarge = () => httpError(413, format(taskMessages.appendixTooLarge, { max: JOB_FILE_MAX_BYTES / 1024 / 1024 }));
const unsupported = () => httpError(415, taskMessages.appendixType);
const empty = () => new DomainError(taskMessages.appendixEmpty, 422, { file: [taskMessages.appendixEmpty] });
const nameRequired = () => new DomainError(messages.validation.required, 422, { name: [messages.validation.required] });
const fileNotFound = () => new DomainError(workflowMessages.jobFileNotFound, 404);

/** A job's file as the API shows it. */
export const jobFileView = (file: SessionJobFile): JobFile => ({
  id: file.fileId,
  name: file.name,
  size: file.size,
  type: file.contentType,
});

export interface JobFileRouteContext {
  handle: CommandHandler<SessionCommand, SessionEvent, SessionState>;
  /** a job of the project, its session and the user's rights; 404 for what the user may not see */
  jobAccess: (
    request: FastifyRequest,
    projectId: string,
    jobId: string,
    need: 'read',
  ) => Promise<{ state: SessionState; access: WorkflowAccess; job: SessionJob }>;
  /** its assignee or a project admin fills in a job */
  mayFill: (access: WorkflowAccess, job: SessionJob) => boolean;
}

/**
 * Files of a job's `file` fields (docs/workflows.md "Job files"), as task appendixes are uploaded
 * (routes/tasks/appendixRoutes.ts):
 * - `POST /api/project/:id/job/:jobId/file` takes the raw bytes (the name in `?name=`) or JSON `{name, file: base64}`,
 *   by the job's assignee or a project admin. The decider is asked first (the job open, manual, with a file field),
 *   so a refusal stores nothing; the type is read from the bytes (415 for one the appendixes do not allow), more than
 *   25 MB answers 413 while streaming. The bytes go to the BlobStore under `toJobFileBlobId(session, file id)`, then
 *   `SessionJobFileUploaded` is appended; the file id, chosen here, is what a `file` field then holds.
 * - `GET …/file/:fileId` streams a file of the job back to whoever may read the session, with an `attachment`
 *   disposition naming it.
 * Both are registered by hand: one takes a raw stream, the other answers bytes.
 */
export const registerJobFileRoutes = (app: FastifyInstance, { handle, jobAccess, mayFill }: JobFileRouteContext): void => {
  const { deps } = app;
  const { blobStore } = deps.adapters;
  const upload = sessionRoutes.uploadFile;
  const download = sessionRoutes.file;

  /** The decider's answer to an upload to this job before any byte is stored (not open, not manual, no file field, full). */
  const refuseBeforeUpload = (state: SessionState, access: WorkflowAccess, jobId: string, fileId: string): void => {
    const probe = sessionDecider.decide(
      {
        type: 'UploadSessionJobFile',
        data: { jobId, fileId, name: 'probe', size: 1, contentType: 'application/pdf' },
        metadata: { actor: access.actor, now: deps.clock().toISOString() },
      },
      state,
    );
    if (probe instanceof DomainError) throw probe;
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
        const { id, jobId } = request.params as { id: string; jobId: string };
        const query = (request.query ?? {}) as { name?: string };
        const raw = mediaType(request) !== 'application/json';
        const fileId = randomUUID();
        let target: { state: SessionState; access: WorkflowAccess; job: SessionJob };
        let name: string;
        let head: Buffer;
        let content: Readable | Buffer;
        try {
          target = await jobAccess(request, id, jobId, 'read');
          if (!mayFill(target.access, target.job)) throw new DomainError(messages.shared.forbidden, 403);
          if (!raw) {
            const parsed = upload.body!.safeParse(request.body);
            if (!parsed.success) {
              const errors: Record<string, string[]> = {};
              for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'request'] ??= []).push(issue.message);
              throw new DomainError(messages.shared.invalidInput, 400, errors);
            }
            name = parsed.data.name.trim();
            if (name === '') throw nameRequired();
            refuseBeforeUpload(target.state, target.access, jobId, fileId);
            content = decodeJson(parsed.data);
            if (content.length > JOB_FILE_MAX_BYTES) throw tooLarge();
            head = content.subarray(0, APPENDIX_SNIFF_BYTES);
          } else {
            name = query.name?.trim() ?? '';
            if (name === '') throw nameRequired();
            refuseBeforeUpload(target.state, target.access, jobId, fileId);
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
        const { state, access, job } = target;
        const blobId = toJobFileBlobId(state.sessionId, fileId);
        let stored;
        try {
          stored = await blobStore.put(content, { id: blobId, contentType: type, filename: name, maxBytes: JOB_FILE_MAX_BYTES });
        } catch (e) {
          if (raw) discardUpload(request, reply);
          throw e instanceof BlobTooLargeError ? tooLarge() : e;
        }
        try {
          const result = await handle(
            request,
            state.sessionId,
            { type: 'UploadSessionJobFile', data: { jobId: job.jobId, fileId, name, size: stored.size, contentType: type } },
            { actor: access.actor, projectId: id },
          );
          const file = result.state.jobs.find((j) => j.jobId === job.jobId)!.files.find((f) => f.fileId === fileId)!;
          void reply.header(POSITION_HEADER, String(result.position));
          return { data: jobFileView(file), position: result.position };
        } catch (e) {
          await blobStore.delete(blobId);
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
      const { id, jobId, fileId } = request.params as { id: string; jobId: string; fileId: string };
      const { state, job } = await jobAccess(request, id, jobId, 'read');
      const file = job.files.find((f) => f.fileId === fileId);
      const blob = file ? await blobStore.get(toJobFileBlobId(state.sessionId, file.fileId)) : null;
      if (!file || !blob) throw fileNotFound();
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(blob.info.size))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(file.name))
        .send(blob.stream);
    },
  });
};
