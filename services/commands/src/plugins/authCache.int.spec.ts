import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { toUserStreamId } from '@stramien/domain';
import { jwtSecret, JWT_ALGORITHM, JWT_AUDIENCE, JWT_ISSUER, loadConfig } from '@stramien/infra';
import { startTestServer, type TestServer } from '../testing/testServer';
import { appendEvents, createTestUser, requestToken } from '../routes/identity/securityTesting';

/** The authenticator's cache over HTTP: warm lookups, then a revocation, then the very next request. */
describe('Authentication with its lookups cached', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const signIn = async (name: string) => {
    const user = await createTestUser(server, name);
    const answer = await requestToken(
      server,
      { username: user.email, password: user.password },
      { 'x-forwarded-for': `10.9.0.${name.length}` },
    );
    expect(answer.status).toBe(200);
    const { access_token: token } = (await answer.json()) as { access_token: string };
    return { ...user, token };
  };
  const me = (token: string) => fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
  const warm = async (token: string) => {
    for (let i = 0; i < 3; i++) expect((await me(token)).status).toBe(200);
  };

  it('accepts a fresh token on the very first request after sign-in', async () => {
    const { token } = await signIn('fresh');
    expect((await me(token)).status).toBe(200);
  });

  it('refuses the token on the very next request after sign-out', async () => {
    const { token } = await signIn('signout');
    await warm(token);
    const out = await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it('refuses the token once the user is disabled by another writer (through the log)', async () => {
    const { userId, token } = await signIn('disabled');
    await warm(token);
    await appendEvents(server, toUserStreamId(userId), [{ type: 'UserDisabled', data: { userId } }]);
    expect((await me(token)).status).toBe(401);
  });

  it('refuses a validly signed token whose session id was never signed in', async () => {
    const { userId } = await signIn('forged');
    const config = loadConfig({ STRAMIEN_DATA_DIR: server.dataDir });
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ sid: 'no-such-session' })
      .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(jwtSecret(config));
    expect((await me(forged)).status).toBe(401);
  });
});
