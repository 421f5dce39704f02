import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDocumentStore } from '../documentStore/embeddedDocumentStore';
import type { DocumentStore } from '../documentStore/documentStore';
import { createAuthenticator, hashApiTokenSecret, UnauthenticatedError } from './authenticator';
import { createAuthCache } from './authCache';
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

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stramien-auth-'));
    store = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
    authenticate = createAuthenticator({ tokens, documentStore: store });
    await saveSession('s1');
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const saveSession = (id: string, over: Record<string, unknown> = {}) =>
    store.collection('sessions').replaceOne({ _id: id }, { _id: id, userId: 'u1', revokedAt: null, ...over }, { upsert: true });
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

  it('refuses a token whose session was never signed in (sessions are an allow-list)', async () => {
    await save({ disabled: false, tokensValidAfter: null });
    await expect(authenticate((await tokens.issue({ sub: 'u1', sid: 'never-signed-in' })).token)).rejects.toThrow('Unknown session');
  });

  it("refuses a token naming another user's session", async () => {
    await saveSession('s-other', { userId: 'u2' });
    await expect(authenticate((await tokens.issue({ sub: 'u1', sid: 's-other' })).token)).rejects.toThrow('Unknown session');
  });

  describe('with its lookups cached', () => {
    const cached = (cache = createAuthCache()) => ({ cache, authenticate: createAuthenticator({ tokens, documentStore: store, cache }) });

    it('answers from the cache while the read models are unchanged', async () => {
      clock = Date.now();
      await save({ disabled: false, tokensValidAfter: null, language: 'nl' });
      await saveSession('s-c1');
      const { authenticate: auth } = cached();
      const { token } = await tokens.issue({ sub: 'u1', sid: 's-c1' });
      await expect(auth(token)).resolves.toMatchObject({ language: 'nl' });
      // a change that is no revocation (the language) shows once the entry expires, not before
      await save({ language: 'de' });
      await expect(auth(token)).resolves.toMatchObject({ language: 'nl' });
    });

    const refused = (answer: Promise<{ licences: object }>) => expect(answer).rejects.toBeInstanceOf(UnauthenticatedError);
    it.each([
      ['a sign-out', 'UserSignedOut', () => saveSession('s-c2', { revokedAt: 'x' }), refused],
      ['disabling the user', 'UserDisabled', () => save({ disabled: true }), refused],
      ['a password change', 'UserPasswordChanged', () => save({ tokensValidAfter: Date.now() / 1000 + 10 }), refused],
      [
        'removal from the licence',
        'UserRemovedFromLicence',
        () => save({ licences: [] }),
        (answer: Promise<{ licences: object }>) => expect(answer.then((u) => u.licences)).resolves.toEqual({}),
      ],
    ])('ends the cached lookups at once on %s, on the very next request', async (_, type, project, expectAfter) => {
      clock = Date.now();
      await save({ disabled: false, tokensValidAfter: null, licences: [{ id: 'l1', isAdmin: true }] });
      await saveSession('s-c2');
      const { cache, authenticate: auth } = cached();
      const { token } = await tokens.issue({ sub: 'u1', sid: 's-c2' });
      await expect(auth(token)).resolves.toMatchObject({ licences: { l1: true } });
      await expect(auth(token)).resolves.toMatchObject({ licences: { l1: true } });
      // the command path observes its append, then the projection writes the read model
      cache.observe([{ type, data: { userId: 'u1', sessionId: 's-c2' }, position: 10 }]);
      await project();
      await expectAfter(auth(token));
    });

    it('answers synchronously (cached) only what the cache holds whole, as the authenticator would', async () => {
      clock = Date.now();
      await save({ disabled: false, tokensValidAfter: null, licences: [{ id: 'l1', isAdmin: true }] });
      await saveSession('s-c4');
      const { cache, authenticate: auth } = cached();
      const { token } = await tokens.issue({ sub: 'u1', sid: 's-c4' });
      // nothing looked up yet: the caller must await the authenticator
      expect(auth.cached(token)).toBeUndefined();
      const answer = await auth(token);
      expect(auth.cached(token)).toEqual(answer);
      expect(auth.cached(null)).toBeUndefined();
      expect(auth.cached(`stramien_pat_0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d_${'R'.repeat(43)}`)).toBeUndefined();
      // requests share the licences worked out once per cached user document: frozen, so none changes another's
      expect(Object.isFrozen(auth.cached(token)!.licences)).toBe(true);
      // a revocation sends the next request down the loading path, which refuses it
      cache.observe([{ type: 'UserSignedOut', data: { userId: 'u1', sessionId: 's-c4' }, position: 12 }]);
      expect(auth.cached(token)).toBeUndefined();
      await saveSession('s-c4', { revokedAt: 'x', _position: 12 });
      await expect(auth(token)).rejects.toThrow('Session revoked');
      // a cached answer that refuses throws as the authenticator rejects
      expect(() => auth.cached(token)).toThrow('Session revoked');
      // without a cache there is nothing to answer synchronously
      expect(authenticate.cached(token)).toBeUndefined();
    });

    it("keeps a verified token's claims until the token expires, and the documents for the TTL", async () => {
      clock = Date.now();
      await save({ disabled: false, tokensValidAfter: null, language: 'nl' });
      await saveSession('s-c5');
      let at = Date.now();
      const cache = createAuthCache({ now: () => at });
      let verified = 0;
      const counting = { ...tokens, verify: (token: string) => (verified++, tokens.verify(token)) };
      const auth = createAuthenticator({ tokens: counting, documentStore: store, cache });
      const { token } = await tokens.issue({ sub: 'u1', sid: 's-c5' });
      await expect(auth(token)).resolves.toMatchObject({ language: 'nl' });
      expect(verified).toBe(1);
      // past the TTL: the user and session are read again (the language change shows), the signature is not checked again
      await save({ language: 'de' });
      at += 3_000;
      expect(auth.cached(token)).toBeUndefined();
      await expect(auth(token)).resolves.toMatchObject({ language: 'de' });
      expect(verified).toBe(1);
      // a revoked session is refused though the claims are still kept
      cache.observe([{ type: 'UserSignedOut', data: { userId: 'u1', sessionId: 's-c5' }, position: 13 }]);
      await saveSession('s-c5', { revokedAt: 'x', _position: 13 });
      await expect(auth(token)).rejects.toThrow('Session revoked');
      expect(verified).toBe(1);
    });

    it('does not keep a document the read model wrote before a pending revocation', async () => {
      clock = Date.now();
      await save({ disabled: false, tokensValidAfter: null, _position: 5 });
      await saveSession('s-c3', { _position: 5 });
      const { cache, authenticate: auth } = cached();
      const { token } = await tokens.issue({ sub: 'u1', sid: 's-c3' });
      cache.observe([{ type: 'UserSignedOut', data: { userId: 'u1', sessionId: 's-c3' }, position: 9 }]);
      // the projection lags: the old session is served (as without a cache) but not kept
      await expect(auth(token)).resolves.toMatchObject({ userId: 'u1' });
      await saveSession('s-c3', { revokedAt: 'x', _position: 9 });
      await expect(auth(token)).rejects.toThrow('Session revoked');
    });

    it('ends a cached API token at once when it is revoked', async () => {
      const id = '0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
      const secret = 'R'.repeat(43);
      const doc = {
        _id: id,
        userId: 'u1',
        scopes: ['read'],
        secretHash: hashApiTokenSecret(secret),
        expiresAt: '2999-01-01T00:00:00.000Z',
      };
      await save({ disabled: false, tokensValidAfter: null });
      await store.collection('apiTokens').replaceOne({ _id: id }, { ...doc, revokedAt: null }, { upsert: true });
      const { cache, authenticate: auth } = cached();
      await expect(auth(`stramien_pat_${id}_${secret}`)).resolves.toMatchObject({ via: 'api-token' });
      cache.observe([{ type: 'ApiTokenRevoked', data: { tokenId: id, userId: 'u1' }, position: 11 }]);
      await store.collection('apiTokens').replaceOne({ _id: id }, { ...doc, revokedAt: 'now' }, { upsert: true });
      await expect(auth(`stramien_pat_${id}_${secret}`)).rejects.toThrow('API token revoked');
    });
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
