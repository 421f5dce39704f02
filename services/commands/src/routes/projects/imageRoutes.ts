import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { projectRoutes } from '@stramien/api';
import {
  DomainError,
  IMAGE_SNIFF_BYTES,
  PROJECT_IMAGE_MAX_BYTES,
  format,
  isProjectImageType,
  messages,
  projectMessages,
  sniffImageType,
  type ProjectImageType,
} from '@stramien/domain';
import { BlobTooLargeError } from '@stramien/infra';
import { BASE64, discardUpload, mediaType, peek } from '../../plugins/uploads';
import type { AppDeps } from '../../deps';
import { requireProjectAccess } from '../../plugins/permissionSubject';
import type { ProjectCommands } from './projectCommands';
import { projectView } from './projectViews';

/** An error with an HTTP status the shared error handler keeps (413 and 415 are not domain statuses). */
const httpError = (statusCode: number, message: string): Error => Object.assign(new Error(message), { statusCode });
const tooLarge = () => httpError(413, format(projectMessages.imageTooLarge, { size: PROJECT_IMAGE_MAX_BYTES / 1024 / 1024 }));
const unsupported = () => httpError(415, projectMessages.imageType);
const mismatch = () => new DomainError(projectMessages.imageMismatch, 422, { file: [projectMessages.imageMismatch] });

/** JSON bodies may be as large as the base64 of the largest image. */
const JSON_BODY_LIMIT = Math.ceil(PROJECT_IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024;

/** The bytes of a JSON upload, checked for type and size; throws the refusal. */
const decodeJson = (body: unknown): { bytes: Buffer; type: ProjectImageType } => {
  const parsed = projectRoutes.uploadImage.body!.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'request'] ??= []).push(issue.message);
    throw new DomainError(messages.shared.invalidInput, 400, errors);
  }
  const type = parsed.data.mimeType.trim().toLowerCase();
  if (!isProjectImageType(type)) throw unsupported();
  const base64 = parsed.data.file.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(base64) || base64.length % 4 === 1) {
    throw new DomainError(projectMessages.imageInvalidBase64, 422, { file: [projectMessages.imageInvalidBase64] });
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > PROJECT_IMAGE_MAX_BYTES) throw tooLarge();
  if (sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES)) !== type) throw mismatch();
  return { bytes, type };
};

/**
 * POST /project/:id/image takes the raw bytes (Content-Type image/png, image/jpeg, image/webp or image/gif) or JSON
 * {mimeType, file: base64}; the bytes must show the declared type (magic numbers) and stay within 5 MiB, which the
 * blob store enforces while it streams. GET /project/:id/image/:imageId streams the current image back.
 * Both are registered by hand: the upload takes a raw stream, the download answers bytes.
 */
export const registerProjectImageRoutes = (app: FastifyInstance, deps: AppDeps, commands: ProjectCommands): void => {
  const { blobStore } = deps.adapters;
  const upload = projectRoutes.uploadImage;
  const download = projectRoutes.image;

  void app.register(async (scope) => {
    // anything but JSON reaches the handler as the unread request stream
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.route({
      method: upload.method,
      url: upload.path,
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        summary: upload.summary,
        tags: [upload.tag],
        security: [{ bearer: [] }],
        consumes: upload.consumes,
        params: upload.params,
        response: { 200: upload.response },
      },
      preHandler: async (request) => app.authenticate(request, upload),
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        const raw = mediaType(request) !== 'application/json';
        let access;
        try {
          access = await requireProjectAccess(deps, request, id, 'project-settings');
        } catch (e) {
          if (raw) discardUpload(request, reply);
          throw e;
        }
        const imageId = randomUUID();
        const put = async (content: Readable | Buffer, contentType: ProjectImageType) => {
          try {
            return await blobStore.put(content, { id: imageId, contentType, maxBytes: PROJECT_IMAGE_MAX_BYTES });
          } catch (e) {
            if (e instanceof BlobTooLargeError) throw tooLarge();
            throw e;
          }
        };
        let stored;
        if (!raw) {
          const { bytes, type } = decodeJson(request.body);
          stored = await put(bytes, type);
        } else {
          const declared = mediaType(request);
          if (!isProjectImageType(declared)) {
            discardUpload(request, reply);
            throw unsupported();
          }
          const { head, stream } = await peek(request.body as Readable, IMAGE_SNIFF_BYTES);
          if (sniffImageType(head) !== declared) {
            discardUpload(request, reply);
            throw mismatch();
          }
          try {
            stored = await put(stream, declared);
          } catch (e) {
            discardUpload(request, reply);
            throw e;
          }
        }
        try {
          const position = await commands.run(access, request, {
            type: 'ChangeProjectImage',
            data: { imageId: stored.id, contentType: stored.contentType, size: stored.size },
          });
          return { message: projectMessages.imageUpdated, data: projectView(await commands.reload(access)), position };
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
    preHandler: async (request) => app.authenticate(request, download),
    handler: async (request, reply) => {
      const { id, imageId } = request.params as { id: string; imageId: string };
      const access = await requireProjectAccess(deps, request, id, 'project');
      if (access.project.image?.id !== imageId) throw new DomainError(projectMessages.imageNotFound, 404);
      const blob = await blobStore.get(imageId);
      if (!blob) throw new DomainError(projectMessages.imageNotFound, 404);
      return reply
        .header('content-type', blob.info.contentType)
        .header('content-length', String(blob.info.size))
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(blob.stream);
    },
  });
};
