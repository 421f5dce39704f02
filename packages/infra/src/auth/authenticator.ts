import { createHash, timingSafeEqual } from 'node:crypto';
import { API_TOKEN_PREFIX, parseApiToken, type ApiTokenScope } from '@stramien/domain';
import type { DocumentStore } from '../documentStore/documentStore';
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

/**
 * Turns a bearer token into the acting user: the JWT must verify, its user must exist and be enabled, the
 * token must be issued after the user's last password change or reset (and disabling), and its session must
 * not be revoked (sign-out revokes it on the next request).
 */
export const createAuthenticator = (deps: {
  tokens: TokenService;
  documentStore: DocumentStore;
  usersCollection?: string;
  sessionsCollection?: string;
  apiTokensCollection?: string;
}) => {
  const users = deps.documentStore.collection<UserAuthDoc & Record<string, unknown>>(deps.usersCollection ?? 'users');
  const sessions = deps.documentStore.collection<SessionAuthDoc & Record<string, unknown>>(deps.sessionsCollection ?? 'sessions');
  const apiTokens = deps.documentStore.collection<ApiTokenAuthDoc & Record<string, unknown>>(deps.apiTokensCollection ?? 'apiTokens');
  const userOf = (user: UserAuthDoc) => ({
    userId: user._id,
    isSystemAdmin: user.isSystemAdmin,
    licences: Object.fromEntries(user.licences.map((l) => [l.id, l.isAdmin])),
    language: user.language,
  });

  /** `stramien_pat_<id>_<secret>`: the token by id, its secret's hash compared in constant time, its user enabled. */
  const byApiToken = async (value: string): Promise<AuthenticatedUser> => {
    const parsed = parseApiToken(value);
    if (!parsed) throw new UnauthenticatedError('Malformed API token');
    const doc = await apiTokens.findOne({ _id: parsed.tokenId });
    if (!doc || !sameHash(doc.secretHash, hashApiTokenSecret(parsed.secret))) throw new UnauthenticatedError('Unknown API token');
    if (doc.revokedAt) throw new UnauthenticatedError('API token revoked');
    if (!(doc.expiresAt > new Date().toISOString())) throw new UnauthenticatedError('API token expired');
    const user = await users.findOne({ _id: doc.userId });
    if (!user || user.disabled) throw new UnauthenticatedError('Unknown or disabled user');
    return { ...userOf(user), sessionId: `apitoken:${doc._id}`, via: 'api-token', scopes: [...doc.scopes] };
  };

  return async (token: string | undefined | null): Promise<AuthenticatedUser> => {
    if (!token) throw new UnauthenticatedError('Missing token');
    if (token.startsWith(API_TOKEN_PREFIX)) return byApiToken(token);
    let claims;
    try {
      claims = await deps.tokens.verify(token);
    } catch (e) {
      if (e instanceof InvalidTokenError) throw new UnauthenticatedError(e.message);
      throw e;
    }
    const [user, session] = await Promise.all([users.findOne({ _id: claims.sub }), sessions.findOne({ _id: claims.sid })]);
    if (!user || user.disabled) throw new UnauthenticatedError('Unknown or disabled user');
    if (typeof user.tokensValidAfter === 'number' && claims.issuedAt < user.tokensValidAfter) {
      throw new UnauthenticatedError('Token issued before the last password change');
    }
    if (session?.revokedAt) throw new UnauthenticatedError('Session revoked');
    return { ...userOf(user), sessionId: claims.sid, via: 'session' };
  };
};
export type Authenticator = ReturnType<typeof createAuthenticator>;

export const bearerToken = (authorization: string | undefined): string | null => {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m ? m[1]! : null;
};
