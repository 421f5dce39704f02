import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, apiTokenRoutes, ApiError, identityRoutes, securityRoutes, type RouteContract } from '@stramien/api';
import { apiTokenMessages } from '@stramien/domain';
import { AUTH_CACHE_TTL_MS } from '@stramien/infra';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';

let server: TestServer;
let userToken: string;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  [userToken, adminToken] = await Promise.all([server.signIn(DEMO.user), server.signIn(DEMO.admin)]);
});
afterAll(async () => {
  await server?.close();
});

/** The status and message a call answers with (200 when it succeeds). */
const outcome = async (call: Promise<unknown>): Promise<{ status: number; message?: string }> => {
  try {
    await call;
    return { status: 200 };
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, message: e.message };
    throw e;
  }
};
const create = (name: string, scopes?: ('read' | 'write')[], token = userToken) =>
  server.api(token).call(apiTokenRoutes.createApiToken, { body: { name, ...(scopes ? { scopes } : {}) } });
const call = <R extends RouteContract>(token: string, route: R, input: Parameters<ReturnType<TestServer['api']>['call']>[1] = {}) =>
  outcome(server.api(token).call(route, input as never));

describe('API tokens', () => {
  describe('when used to sign out', () => {
    it('refuses with 403 and keeps working (a token ends by being revoked)', async () => {
      const { data } = await create('Sign-out attempt');
      expect(await call(data.token, identityRoutes.signOut)).toEqual({ status: 403, message: apiTokenMessages.signOutRefused });
      expect((await call(data.token, identityRoutes.currentUser)).status).toBe(200);
    });
  });

  describe('when created', () => {
    it('answers the plaintext token once, shaped stramien_pat_<id>_<secret>, with both scopes by default', async () => {
      const { data } = await create('CI export');
      expect(data.token).toMatch(new RegExp(`^stramien_pat_${data.id}_[A-Za-z0-9_-]{43}$`));
      expect(data.scopes).toEqual(['read', 'write']);
      expect(data.hint).toBe(data.token.slice(-4));
    });
    it('authenticates as its user on GET /api/user', async () => {
      const { data } = await create('Reader');
      const me = await server.api(data.token).call(identityRoutes.currentUser, {});
      expect(me.email).toBe(DEMO.user.email);
    });
    it('expires after 90 days unless another lifetime is chosen', async () => {
      const day = 86_400_000;
      const { data } = await create('Default lifetime');
      expect(Date.parse(data.expires_at) - Date.parse(data.created_at)).toBe(90 * day);
      const short = await server.api(userToken).call(apiTokenRoutes.createApiToken, { body: { name: 'Short', expires_in_days: 1 } });
      expect(Date.parse(short.data.expires_at) - Date.parse(short.data.created_at)).toBe(day);
      expect(
        (await outcome(server.api(userToken).call(apiTokenRoutes.createApiToken, { body: { name: 'Long', expires_in_days: 366 } }))).status,
      ).toBe(400);
    });
    it('stops authenticating (401) once it has expired', async () => {
      const { data } = await create('Expiring');
      expect((await call(data.token, identityRoutes.currentUser)).status).toBe(200);
      // time passes: the token's expiry lies in the past
      await server.adapters.documentStore
        .collection('apiTokens')
        .updateOne({ _id: data.id }, { $set: { expiresAt: '2000-01-01T00:00:00.000Z' } });
      // the authenticator keeps the token's document (with its real expiry) for its cache's TTL
      await new Promise((resolve) => setTimeout(resolve, AUTH_CACHE_TTL_MS));
      expect((await call(data.token, identityRoutes.currentUser)).status).toBe(401);
    });
    it('refuses a malformed body with 400', async () => {
      expect((await outcome(create(''))).status).toBe(400);
      expect((await outcome(create('x', ['admin' as 'read']))).status).toBe(400);
    });
  });

  describe('when listed', () => {
    it("shows the user's tokens without any secret, and never the plaintext", async () => {
      const { data } = await create('Listed');
      const list = await server.api(userToken).call(apiTokenRoutes.listApiTokens, {});
      const listed = list.data.find((t) => t.id === data.id);
      expect(listed).toEqual({
        id: data.id,
        name: 'Listed',
        scopes: ['read', 'write'],
        created_at: expect.any(String),
        hint: data.hint,
        expires_at: data.expires_at,
      });
      // the answer and the read model take the creation time from two clock reads (one run found them 1 ms apart)
      expect(Math.abs(Date.parse(listed!.created_at) - Date.parse(data.created_at))).toBeLessThan(1_000);
      const secret = data.token.split('_').slice(3).join('_');
      expect(JSON.stringify(list)).not.toContain(secret);
      const other = await server.api(adminToken).call(apiTokenRoutes.listApiTokens, {});
      expect(other.data.map((t) => t.id)).not.toContain(data.id);
    });
    it('keeps the secret out of the event store', async () => {
      const { data } = await create('Scanned');
      const secret = data.token.slice(`stramien_pat_${data.id}_`.length);
      const all = await server.adapters.eventStore.readAll();
      expect(all.some((e) => e.type === 'ApiTokenCreated' && (e.data as { tokenId: string }).tokenId === data.id)).toBe(true);
      expect(JSON.stringify(all)).not.toContain(secret);
    });
  });

  describe('with only the read scope', () => {
    it('may read but not change (403)', async () => {
      const { data } = await create('Read only', ['read']);
      const me = await server.api(data.token).call(identityRoutes.currentUser, {});
      expect(await call(data.token, identityRoutes.updateUser, { params: { id: me.id }, body: { firstname: 'Changed' } })).toEqual({
        status: 403,
        message: apiTokenMessages.readOnly,
      });
    });
  });

  describe('with the write scope', () => {
    it('may change the profile but never manage credentials (403)', async () => {
      const { data } = await create('Writer');
      const me = await server.api(data.token).call(identityRoutes.currentUser, {});
      expect((await call(data.token, identityRoutes.updateUser, { params: { id: me.id }, body: { lastname: me.lastname } })).status).toBe(
        200,
      );
      const refused = { status: 403, message: apiTokenMessages.credentialsRefused };
      expect(await call(data.token, apiTokenRoutes.createApiToken, { body: { name: 'Nested' } })).toEqual(refused);
      expect(await call(data.token, apiTokenRoutes.listApiTokens)).toEqual(refused);
      expect(await call(data.token, apiTokenRoutes.revokeApiToken, { params: { id: data.id } })).toEqual(refused);
      expect(await call(data.token, securityRoutes.generateTwoFactor, { body: {} })).toEqual(refused);
      const password = {
        email: DEMO.user.email,
        currentpassword: DEMO.user.password,
        newpassword: 'Other#Pass456',
        newpassword_confirmation: 'Other#Pass456',
      };
      expect(await call(data.token, accountRoutes.updatePassword, { body: password })).toEqual(refused);
    });
  });

  describe('when revoked', () => {
    it('stops working (401) and leaves the list', async () => {
      const { data } = await create('Revoked');
      await server.api(userToken).call(apiTokenRoutes.revokeApiToken, { params: { id: data.id } });
      expect((await call(data.token, identityRoutes.currentUser)).status).toBe(401);
      const list = await server.api(userToken).call(apiTokenRoutes.listApiTokens, {});
      expect(list.data.map((t) => t.id)).not.toContain(data.id);
      expect((await call(userToken, apiTokenRoutes.revokeApiToken, { params: { id: data.id } })).status).toBe(404);
    });
    it("answers 404 for another user's token and leaves it working", async () => {
      const { data } = await create('Not yours');
      expect(await call(adminToken, apiTokenRoutes.revokeApiToken, { params: { id: data.id } })).toEqual({
        status: 404,
        message: apiTokenMessages.notFound,
      });
      expect((await call(data.token, identityRoutes.currentUser)).status).toBe(200);
    });
  });

  it('refuses a wrong secret with a real id (401)', async () => {
    const { data } = await create('Guessed');
    const forged = `stramien_pat_${data.id}_${'A'.repeat(43)}`;
    expect((await call(forged, identityRoutes.currentUser)).status).toBe(401);
  });
});
