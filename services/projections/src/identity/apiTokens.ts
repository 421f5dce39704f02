import type { Doc } from '@stramien/infra';
import type { ApiTokenEvent, ApiTokenScope, EventEnvelope } from '@stramien/domain';
import type { Projection } from '../runner/projection';

/** An API token as the authenticator checks it: the SHA-256 hash of its secret, never the secret. */
export interface ApiTokenDoc extends Doc {
  _id: string;
  userId: string;
  name: string;
  scopes: ApiTokenScope[];
  /** hex SHA-256 of the secret part of the plaintext token */
  secretHash: string;
  /** last four characters of the plaintext token */
  hint: string;
  /** ISO time after which the token no longer authenticates */
  expiresAt: string;
  createdAt: string;
  revokedAt: string | null;
}

type E<T extends ApiTokenEvent['type']> = EventEnvelope<Extract<ApiTokenEvent, { type: T }>>;

/** API tokens by id; a revoked one stays (revokedAt set) so the authenticator refuses it. */
export const apiTokensProjection: Projection<ApiTokenDoc> = {
  name: 'apiTokens',
  collection: 'apiTokens',
  eventTypes: ['ApiTokenCreated', 'ApiTokenRevoked'],
  documentIds: (event) => [(event.data as { tokenId: string }).tokenId],
  indexes: [{ keys: { userId: 1 } }],
  evolve(doc, event, id) {
    switch (event.type) {
      case 'ApiTokenCreated': {
        const d = (event as E<'ApiTokenCreated'>).data;
        return {
          _id: id,
          userId: d.userId,
          name: d.name,
          scopes: d.scopes,
          secretHash: d.secretHash,
          hint: d.hint,
          expiresAt: d.expiresAt,
          createdAt: event.metadata.occurredAt,
          revokedAt: null,
        };
      }
      case 'ApiTokenRevoked':
        return doc ? { ...doc, revokedAt: event.metadata.occurredAt } : doc;
      default:
        return doc;
    }
  },
};
