import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDocumentStore } from '../documentStore/embeddedDocumentStore';
import type { DocumentStore } from '../documentStore/documentStore';
import { createAuthenticator, hashApiTokenSecret, UnauthenticatedError } from './authenticator';
import { createTokenService } from './tokens';

const T = Date.parse('2026-01-01T10:00:00.000Z');
let clock = T;
const tokens = createTokenService({ secret: new TextEncoder().encode('k'.repeat(48)), ttlSeconds: 3600, now: () => clock });

describe('Authenticator', () => {
  let dir: string;
  let store: DocumentStore;
  let authenticate: ReturnType<typeof createAuthenticator>;
  const user = (over: Record<string, unknown> = {}) => ({
    _id: 'u1',
    isSystemAdmin: false,
    disabled: false,
    tokensValidAfter: null,
    licences: [{ id: 'l1', isAdmin: true }],
    language: 'nl',
    ...over,
  });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'stramien-auth-'));
    store = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
    authenticate = createAuthenticator({ tokens, documentStore: store });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const save = (doc: Record<string, unknown>) =>
    store.collection('users').replaceOne({ _id: 'u1' }, { ...user(), ...doc }, { upsert: true });

  it('turns a valid token into the acting user', async () => {
    await save({});
    const { token } = await tokens.issue({ sub: 'u1', sid: 's1' });
    await expect(authenticate(token)).resolves.toEqual({
      userId: 'u1',
      sessionId: 's1',
      isSystemAdmin: false,
      licences: { l1: true },
      language: 'nl',
      via: 'session',
    });
  });

  describe('after a password change', () => {
    it('refuses a token issued before it, even within the same second', async () => {
      clock = T + 100;
      const { token: before } = await tokens.issue({ sub: 'u1', sid: 's1' });
      await save({ tokensValidAfter: (T + 400) / 1000 });
      await expect(authenticate(before)).rejects.toBeInstanceOf(UnauthenticatedError);
      clock = T + 700;
      const { token: after } = await tokens.issue({ sub: 'u1', sid: 's1' });
      await expect(authenticate(after)).resolves.toMatchObject({ userId: 'u1' });
    });
  });

  it('refuses any token of a disabled user', async () => {
    clock = T + 5000;
    const { token } = await tokens.issue({ sub: 'u1', sid: 's1' });
    await save({ disabled: true });
    await expect(authenticate(token)).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it('refuses a revoked session and an unknown user', async () => {
    await save({ disabled: false, tokensValidAfter: null });
    await store.collection('sessions').replaceOne({ _id: 's9' }, { _id: 's9', userId: 'u1', revokedAt: 'x' }, { upsert: true });
    await expect(authenticate((await tokens.issue({ sub: 'u1', sid: 's9' })).token)).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(authenticate((await tokens.issue({ sub: 'nobody', sid: 's1' })).token)).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  describe('with an API token', () => {
    const id = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const secret = 'S'.repeat(40) + 'abc';
    const plaintext = `stramien_pat_${id}_${secret}`;
    const saveToken = (over: Record<string, unknown> = {}) =>
      store.collection('apiTokens').replaceOne(
        { _id: id },
        {
          _id: id,
          userId: 'u1',
          scopes: ['read'],
          secretHash: hashApiTokenSecret(secret),
          revokedAt: null,
          expiresAt: '2999-01-01T00:00:00.000Z',
          ...over,
        },
        { upsert: true },
      );

    it('authenticates as the token user with its scopes', async () => {
      await save({ disabled: false, tokensValidAfter: null });
      await saveToken();
      await expect(authenticate(plaintext)).resolves.toEqual({
        userId: 'u1',
        sessionId: `apitoken:${id}`,
        isSystemAdmin: false,
        licences: { l1: true },
        language: 'nl',
        via: 'api-token',
        scopes: ['read'],
      });
    });
    it('refuses a wrong secret, a malformed token and an unknown id', async () => {
      await saveToken();
      await expect(authenticate(`stramien_pat_${id}_${'T'.repeat(43)}`)).rejects.toBeInstanceOf(UnauthenticatedError);
      await expect(authenticate(`stramien_pat_${id}`)).rejects.toBeInstanceOf(UnauthenticatedError);
      await expect(authenticate(`stramien_pat_${id.replace('7', '8')}_${secret}`)).rejects.toBeInstanceOf(UnauthenticatedError);
    });
    it('refuses a revoked token, an expired token and a token of a disabled user', async () => {
      await saveToken({ revokedAt: '2026-01-02T00:00:00.000Z' });
      await expect(authenticate(plaintext)).rejects.toBeInstanceOf(UnauthenticatedError);
      await saveToken({ expiresAt: '2000-01-01T00:00:00.000Z' });
      await expect(authenticate(plaintext)).rejects.toThrow('API token expired');
      await saveToken();
      await save({ disabled: true });
      await expect(authenticate(plaintext)).rejects.toBeInstanceOf(UnauthenticatedError);
    });
  });
});
