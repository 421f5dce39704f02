import { existsSync } from 'node:fs';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandler } from './errorHandler';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A Fastify instance with zod validation, the shared error envelope, security headers on every answer,
 * JSON 404s for API paths and, when `webDist` holds a built web app, that app with its client-side routes.
 */
export const createHttpServer = (options: { logLevel: string; webDist?: string | undefined }): FastifyInstance => {
  const app = Fastify({
    logger: { level: options.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
    logController: new LogController({ disableRequestLogging: options.logLevel !== 'debug' && options.logLevel !== 'trace' }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (!request.url.startsWith('/api/docs')) {
      reply.header(
        'content-security-policy',
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
      );
    }
  });
  const web = options.webDist && existsSync(options.webDist) ? options.webDist : null;
  if (web) void app.register(fastifyStatic, { root: web, wildcard: false, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    if (!web || request.method !== 'GET' || /^\/(api|oauth|ws|assets)(\/|$|\?)/.test(request.url))
      return reply.status(404).send({ message: 'Not found.' });
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
};
