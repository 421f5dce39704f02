import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../shared/deciderSpec';
import { messages } from '../../shared/messages';
import type { ApiTokenEvent } from './apiToken';
import { API_TOKEN_PREFIX, apiTokenHint, formatApiToken, parseApiToken } from './apiTokenFormat';
import { apiTokenDecider, type ApiTokenCommand } from './decide';
import { apiTokenMessages } from './messages';

const spec = deciderSpec(apiTokenDecider);
const meta = (userId = 'u1') => ({ actor: { userId, licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' });
const hash = 'a'.repeat(64);
const tokenId = '2f0c6f0e-8a8b-4c39-9f3e-3b7d2d9c1a11';

const createBy = (actor = 'u1', over: Partial<Extract<ApiTokenCommand, { type: 'CreateApiToken' }>['data']> = {}): ApiTokenCommand => ({
  type: 'CreateApiToken',
  data: {
    tokenId,
    userId: 'u1',
    name: ' CI export ',
    scopes: ['read', 'write'],
    secretHash: hash,
    hint: 'xYz9',
    expiresAt: '2026-04-01T00:00:00.000Z',
    ...over,
  },
  metadata: meta(actor),
});
const created: ApiTokenEvent = {
  type: 'ApiTokenCreated',
  data: {
    tokenId,
    userId: 'u1',
    name: 'CI export',
    scopes: ['read', 'write'],
    secretHash: hash,
    hint: 'xYz9',
    expiresAt: '2026-04-01T00:00:00.000Z',
  },
};
const revokeBy = (actor = 'u1'): ApiTokenCommand => ({ type: 'RevokeApiToken', data: { tokenId }, metadata: meta(actor) });
const revoked: ApiTokenEvent = { type: 'ApiTokenRevoked', data: { tokenId, userId: 'u1', revokedBy: 'u1' } };

describe('ApiToken', () => {
  describe('when created', () => {
    it('records the hash of the secret, the trimmed name and the scopes', () => spec.given([]).when(createBy()).then([created]));
    it('keeps each scope once', () =>
      spec
        .given([])
        .when(createBy('u1', { scopes: ['read', 'read'] }))
        .then([{ type: 'ApiTokenCreated', data: { ...created.data, scopes: ['read'] } }]));
    it('refuses a token for another user', () => spec.given([]).when(createBy('u2')).thenThrows(messages.shared.forbidden, 403));
    it('refuses an id that is taken', () => spec.given([created]).when(createBy()).thenThrows(apiTokenMessages.alreadyExists, 409));
    it('refuses an expiry that is not in the future', () =>
      spec
        .given([])
        .when(createBy('u1', { expiresAt: '2026-01-01T00:00:00.000Z' }))
        .thenThrows(messages.shared.invalidInput, 400));
    it('refuses an empty scope list', () =>
      spec
        .given([])
        .when(createBy('u1', { scopes: [] }))
        .thenThrows(messages.shared.invalidInput, 400));
  });

  describe('when revoked', () => {
    it('records the revocation by its owner', () => spec.given([created]).when(revokeBy()).then([revoked]));
    it('answers not found to another user', () => spec.given([created]).when(revokeBy('u2')).thenThrows(apiTokenMessages.notFound, 404));
    it('answers not found for an unknown token', () => spec.given([]).when(revokeBy()).thenThrows(apiTokenMessages.notFound, 404));
    it('answers not found once revoked', () => spec.given([created, revoked]).when(revokeBy()).thenThrows(apiTokenMessages.notFound, 404));
  });
});

describe('API token format', () => {
  const secret = 'Q2hhbmdlTWVJbXBvcnRhbnRTZWNyZXRWYWx1ZTAxMjM0'.slice(0, 43);
  it('round-trips the id and the secret', () => {
    const plaintext = formatApiToken(tokenId, secret);
    expect(plaintext.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(parseApiToken(plaintext)).toEqual({ tokenId, secret });
    expect(apiTokenHint(plaintext)).toBe(secret.slice(-4));
  });
  it('refuses values not shaped like a token', () => {
    expect(parseApiToken('eyJhbGciOiJIUzI1NiJ9.x.y')).toBeNull();
    expect(parseApiToken(`${API_TOKEN_PREFIX}not-a-uuid_${secret}`)).toBeNull();
    expect(parseApiToken(`${API_TOKEN_PREFIX}${tokenId}_short`)).toBeNull();
  });
});
