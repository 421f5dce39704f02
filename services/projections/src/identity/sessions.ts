import type { Doc } from '@stramien/infra';
import type { EventEnvelope, UserEvent } from '@stramien/domain';
import type { Projection } from '../runner/projection';

export interface SessionDoc extends Doc {
  _id: string;
  userId: string;
  deviceId: string | null;
  userAgent: string | null;
  signedInAt: string;
  revokedAt: string | null;
}

type E<T extends UserEvent['type']> = EventEnvelope<Extract<UserEvent, { type: T }>>;

/** Sign-in sessions; a revoked one stops its access tokens on the next request. */
export const sessionsProjection: Projection<SessionDoc> = {
  name: 'sessions',
  collection: 'sessions',
  eventTypes: ['UserSignedIn', 'UserSignedOut'],
  documentIds: (event) => [(event.data as { sessionId: string }).sessionId],
  indexes: [{ keys: { userId: 1 } }],
  evolve(doc, event, id) {
    switch (event.type) {
      case 'UserSignedIn': {
        const d = (event as E<'UserSignedIn'>).data;
        return {
          _id: id,
          userId: d.userId,
          deviceId: d.deviceId,
          userAgent: d.userAgent,
          signedInAt: event.metadata.occurredAt,
          revokedAt: null,
        };
      }
      case 'UserSignedOut':
        return doc ? { ...doc, revokedAt: event.metadata.occurredAt } : doc;
      default:
        return doc;
    }
  },
};
