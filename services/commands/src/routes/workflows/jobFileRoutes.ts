import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POSITION_HEADER, sessionRoutes, type JobFile } from '@stramien/api';
import {
  DomainError,
  JOB_FILE_MAX_BYTES,
  messages,
  sessionDecider,
  toJobFileBlobId,
  workflowMessages,
  type SessionCommand,
  type SessionEvent,
  type SessionJob,
  type SessionJobFile,
  type SessionState,
} from '@stramien/domain';
import { PROBE_FILE, refuseBeforeUpload, registerAttachmentUpload, sendAttachment } from '../../plugins/attachments';
import { enforcePolicy } from '../../plugins/route';
import type { CommandHandler } from '../../pipeline/commandHandler';
import type { WorkflowAccess } from '../../access/workflowAccess';

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
  registerAttachmentUpload(app, upload, {
    maxBytes: JOB_FILE_MAX_BYTES,
    before: async (request) => {
      const { id, jobId } = request.params as { id: string; jobId: string };
      const target = await jobAccess(request, id, jobId, 'read');
      if (!mayFill(target.access, target.job)) throw new DomainError(messages.shared.forbidden, 403);
      const fileId = randomUUID();
      refuseBeforeUpload(
        sessionDecider,
        {
          type: 'UploadSessionJobFile',
          data: { jobId, fileId, ...PROBE_FILE },
          metadata: { actor: target.access.actor, now: deps.clock().toISOString() },
        },
        target.state,
      );
      return { context: { ...target, projectId: id, fileId } };
    },
    blobId: ({ state, fileId }) => toJobFileBlobId(state.sessionId, fileId),
    record: async (request, reply, { state, access, job, projectId, fileId }, file) => {
      const result = await handle(
        request,
        state.sessionId,
        {
          type: 'UploadSessionJobFile',
          data: { jobId: job.jobId, fileId, name: file.name, size: file.size, contentType: file.contentType },
        },
        { actor: access.actor, projectId },
      );
      const uploaded = result.state.jobs.find((j) => j.jobId === job.jobId)!.files.find((f) => f.fileId === fileId)!;
      void reply.header(POSITION_HEADER, String(result.position));
      return { data: jobFileView(uploaded), position: result.position };
    },
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
      return sendAttachment(reply, { contentType: file.contentType, size: blob.info.size, name: file.name, stream: blob.stream });
    },
  });
};
