import { z } from 'zod';
import type { GeneralApp, NamedApiTokenScope, PermissionCheck } from '@stramien/domain';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP route of the public API: the single source for the server's validation,
 * the OpenAPI document, the typed client and the generated malformed-input tests.
 */
export interface RouteContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify syntax, e.g. '/api/project/:id' */
  path: string;
  summary: string;
  tag: string;
  /** false only for the token endpoint and public reads */
  auth: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** body content type, when not JSON */
  consumes?: string[];
  /** answer content types, when not JSON (the handler sends the bytes itself) */
  produces?: string[];
  /** guarded by the sign-in limiter: too many failed attempts answer 429 with Retry-After */
  throttled?: boolean;
  /** error statuses it answers besides those its policy, method and input imply (the OpenAPI document lists them) */
  alsoAnswers?: ErrorStatus[];
  /**
   * Who may call it: the declarative policy table the route x actor security matrix is generated from.
   * 'public' needs no token; 'user' any signed-in user; a PermissionCheck is decided by the domain's `can`
   * for the licence or project the route addresses (`scope`); 'self-or-admin' a user acting on their own id
   * or a user admin of a shared licence.
   */
  policy?: RoutePolicy;
  /**
   * What an API token may do here, enforced by the server's `addRoute`: 'never' (credentials: API tokens, password,
   * two-factor; signing out), 'read' (any token), 'write' (a token with the write scope). Default: 'read' for GET,
   * 'write' otherwise. A named scope ('events:read', 'webhooks:manage') admits only a token that was given it.
   */
  apiTokens?: ApiTokenUse;
  /** the refusal's message for 'never', when not the general one about credentials */
  apiTokenRefusal?: string;
}

/** The error statuses an operation may answer with, each with the error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

export type ApiTokenUse = 'never' | 'read' | 'write' | NamedApiTokenScope;

/** The API-token use of a route: its contract's `apiTokens`, else 'read' for GET and 'write' for the rest. */
export const apiTokenUse = (route: Pick<RouteContract, 'method' | 'apiTokens'>): ApiTokenUse =>
  route.apiTokens ?? (route.method === 'GET' ? 'read' : 'write');

export type RoutePolicy =
  | { access: 'public' }
  | { access: 'user' }
  | { access: 'self-or-admin' }
  | { access: 'system-admin' }
  | { access: 'check'; check: PermissionCheck; scope: 'licence' | 'project'; app?: GeneralApp }
  /** the addressed table's rights (`tableRights`, spec 2 §6): its project's admins, or teams' permissions on it */
  | { access: 'table'; need: 'read' | 'write' | 'manage' }
  /** the addressed project workflow's rights (`projectWorkflowRights`): its project's admins, or teams' workflow permissions on it */
  | { access: 'workflow'; need: 'read' | 'write' | 'admin' };

export const defineRoute = <P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  route: RouteContract<P, Q, B, R>,
): RouteContract<P, Q, B, R> => route;

/** A server text as a message key (its path in the domain's message catalogues) and the values of its placeholders. */
export const messageRefSchema = z.object({
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * The error envelope every failing call answers with. `message` and `errors` are English; `key`/`values` and
 * `errorKeys` (aligned with `errors`, null where a text has no key) let a client render them in its user's language.
 */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
  key: z.string().optional(),
  values: messageRefSchema.shape.values,
  errorKeys: z.record(z.string(), z.array(messageRefSchema.nullable())).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export { MAINTENANCE_HEADER, MIN_POSITION_HEADER, POSITION_HEADER } from './headers';

/** A command's answer: the resulting state and the global position of its last event. */
export const commandResult = <T extends z.ZodType>(state: T) => z.object({ data: state, position: z.number().int().nonnegative() });

export const uuid = z.string().uuid();
export const idParams = z.object({ id: uuid });

type In<T> = [NonNullable<T>] extends [z.ZodType] ? z.input<NonNullable<T>> : undefined;
export type Params<R extends RouteContract> = In<R['params']>;
export type Query<R extends RouteContract> = In<R['query']>;
export type Body<R extends RouteContract> = In<R['body']>;
export type Response<R extends RouteContract> = z.output<R['response']>;
