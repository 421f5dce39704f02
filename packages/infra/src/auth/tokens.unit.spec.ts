import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import { createTokenService, InvalidTokenError, JWT_AUDIENCE, JWT_ISSUER } from './tokens';

const secret = new TextEncoder().encode('x'.repeat(48));
const service = createTokenService({ secret, ttlSeconds: 60 });
const sign = (alg: string, key: Parameters<SignJWT['sign']>[0], over: { iss?: string; aud?: string; exp?: number } = {}) =>
  new SignJWT({ sid: 's1' })
    .setProtectedHeader({ alg })
    .setSubject('u1')
    .setIssuer(over.iss ?? JWT_ISSUER)
    .setAudience(over.aud ?? JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(over.exp ?? Math.floor(Date.now() / 1000) + 60)
    .sign(key);

describe('TokenService', () => {
  it('verifies the tokens it issues', async () => {
    const { token, expiresIn } = await service.issue({ sub: 'u1', sid: 's1' });
    expect(expiresIn).toBe(60);
    await expect(service.verify(token)).resolves.toMatchObject({ sub: 'u1', sid: 's1' });
  });
  it('refuses alg none', async () => {
    const token = new UnsecuredJWT({ sid: 's1' })
      .setSubject('u1')
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setExpirationTime('1h')
      .encode();
    await expect(service.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });
  it('refuses another algorithm with the same secret', async () => {
    await expect(service.verify(await sign('HS512', secret))).rejects.toBeInstanceOf(InvalidTokenError);
  });
  it('refuses an asymmetric algorithm', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    await expect(service.verify(await sign('EdDSA', privateKey))).rejects.toBeInstanceOf(InvalidTokenError);
  });
  it('refuses a bad signature', async () => {
    await expect(service.verify(await sign('HS256', new TextEncoder().encode('y'.repeat(48))))).rejects.toBeInstanceOf(InvalidTokenError);
  });
  it('refuses a wrong issuer or audience', async () => {
    await expect(service.verify(await sign('HS256', secret, { iss: 'evil' }))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(service.verify(await sign('HS256', secret, { aud: 'other' }))).rejects.toBeInstanceOf(InvalidTokenError);
  });
  it('refuses an expired token', async () => {
    await expect(service.verify(await sign('HS256', secret, { exp: Math.floor(Date.now() / 1000) - 10 }))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });
  it('refuses garbage', async () => {
    await expect(service.verify('not.a.jwt')).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
