import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RouteContract } from '@stramien/api';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@stramien/api';
import { DomainError, messages } from '@stramien/domain';
import { exactAnswerSerializerCompiler } from '@stramien/infra';
import { requireUser } from './auth';
import type { OwnWrites } from './ownWrites';

type Out<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;

export interface RouteInput<R extends RouteContract> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface ProjectionWait {
  /** resolves true once the read models have passed `position` */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  /** true when the read models are known to have passed `position` (false where that cannot be told at once) */
  passed(position: number): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest, route: RouteContract): Promise<void>;
    projectionWait: ProjectionWait;
    minPositionWaitMs: number;
    ownWrites: OwnWrites;
  }
}

/**
 * The part of the contract's `policy` that needs no object of the route: 'system-admin' routes refuse everybody else
 * with 403. The object-scoped checks ('check' on a licence or project, 'self-or-admin') need the addressed object
 * and run in the route through the access helpers (services/commands/src/access/), which answer 404 before 403.
 */
export const enforcePolicy = (request: FastifyRequest, contract: RouteContract): void => {
  if (contract.policy?.access === 'system-admin' && !requireUser(request).isSystemAdmin) {
    throw new DomainError(messages.shared.forbidden, 403);
  }
};

const exactAnswers = exactAnswerSerializerCompiler();

/**
 * The wait before a route's handler, or null: for the X-Min-Position `min` (0: none) and, unless the route says
 * otherwise, for the user's own latest command (known once the request is authenticated).
 */
const positionWait = (app: FastifyInstance, request: FastifyRequest, min: number, waitForOwnWrites: boolean): Promise<unknown> | null => {
  const own = waitForOwnWrites && request.user ? app.ownWrites.pending(request.user.userId, app.projectionWait.passed) : 0;
  const position = Math.max(min, own);
  return position > 0 ? app.projectionWait.waitFor(position, app.minPositionWaitMs) : null;
};

/**
 * The route's preHandler: authentication with the contract's policy, then the X-Min-Position wait of GET routes and
 * the wait for the user's own latest command (`OwnWrites`; not for `waitForOwnWrites: false`). A callback hook that
 * goes on at once (no promise) when the authenticator answers from its cache and there is no position to wait for;
 * otherwise it calls `done` when the awaited steps are through. A synchronous throw is Fastify's error path as a
 * rejection is.
 */
const preHandlerOf =
  (app: FastifyInstance, contract: RouteContract, waitForOwnWrites: boolean) =>
  (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    let wait: Promise<unknown> | null = null;
    let min = 0;
    if (contract.method === 'GET') {
      const raw = request.headers[MIN_POSITION_HEADER];
      if (typeof raw === 'string' && /^\d{1,15}$/.test(raw)) min = Number(raw);
    }
    if (contract.auth) {
      if (app.authenticateCached(request, contract)) {
        enforcePolicy(request, contract);
        wait = positionWait(app, request, min, waitForOwnWrites);
      } else
        wait = app.authenticate(request, contract).then(() => {
          enforcePolicy(request, contract);
          return positionWait(app, request, min, waitForOwnWrites);
        });
    } else wait = positionWait(app, request, min, waitForOwnWrites);
    if (wait === null) done();
    else
      wait.then(
        () => done(),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
  };

/**
 * Registers one route from its contract: zod-validated params, query and body; the response
 * validated against its schema; authentication when the contract asks for it, with its API-token use and its
 * system-admin policy enforced; a bounded wait for
 * the read models when the client sends X-Min-Position (GET routes). A handler that answers a
 * command may return `{ position }` in its result, which is echoed in the X-Position header.
 */
export const addRoute = <R extends RouteContract>(
  app: FastifyInstance,
  contract: R,
  handler: (input: RouteInput<R>) => Promise<z.input<R['response']>>,
  options: {
    status?: number;
    /** bytes, when a body may be larger than the server's default (uploads) */
    bodyLimit?: number;
    /**
     * The handler's answer is built by a typed mapper that gives exactly the response schema's keys in its order: it
     * is written with JSON.stringify, without the zod parse (`exactAnswerSerializerCompiler`; the test runs compare
     * every such answer with the zod way's bytes).
     */
    exactAnswer?: boolean;
    /**
     * Default true: the route waits until the read models have the user's own latest command (`OwnWrites`). False
     * for a command that decides from its streams alone and answers from them (record edits), so that a user's edits
     * in a row do not wait for the read models between them.
     */
    waitForOwnWrites?: boolean;
  } = {},
): void => {
  app.route({
    method: contract.method,
    url: contract.path,
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.exactAnswer ? { serializerCompiler: exactAnswers } : {}),
    schema: {
      summary: contract.summary,
      tags: [contract.tag],
      ...(contract.auth ? { security: [{ bearer: [] }] } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { [options.status ?? 200]: contract.response },
    },
    ...(contract.auth || contract.method === 'GET' ? { preHandler: preHandlerOf(app, contract, options.waitForOwnWrites ?? true) } : {}),
    // the handler's own promise, continued (no async function around it: one promise less per request)
    handler: (request, reply) =>
      handler({
        params: request.params as RouteInput<R>['params'],
        query: request.query as RouteInput<R>['query'],
        body: request.body as RouteInput<R>['body'],
        request,
        reply,
      }).then((result) => {
        const position = (result as { position?: unknown } | null)?.position;
        if (typeof position === 'number') {
          reply.header(POSITION_HEADER, String(position));
          if (request.user) app.ownWrites.note(request.user.userId, position);
        }
        reply.status(options.status ?? 200);
        return result;
      }),
  });
};

/**
 * `addRoute` with `exactAnswer`: for handlers whose answer a typed mapper builds with exactly the response schema's
 * keys in its order (the test runs check each answer against the zod way's bytes).
 */
export const addExactRoute = <R extends RouteContract>(
  app: FastifyInstance,
  contract: R,
  handler: (input: RouteInput<R>) => Promise<z.input<R['response']>>,
  options: { status?: number; waitForOwnWrites?: boolean } = {},
): void => addRoute(app, contract, handler, { ...options, exactAnswer: true });
