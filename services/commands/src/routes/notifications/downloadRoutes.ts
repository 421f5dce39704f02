import type { FastifyInstance, FastifyRequest } from 'fastify';
import { downloadRoutes } from '@stramien/api';
import { canSeeJob, DomainError, jobMessages } from '@stramien/domain';
import { DOWNLOADS_COLLECTION, type DownloadDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import type { AuthenticatedUser } from '@stramien/infra';
import { requireUser } from '../../plugins/auth';
import { toDownloadView } from './downloadView';

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the exact name (RFC 6266) */
const contentDisposition = (filename: string): string =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** Is this download the user's, in a licence they still belong to? */
const isOwn = (user: AuthenticatedUser, doc: DownloadDoc): boolean =>
  (user.isSystemAdmin || user.licences[doc.licenceId] !== undefined) && canSeeJob({ userId: user.userId, licenceId: doc.licenceId }, doc);

/** The signed-in user's download (a job of theirs), or 404 for anyone else's. */
export const loadOwnDownload = async (app: FastifyInstance, request: FastifyRequest, id: string): Promise<DownloadDoc> => {
  const doc = await app.deps.adapters.documentStore.collection<DownloadDoc>(DOWNLOADS_COLLECTION).findOne({ _id: id });
  if (!doc || !isOwn(requireUser(request), doc)) throw new DomainError(jobMessages.downloadNotFound, 404);
  return doc;
};

/** GET /downloads and GET /downloads/{downloadId} (spec 1 §7): a user's own files only, of every licence they are in. */
export const registerDownloadRoutes = (app: FastifyInstance): void => {
  const downloads = app.deps.adapters.documentStore.collection<DownloadDoc>(DOWNLOADS_COLLECTION);

  addRoute(app, downloadRoutes.list, async ({ query, request }) => {
    const user = requireUser(request);
    const docs = await downloads.find({ ownerId: user.userId }, { sort: { requestedAt: -1 }, limit: query?.limit ?? 100 });
    return { data: docs.filter((doc) => isOwn(user, doc)).map(toDownloadView) };
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
