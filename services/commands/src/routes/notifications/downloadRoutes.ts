import type { FastifyInstance, FastifyRequest } from 'fastify';
import { downloadRoutes } from '@stramien/api';
import { canSeeJob, DomainError, jobMessages } from '@stramien/domain';
import { DOWNLOADS_COLLECTION, type DownloadDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { actorOf } from '../../plugins/auth';
import { toDownloadView } from './downloadView';

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the exact name (RFC 6266) */
const contentDisposition = (filename: string): string =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** The signed-in user's download (a job of theirs in the current licence), or 404 for anyone else's. */
export const loadOwnDownload = async (app: FastifyInstance, request: FastifyRequest, id: string): Promise<DownloadDoc> => {
  const actor = actorOf(request);
  const doc = await app.deps.adapters.documentStore.collection<DownloadDoc>(DOWNLOADS_COLLECTION).findOne({ _id: id });
  if (!doc || !canSeeJob(actor, doc)) throw new DomainError(jobMessages.downloadNotFound, 404);
  return doc;
};

/** GET /downloads and GET /downloads/{downloadId} (spec 1 §7): a user's own files only. */
export const registerDownloadRoutes = (app: FastifyInstance): void => {
  const downloads = app.deps.adapters.documentStore.collection<DownloadDoc>(DOWNLOADS_COLLECTION);

  addRoute(app, downloadRoutes.list, async ({ query, request }) => {
    const actor = actorOf(request);
    const docs = await downloads.find(
      { ownerId: actor.userId, licenceId: actor.licenceId },
      { sort: { requestedAt: -1 }, limit: query?.limit ?? 100 },
    );
    return { data: docs.map(toDownloadView) };
  });

  const file = downloadRoutes.file;
  app.route({
    method: file.method,
    url: file.path,
    schema: { summary: file.summary, tags: [file.tag], security: [{ bearer: [] }], params: file.params },
    preHandler: async (request) => app.authenticate(request, file),
    handler: async (request, reply) => {
      const { downloadId } = request.params as { downloadId: string };
      const doc = await loadOwnDownload(app, request, downloadId);
      const blob = doc.state === 'finished' && doc.blobId ? await app.deps.adapters.blobStore.get(doc.blobId) : null;
      if (!blob) throw new DomainError(jobMessages.downloadNotFound, 404);
      return reply
        .header('content-type', blob.info.contentType)
        .header('content-length', String(blob.info.size))
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(doc.filename))
        .send(blob.stream);
    },
  });
};
