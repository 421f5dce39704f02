import { createHash, timingSafeEqual } from 'node:crypto';
import { API_TOKEN_PREFIX, parseApiToken, type ApiTokenScope } from '@stramien/domain';
import type { DocumentStore } from '../documentStore/documentStore';
import { recordTiming } from '../diagnostics/timing';
import type { AuthCache } from './authCache';
import { InvalidTokenError, type TokenService } from './tokens';

export interface AuthenticatedUser {
  userId: string;
  sessionId: string;
  isSystemAdmin: boolean;
  /** licence id -> licence admin flag */
  licences: Record<string, boolean>;
  language: string;
  /** how the request authenticated: a signed-in session (JWT) or an integration's API token */
  via?: 'session' | 'api-token';
  /** the API token's scopes (only when via 'api-token') */
  scopes?: ApiTokenScope[];
}

export class UnauthenticatedError extends Error {
  override readonly name = 'UnauthenticatedError';
}

/** Read-model documents the authenticator relies on (written by services/projections). */
export interface UserAuthDoc {
  _id: string;
  isSystemAdmin: boolean;
  disabled?: boolean;
  /**
   * epoch seconds (millisecond precision): tokens issued before stop working. Set by a password change or
   * reset and by disabling the account.
   */
  tokensValidAfter?: number | null;
  licences: { id: string; isAdmin: boolean }[];
  language: string;
}
/** An API token as the authenticator reads it: only the hash of its secret. */
export interface ApiTokenAuthDoc {
  _id: string;
  userId: string;
  scopes: ApiTokenScope[];
  /** hex SHA-256 of the secret */
  secretHash: string;
  revokedAt: string | null;
  /** ISO time after which the token no longer authenticates */
  expiresAt: string;
}

/** Hex SHA-256 of an API token's secret: what the event and the read model hold instead of the secret. */
export const hashApiTokenSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
};

export interface SessionAuthDoc {
  _id: string;
  userId: string;
  revokedAt: string | null;
}

type Claims = Awaited<ReturnType<TokenService['verify']>>;

/** the read-model position a document reflects (the projection runner's `_position`) */
const positionOf = (doc: object): number => (doc as { _position?: number })._position ?? 0;

/**
 * Turns a bearer token into the acting user: the JWT must verify, its user must exist and be enabled, the
 * token must be issued after the user's last password change or reset (and disabling), and its session must
 * be a live one: signed in and not signed out (sessions are an allow-list). With a `cache`, lookups are kept
 * briefly and a revocation ends them at once (see authCache.ts).
 */
export const createAuthenticator = (deps: {
  tokens: TokenService;
  documentStore: DocumentStore;
  cache?: AuthCache;
  usersCollection?: string;
  sessionsCollection?: string;
  apiTokensCollection?: string;
}) => {
  const { cache } = deps;
  /** `kind` names the cache key ('user:<id>'…), the one authCache's revocations use */
  const collection = <D extends { _id: string }>(name: string, kind: 'user' | 'session' | 'apiToken') => {
    const c = deps.documentStore.collection<D & Record<string, unknown>>(name);
    return {
      /** the document from a live cache entry, as findById would answer it without reading (undefined: call findById) */
      cached: (id: string): D | undefined => cache?.peek<D>(`${kind}:${id}`),
      findById: (id: string): Promise<D | null> => {
        const load = () => c.findOne({ _id: id }) as Promise<D | null>;
        return cache ? cache.lookup(`${kind}:${id}`, load, positionOf) : load();
      },
    };
  };
  const users = collection<UserAuthDoc>(deps.usersCollection ?? 'users', 'user');
  const sessions = collection<SessionAuthDoc>(deps.sessionsCollection ?? 'sessions', 'session');
  const apiTokens = collection<ApiTokenAuthDoc>(deps.apiTokensCollection ?? 'apiTokens', 'apiToken');
  /**
   * A verified token's claims are kept until the token expires: they are what its signature proved and cannot change
   * (revocations end the user and session entries, which keep the cache's TTL, and `checkSession` reads those).
   */
  const verify = async (token: string) => {
    if (!cache) return deps.tokens.verify(token);
    const claims = await cache.lookup(
      `jwt:${token}`,
      () => deps.tokens.verify(token),
      undefined,
      (verified) => verified.exp * 1000,
    );
    if (!claims || claims.exp * 1000 <= Date.now()) return deps.tokens.verify(token);
    return claims;
  };
  /**
   * What a user document gives every request of that user, worked out once per document object (a cached document
   * is the same object for each request until it leaves the cache); frozen, as requests share it.
   */
  const userParts = new WeakMap<UserAuthDoc, Pick<AuthenticatedUser, 'userId' | 'isSystemAdmin' | 'licences' | 'language'>>();
  /**
   * The authenticated user of a request: the user's kept parts and the session, field by field (a spread of the parts
   * followed by the session's keys would take V8 11's slow path on every request: docs/performance.md 40.).
   */
  const withSession = (
    parts: ReturnType<typeof userOf>,
    sessionId: string,
    via: 'session' | 'api-token',
    scopes?: ApiTokenScope[],
  ): AuthenticatedUser => ({
    userId: parts.userId,
    isSystemAdmin: parts.isSystemAdmin,
    licences: parts.licences,
    language: parts.language,
    sessionId,
    via,
    ...(scopes === undefined ? {} : { scopes }),
  });
  const userOf = (user: UserAuthDoc) => {
    let parts = userParts.get(user);
    if (parts === undefined) {
      parts = {
        userId: user._id,
        isSystemAdmin: user.isSystemAdmin,
        licences: Object.freeze(Object.fromEntries(user.licences.map((l) => [l.id, l.isAdmin]))),
        language: user.language,
      };
      userParts.set(user, parts);
    }
    return parts;
  };

  /** `stramien_pat_<id>_<secret>`: the token by id, its secret's hash compared in constant time, its user enabled. */
  const byApiToken = async (value: string): Promise<AuthenticatedUser> => {
    const parsed = parseApiToken(value);
    if (!parsed) throw new UnauthenticatedError('Malformed API token');
    const doc = await apiTokens.findById(parsed.tokenId);
    if (!doc || !sameHash(doc.secretHash, hashApiTokenSecret(parsed.secret))) throw new UnauthenticatedError('Unknown API token');
    if (doc.revokedAt) throw new UnauthenticatedError('API token revoked');
    if (!(doc.expiresAt > new Date().toISOString())) throw new UnauthenticatedError('API token expired');
    const user = await users.findById(doc.userId);
    if (!user || user.disabled) throw new UnauthenticatedError('Unknown or disabled user');
    return withSession(userOf(user), `apitoken:${doc._id}`, 'api-token', [...doc.scopes]);
  };

  /** a session token's claims, user and session when the cache holds all three (verify's answer, checked the same) */
  const cachedSession = (token: string): { claims: Claims; user: UserAuthDoc; session: SessionAuthDoc } | undefined => {
    const claims = cache?.peek<Claims>(`jwt:${token}`);
    if (!claims || claims.exp * 1000 <= Date.now()) return undefined;
    const user = users.cached(claims.sub);
    const session = user === undefined ? undefined : sessions.cached(claims.sid);
    return user === undefined || session === undefined ? undefined : { claims, user, session };
  };

  const authenticate = async (token: string | undefined | null): Promise<AuthenticatedUser> => {
    if (!token) throw new UnauthenticatedError('Missing token');
    if (token.startsWith(API_TOKEN_PREFIX)) return byApiToken(token);
    // a signed-in user's next requests: everything from the cache, without a promise per lookup
    const hit = cachedSession(token);
    if (hit !== undefined) return checkSession(hit.claims, hit.user, hit.session);
    let claims;
    try {
      claims = await verify(token);
    } catch (e) {
      if (e instanceof InvalidTokenError) throw new UnauthenticatedError(e.message);
      throw e;
    }
    const [user, session] = await Promise.all([users.findById(claims.sub), sessions.findById(claims.sid)]);
    return checkSession(claims, user, session);
  };

  const checkSession = (claims: Claims, user: UserAuthDoc | null, session: SessionAuthDoc | null): AuthenticatedUser => {
    if (!user || user.disabled) throw new UnauthenticatedError('Unknown or disabled user');
    if (typeof user.tokensValidAfter === 'number' && claims.issuedAt < user.tokensValidAfter) {
      throw new UnauthenticatedError('Token issued before the last password change');
    }
    if (!session || session.userId !== claims.sub) throw new UnauthenticatedError('Unknown session');
    if (session.revokedAt) throw new UnauthenticatedError('Session revoked');
    return withSession(userOf(user), claims.sid, 'session');
  };
  /**
   * The answer of a session token whose claims, user and session the cache holds, given synchronously (it throws as
   * the authenticator would reject); undefined when the authenticator would have to wait for something (an API token,
   * a token or document not in the cache): then call the authenticator.
   */
  const cached = (token: string | undefined | null): AuthenticatedUser | undefined => {
    if (!token || token.startsWith(API_TOKEN_PREFIX)) return undefined;
    const start = performance.now();
    const hit = cachedSession(token);
    if (hit === undefined) return undefined;
    try {
      return checkSession(hit.claims, hit.user, hit.session);
    } finally {
      recordTiming('auth', start);
    }
  };
  return Object.assign(
    async (token: string | undefined | null): Promise<AuthenticatedUser> => {
      const start = performance.now();
      try {
        return await authenticate(token);
      } finally {
        recordTiming('auth', start);
      }
    },
    { cached },
  );
};
export type Authenticator = ReturnType<typeof createAuthenticator>;

export const bearerToken = (authorization: string | undefined): string | null => {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m ? m[1]! : null;
};
