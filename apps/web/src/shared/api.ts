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

/**
 * A route whose contract module loads with the first call: the contract modules build zod schemas, and the client
 * needs only the route's method and path, so the shell and the dashboard carry no zod at a cold load (see
 * docs/performance.md, "Web bundle"). The module arrives with the call, which waits for the network anyway.
 */
export class DeferredRoute<R extends RouteContract> {
  constructor(readonly load: () => Promise<R>) {}
}

/** The route groups of a contract module (`{ taskRoutes: { query: … } }`), each route deferred. */
export type DeferredContracts<M> = {
  readonly [G in keyof M]: { readonly [K in keyof M[G]]: M[G][K] extends RouteContract ? DeferredRoute<M[G][K]> : never };
};

/**
 * `deferContracts(() => import('./contracts'))`: the module's route groups as deferred routes; the module loads
 * once, with the first call of any of them.
 */
export const deferContracts = <M extends object>(load: () => Promise<M>): DeferredContracts<M> => {
  let module: Promise<M> | undefined;
  const once = () => (module ??= load());
  const groups = new Map<string, Record<string, unknown>>();
  const groupOf = (group: string) => {
    let routes = groups.get(group);
    if (!routes) {
      const cache = new Map<string, DeferredRoute<RouteContract>>();
      routes = new Proxy(
        {},
        {
          get: (_, key) => {
            if (typeof key !== 'string') return undefined;
            let route = cache.get(key);
            if (!route) {
              route = new DeferredRoute(async () => {
                const found = ((await once()) as Record<string, Record<string, RouteContract | undefined>>)[group]?.[key];
                if (!found) throw new Error(`no route ${group}.${key} in the contract module`);
                return found;
              });
              cache.set(key, route);
            }
            return route;
          },
        },
      );
      groups.set(group, routes);
    }
    return routes;
  };
  return new Proxy({}, { get: (_, group) => (typeof group === 'string' ? groupOf(group) : undefined) }) as DeferredContracts<M>;
};

/**
 * The app's single API client; every call goes through the hooks above. `call` takes a route or a deferred one;
 * `send` has the contract at hand (a test that answers by contract spies on `send`).
 */
export const api = {
  call: async <R extends RouteContract>(route: R | DeferredRoute<R>, input: RouteInput<R> = {}): Promise<Response<R>> =>
    api.send(route instanceof DeferredRoute ? await route.load() : route, input),
  send: <R extends RouteContract>(route: R, input: RouteInput<R> = {}): Promise<Response<R>> => client.call(route, input as CallInput<R>),
};
