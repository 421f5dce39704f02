import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toApiTokenStreamId, type ApiTokenEvent } from '@stramien/domain';
import { apiTokensProjection, type ApiTokenDoc } from './apiTokens';
import { startProjection, type ProjectionHarness } from '../testing/projectionHarness';

const T = 't-1';
const stream = toApiTokenStreamId(T);
let read: ProjectionHarness;
beforeEach(async () => {
  read = await startProjection(apiTokensProjection);
});
afterEach(() => read.stop());

const created: ApiTokenEvent & { at: string } = {
  type: 'ApiTokenCreated',
  data: {
    tokenId: T,
    userId: 'u-1',
    name: 'CI export',
    scopes: ['read'],
    secretHash: 'a'.repeat(64),
    hint: 'wxyz',
    expiresAt: '2026-04-01T00:00:00.000Z',
  },
  at: '2026-01-01T00:00:00.000Z',
};

describe('the API tokens read model', () => {
  it('holds a token by id with its owner, scopes, hash, hint and expiry', async () => {
    await read.append(stream, [created]);
    expect(await read.find(T)).toMatchObject({
      userId: 'u-1',
      name: 'CI export',
      scopes: ['read'],
      secretHash: 'a'.repeat(64),
      hint: 'wxyz',
      expiresAt: '2026-04-01T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
      revokedAt: null,
    } satisfies Partial<ApiTokenDoc>);
  });

  describe('when revoked', () => {
    it('keeps the token with the time it was revoked, so the authenticator refuses it', async () => {
      await read.append(stream, [
        created,
        { type: 'ApiTokenRevoked', data: { tokenId: T, userId: 'u-1', revokedBy: 'u-1' }, at: '2026-01-02T00:00:00.000Z' },
      ]);
      expect(await read.find(T)).toMatchObject({ name: 'CI export', revokedAt: '2026-01-02T00:00:00.000Z' });
    });
  });

  it('leaves the same document when the same events are handled twice', async () => {
    await read.append(stream, [
      created,
      { type: 'ApiTokenRevoked', data: { tokenId: T, userId: 'u-1', revokedBy: 'u-1' }, at: '2026-01-02T00:00:00.000Z' },
    ]);
    const { once, twice } = await read.handleTwice([stream], T);
    expect(once).toMatchObject({ revokedAt: '2026-01-02T00:00:00.000Z' });
    expect(twice).toEqual(once);
  });
});
