import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { taskPartRoutes } from '@stramien/api';
import { DomainError, TASK_APPENDIX_MAX_BYTES, taskDecider, taskMessages } from '@stramien/domain';
import { PROBE_FILE, refuseBeforeUpload, registerAttachmentUpload, sendAttachment } from '../../plugins/attachments';
import { addExactRoute, enforcePolicy } from '../../plugins/route';
import { loadTaskAccess, type TaskAccess } from '../../access/taskAccess';
import { taskCommandsOf } from './taskCommands';
import { taskAnswer } from './taskAnswer';

/**
 * Appendixes (spec 1 §7 `POST/GET/DELETE /tasks/{id}/appendixes/{n}`), files in the BlobStore:
 * - POST takes the raw bytes (any Content-Type; the name in `?name=`) or JSON `{name, file: base64}` for small files.
 *   The type is read from the bytes (`detectAppendixType`), never from the request's claim; a type outside the
 *   domain's list answers 415 before anything is stored, more than 25 MB 413 while streaming (nothing kept). The
 *   appendix id is the client's, so a retried upload finds its appendix and stores nothing again.
 * - GET streams the file back with its type and an `attachment` disposition.
 * - DELETE removes the appendix, then its file.
 * The upload and the download are registered by hand: one takes a raw stream (`registerAttachmentUpload`, shared
 * with job files), the other answers bytes.
 */
export const registerTaskAppendixRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { blobStore } = deps.adapters;
  const commands = taskCommandsOf(app);
  const upload = taskPartRoutes.addAppendix;
  const download = taskPartRoutes.appendix;

  /** The decider's answer to this upload before any byte is stored: not open, too many, an id taken by another file. */
  /** 'stored' when a retried upload's appendix is already there; the decider's refusal thrown before any byte is read */
  const refusalBeforeUpload = async (access: TaskAccess, appendixId: string): Promise<'stored' | null> => {
    const state = await commands.handle.load(access.task._id);
    if (state.appendixes.some((a) => a.appendixId === appendixId)) return 'stored';
    refuseBeforeUpload(
      taskDecider,
      {
        type: 'AddTaskAppendix',
        data: { appendixId, blobId: 'probe', ...PROBE_FILE },
        metadata: { actor: access.actor, now: deps.clock().toISOString() },
      },
      state,
    );
    return null;
  };

  registerAttachmentUpload<{ access: TaskAccess; appendixId: string }>(app, upload, {
    maxBytes: TASK_APPENDIX_MAX_BYTES,
    before: async (request) => {
      const { id, appendixId } = request.params as { id: string; appendixId: string };
      const access = await loadTaskAccess(deps, request, id);
      if ((await refusalBeforeUpload(access, appendixId)) === 'stored') return { answer: await taskAnswer(app, access, null) };
      return { context: { access, appendixId } };
    },
    blobId: () => randomUUID(),
    record: async (request, _reply, { access, appendixId }, file) => {
      const result = await commands.send(request, access, {
        type: 'AddTaskAppendix',
        data: { appendixId, blobId: file.blobId, name: file.name, size: file.size, contentType: file.contentType },
      });
      return taskAnswer(app, access, result);
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
      const { id, appendixId } = request.params as { id: string; appendixId: string };
      const access = await loadTaskAccess(deps, request, id);
      const appendix = access.task.appendixes.find((a) => a.appendixId === appendixId);
      const blob = appendix ? await blobStore.get(appendix.blobId) : null;
      if (!appendix || !blob) throw new DomainError(taskMessages.appendixNotFound, 404);
      return sendAttachment(reply, { contentType: appendix.contentType, size: blob.info.size, name: appendix.name, stream: blob.stream });
    },
  });

  addExactRoute(app, taskPartRoutes.removeAppendix, async ({ params, request }) => {
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
