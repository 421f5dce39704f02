import { createApiClient, type ApiError, type CallInput, type Response, type RouteContract } from '@stramien/api';

/** What the app plugs into the one API client: the bearer token, extra headers and the global error routing. */
export interface ApiHooks {
  getToken: () => string | null;
  getHeaders: () => Record<string, string>;
  onError: (error: ApiError) => void;
}

const hooks: ApiHooks = { getToken: () => null, getHeaders: () => ({}), onError: () => {} };

/** Wired once at start by `app/bootstrap`; tests may wire their own. */
export const configureApi = (next: Partial<ApiHooks>): void => {
  Object.assign(hooks, next);
};

const client = createApiClient({
  getToken: () => hooks.getToken(),
  getHeaders: () => hooks.getHeaders(),
  onError: (error) => hooks.onError(error),
});

/**
 * The input type of a route's schema. `Body`/`Query`/`Params` of @stramien/api test `R['body'] extends ZodType`,
 * which is false for the optional (`| undefined`) property, so they resolve to `undefined`; this reads the
 * schema's own input type instead (distributing over `| undefined`).
 */
type SchemaInput<S> = S extends { _zod: { input: infer I } } ? I : never;

export interface RouteInput<R extends RouteContract> {
  params?: SchemaInput<R['params']>;
  query?: SchemaInput<R['query']>;
  body?: SchemaInput<R['body']>;
  minPosition?: number;
  signal?: AbortSignal;
}

/** The app's single API client; every call goes through the hooks above. */
export const api = {
  call: <R extends RouteContract>(route: R, input: RouteInput<R> = {}): Promise<Response<R>> => client.call(route, input as CallInput<R>),
};
