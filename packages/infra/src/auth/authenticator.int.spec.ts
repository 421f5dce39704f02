import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDocumentStore } from '../documentStore/embeddedDocumentStore';
import type { DocumentStore } from '../documentStore/documentStore';
import { createAuthenticator, UnauthenticatedError } from './authenticator';
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
});
