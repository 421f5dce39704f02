import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export const JWT_ALGORITHM = 'HS256' as const;
export const JWT_ISSUER = 'stramien';
export const JWT_AUDIENCE = 'stramien-api';

export interface AccessTokenClaims {
  /** user id */
  sub: string;
  /** session id: revoked by sign-out */
  sid: string;
}

export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/**
 * Short-lived access tokens: JWTs with one pinned algorithm, issuer, audience and expiry checked.
 * The secret is at least 32 bytes (config supplies it, or the data dir keeps a generated one).
 */
export const createTokenService = (options: { secret: Uint8Array; ttlSeconds: number; now?: () => number }) => {
  if (options.secret.length < 32) throw new Error('JWT secret must be at least 32 bytes');
  const now = options.now ?? (() => Date.now());
  return {
    ttlSeconds: options.ttlSeconds,
    async issue(claims: AccessTokenClaims): Promise<{ token: string; expiresIn: number }> {
      const issuedMs = now();
      const iat = Math.floor(issuedMs / 1000);
      // iat_ms: the issue time to the millisecond, so a password change revokes a token issued in the same second
      const token = await new SignJWT({ sid: claims.sid, iat_ms: issuedMs })
        .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.ttlSeconds)
        .sign(options.secret);
      return { token, expiresIn: options.ttlSeconds };
    },
    /** `issuedAt`: epoch seconds with millisecond precision (from iat_ms, else iat) */
    async verify(token: string): Promise<AccessTokenClaims & { exp: number; issuedAt: number }> {
      try {
        const { payload } = await jwtVerify(token, options.secret, {
          algorithms: [JWT_ALGORITHM],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
          throw new InvalidTokenError('Malformed token');
        const issuedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms / 1000 : typeof payload.iat === 'number' ? payload.iat : 0;
        return { sub: payload.sub, sid: payload.sid, exp: payload.exp, issuedAt };
      } catch (e) {
        if (e instanceof InvalidTokenError) throw e;
        if (e instanceof joseErrors.JOSEError || e instanceof TypeError) throw new InvalidTokenError(e.message);
        throw new InvalidTokenError('Invalid token');
      }
    },
  };
};
export type TokenService = ReturnType<typeof createTokenService>;
