import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allRoutes, errorEnvelopeSchema, type ErrorStatus, type RouteContract } from '@stramien/api';

/** The error answers an operation may give, each one shared response object of the error envelope. */
const ERROR_ANSWERS: Record<ErrorStatus, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The input is malformed or fails validation: `errors` names each field and its messages.' },
  401: {
    name: 'Unauthorized',
    description: 'Not authenticated: no token, an expired, revoked or unknown one, or wrong sign-in credentials.',
  },
  403: { name: 'Forbidden', description: 'The caller may not do this (role, permission or API-token scope).' },
  404: { name: 'NotFound', description: 'The addressed object does not exist, or belongs to a licence or project the caller cannot see.' },
  409: { name: 'Conflict', description: 'The object was changed by another request at the same time; reload and try again.' },
  413: { name: 'ContentTooLarge', description: 'The body is larger than this operation accepts.' },
  415: { name: 'UnsupportedMediaType', description: "The body's Content-Type is not one this operation reads." },
  422: { name: 'UnprocessableEntity', description: 'A rule of the domain refuses the command; `message` says which.' },
  429: { name: 'TooManyRequests', description: 'Too many failed attempts: the `Retry-After` header says when to try again.' },
};

/**
 * The error answers of a route, derived from its contract: 400 when it takes input; 401 and 403 when it needs a
 * token; 404 when it addresses an object (path ids, or a licence or project its policy checks); 409 and 422 for
 * every write; 413 and 415 when it reads a body; 429 when the sign-in limiter guards it; and what the contract
 * names in `alsoAnswers`.
 */
export const errorStatuses = (contract: RouteContract): ErrorStatus[] => {
  const statuses: ErrorStatus[] = [];
  const write = contract.method !== 'GET';
  const policy = contract.policy?.access;
  if (contract.params || contract.query || contract.body) statuses.push(400);
  if (contract.auth) statuses.push(401, 403);
  if (contract.params || policy === 'check' || policy === 'self-or-admin' || policy === 'table') statuses.push(404);
  if (write) statuses.push(409);
  if (contract.body) statuses.push(413, 415);
  if (write) statuses.push(422);
  if (contract.throttled) statuses.push(429);
  return [...new Set([...statuses, ...(contract.alsoAnswers ?? [])])].sort((a, b) => a - b);
};

/** operationId: the contract's name in allRoutes, '<group>.<name>' */
const contractsByRoute = new Map(
  Object.entries(allRoutes).map(([name, contract]) => [`${contract.method} ${contract.path}`, { name, contract }]),
);
const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');
const contractsByOperation = new Map(
  Object.entries(allRoutes).map(([name, contract]) => [
    `${contract.method.toLowerCase()} ${openApiPath(contract.path)}`,
    { name, contract },
  ]),
);

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, unknown>;
}
type Document = ReturnType<FastifyInstance['swagger']> & {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

/** Adds to every operation what its contract says: operationId, security (none for public routes), error answers, non-JSON bodies. */
const completeDocument = (document: Document): Document => {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const found = contractsByOperation.get(`${method} ${path}`);
      if (!found) continue;
      const { name, contract } = found;
      operation.operationId = name;
      operation.security = contract.auth ? [{ bearer: [] }] : [];
      for (const status of errorStatuses(contract)) {
        (operation.responses ??= {})[status] = { $ref: `#/components/responses/${ERROR_ANSWERS[status].name}` };
      }
      if (contract.produces) {
        const content = Object.fromEntries(contract.produces.map((type) => [type, {}]));
        (operation.responses ??= {})[200] = { description: contract.summary, content };
      }
      // a body the server reads as raw bytes (e.g. image/png) has no JSON schema
      for (const type of Object.keys(operation.requestBody?.content ?? {})) {
        if (type !== 'application/json') operation.requestBody!.content![type] = {};
      }
    }
  }
  const envelope = z.toJSONSchema(errorEnvelopeSchema, { target: 'draft-2020-12', io: 'output' });
  delete envelope.$schema;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ErrorEnvelope: envelope },
    responses: Object.fromEntries(
      Object.values(ERROR_ANSWERS).map(({ name, description }) => [
        name,
        { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
      ]),
    ),
  };
  return document;
};

/** OpenAPI 3.1 generated from the route contracts; interactive docs at /api/docs, the document at /api/docs/json. */
export const registerSwagger = async (app: FastifyInstance, release: string): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Stramien API',
        version: release,
        description: 'Common data environment for construction projects and modular home production.',
      },
      // the API is served by the same server as this document
      servers: [{ url: '/', description: 'This Stramien server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => {
      // a route that reads its body itself (raw bytes) still documents the JSON form its contract declares
      const found = contractsByRoute.get(`${String(input.route.method)} ${input.url}`);
      const schema = found?.contract.consumes && found.contract.body && input.schema && !input.schema.body;
      return jsonSchemaTransform(schema ? { ...input, schema: { ...input.schema, body: found.contract.body } } : input);
    },
    transformObject: (input) => completeDocument(('openapiObject' in input ? input.openapiObject : input.swaggerObject) as Document),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
};
