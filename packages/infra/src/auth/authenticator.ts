import type { DocumentStore } from '../documentStore/documentStore';
import { InvalidTokenError, type TokenService } from './tokens';

export interface AuthenticatedUser {
  userId: string;
  sessionId: string;
  isSystemAdmin: boolean;
  /** licence id -> licence admin flag */
  licences: Record<string, boolean>;
  language: string;
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
}) => {
  const users = deps.documentStore.collection<UserAuthDoc & Record<string, unknown>>(deps.usersCollection ?? 'users');
  const sessions = deps.documentStore.collection<SessionAuthDoc & Record<string, unknown>>(deps.sessionsCollection ?? 'sessions');
  return async (token: string | undefined | null): Promise<AuthenticatedUser> => {
    if (!token) throw new UnauthenticatedError('Missing token');
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
    return {
      userId: user._id,
      sessionId: claims.sid,
      isSystemAdmin: user.isSystemAdmin,
      licences: Object.fromEntries(user.licences.map((l) => [l.id, l.isAdmin])),
      language: user.language,
    };
  };
};
export type Authenticator = ReturnType<typeof createAuthenticator>;

export const bearerToken = (authorization: string | undefined): string | null => {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m ? m[1]! : null;
};
