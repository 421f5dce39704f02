import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifySerializerCompiler } from 'fastify';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandler } from './errorHandler';

export const BODY_LIMIT_BYTES = 1024 * 1024;

type SerializerRoute = Parameters<typeof serializerCompiler>[0];

/**
 * The serializer of a route whose handler builds its answer with a typed mapper that can only give the response
 * schema's keys, in the schema's order, with values the schema accepts: `JSON.stringify` of the answer, without
 * the zod parse (which would give the same object back: zod strips only keys the schema does not name, and writes
 * an object's keys in the schema's order). With `check` (STRAMIEN_CHECK_ANSWERS=1: the test runs) every answer is
 * also serialized the zod way and a difference fails the request (500, naming the route), so the route tests prove
 * the bytes are the same.
 */
export const exactAnswerSerializerCompiler =
  (check = process.env.STRAMIEN_CHECK_ANSWERS === '1'): FastifySerializerCompiler<unknown> =>
  (route) => {
    if (!check) return (data: unknown) => JSON.stringify(data);
    const zodWay = serializerCompiler(route as SerializerRoute);
    return (data: unknown) => {
      const text = JSON.stringify(data);
      const checked = zodWay(data);
      if (text !== checked) {
        throw new Error(`The answer of ${route.method} ${route.url} is not exact: ${text} (zod: ${checked})`);
      }
      return text;
    };
  };

/** Headers on every answer: JSON, errors, static files and the web app alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), payment=(), usb=()',
};

const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);
const API_PATH = /^\/(api|oauth)(\/|$|\?)/;

/** The web app's policy: no inline or foreign script, no framing. Blueprint sets inline styles, so style-src allows them. */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // 'self' covers this origin's own ws:/wss: (CSP Level 3); sockets to any other host are refused
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The interactive API docs (/api/docs): Swagger UI's own scripts and inline styles, nothing else; scoped to that prefix. */
export const DOCS_PREFIX = '/api/docs';
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Static files of the web app under `root`: the build's content-hashed files (`assets/`, see
 * apps/web/vite.config.ts) are sent precompressed (the build writes `.br` and `.gz` beside each; brotli, else
 * gzip, else the file, by Accept-Encoding, with `Vary: Accept-Encoding`) and cached for a year as immutable;
 * everything else (index.html, the favicon) is revalidated on every load (no-cache), so a release shows at once.
 */
export const staticFileOptions = (root: string) => {
  const assets = join(resolve(root), 'assets') + sep;
  return {
    root,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res: { setHeader(name: string, value: string): unknown }, path: string) => {
      if (resolve(path).startsWith(assets)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        res.setHeader('vary', 'accept-encoding');
      } else {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  };
};

/**
 * A Fastify instance with zod validation, the shared error envelope, security headers on every answer,
 * JSON 404s for API paths and, when `webDist` holds a built web app, that app with its client-side routes.
 */
export const createHttpServer = (options: { logLevel: string; webDist?: string | undefined; trustProxy?: boolean }): FastifyInstance => {
  const app = Fastify({
    logger: { level: options.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    logController: new LogController({ disableRequestLogging: options.logLevel !== 'debug' && options.logLevel !== 'trace' }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // a callback hook (no promise per answer)
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of SECURITY_HEADER_ENTRIES) reply.header(name, value);
    reply.header('content-security-policy', request.url.startsWith(DOCS_PREFIX) ? DOCS_CSP : APP_CSP);
    // only over https: directly (TLS here) or as a trusted proxy's X-Forwarded-Proto says (request.protocol reads it
    // only when STRAMIEN_TRUST_PROXY is on); never on plain http
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // API answers carry user data and tokens: no cache keeps them unless a route says otherwise
    if (API_PATH.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const web = options.webDist && existsSync(options.webDist) ? options.webDist : null;
  if (web) void app.register(fastifyStatic, { ...staticFileOptions(web), wildcard: false, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    if (!web || request.method !== 'GET' || /^\/(api|oauth|ws|assets)(\/|$|\?)/.test(request.url))
      return reply.status(404).send({ message: 'Not found.' });
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
};
