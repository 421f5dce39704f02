import type { Body, ErrorEnvelope, Params, Query, Response, RouteContract } from './contract';
import { MIN_POSITION_HEADER } from './headers';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly code?: string,
    /** the message keys of the envelope, to render `message` and `errors` in the user's language */
    readonly keys: Pick<ErrorEnvelope, 'key' | 'values' | 'errorKeys'> = {},
  ) {
    super(message);
  }
  /** seconds from the answer's Retry-After header (429, 503), when it sent one */
  retryAfterSeconds?: number;
}

/** The Retry-After header as seconds (delta-seconds or an HTTP date), or undefined. */
export const parseRetryAfter = (value: string | null, now: number = Date.now()): number | undefined => {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
};

export interface ApiClientOptions {
  baseUrl?: string;
  getToken?: () => string | null | undefined;
  /** extra headers per call, e.g. the maintenance token */
  getHeaders?: () => Record<string, string>;
  /** called for every failed call before it rejects (global error routing) */
  onError?: (error: ApiError) => void;
  fetch?: typeof fetch;
}

export interface CallInput<R extends RouteContract> {
  params?: Params<R>;
  query?: Query<R>;
  body?: Body<R>;
  /** wait until projections have passed this global position */
  minPosition?: number;
  signal?: AbortSignal;
}

const fillPath = (path: string, params: Record<string, unknown> | undefined): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));

/** Typed client over the route contracts; the web app and the tests use it. */
export const createApiClient = (options: ApiClientOptions = {}) => {
  // the global fetch is looked up per call, so a page (or a test) that replaces it later is followed
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const call = async <R extends RouteContract>(route: R, input: CallInput<R> = {}): Promise<Response<R>> => {
    let url = (options.baseUrl ?? '') + fillPath(route.path, input.params as Record<string, unknown> | undefined);
    if (input.query) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(input.query as Record<string, unknown>)) if (v !== undefined && v !== null) qs.set(k, String(v));
      const s = qs.toString();
      if (s) url += `?${s}`;
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.getHeaders?.() };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (input.minPosition) headers[MIN_POSITION_HEADER] = String(input.minPosition);
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const res = await doFetch(url, { method: route.method, headers, body, signal: input.signal });
    const text = await res.text();
    const json: unknown = text ? safeJson(text) : undefined;
    if (!res.ok) {
      const env = (json ?? {}) as Partial<ErrorEnvelope>;
      const error = new ApiError(res.status, env.message ?? res.statusText, env.errors, env.code, {
        key: env.key,
        values: env.values,
        errorKeys: env.errorKeys,
      });
      const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
      if (retryAfter !== undefined) error.retryAfterSeconds = retryAfter;
      options.onError?.(error);
      throw error;
    }
    return json as Response<R>;
  };
  return { call };
};
export type ApiClient = ReturnType<typeof createApiClient>;

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
};
