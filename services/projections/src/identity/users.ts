import type { Doc } from '@stramien/infra';
import type { EventEnvelope, UserEvent } from '@stramien/domain';
import { fullName } from '@stramien/domain';
import type { Projection } from '../runner/projection';

export interface UserDoc extends Doc {
  _id: string;
  email: string;
  firstname: string;
  lastname: string;
  name: string;
  language: 'en' | 'nl' | 'de';
  isSystemAdmin: boolean;
  twoFactorEnabled: boolean;
  disabled: boolean;
  licences: { id: string; isAdmin: boolean }[];
  /** the password hash stays on the write side: sign-in reads the user stream */
  createdAt: string;
  lastSignInAt: string | null;
}

type E<T extends UserEvent['type']> = EventEnvelope<Extract<UserEvent, { type: T }>>;

export const usersProjection: Projection<UserDoc> = {
  name: 'users',
  collection: 'users',
  eventTypes: ['UserRegistered', 'UserAddedToLicence', 'UserProfileUpdated', 'UserSignedIn'],
  documentIds: (event) => [(event.data as { userId: string }).userId],
  indexes: [{ keys: { email: 1 }, unique: true }, { keys: { 'licences.id': 1 } }],
  evolve(doc, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const d = (event as E<'UserRegistered'>).data;
        return {
          _id: d.userId,
          email: d.email,
          firstname: d.firstname,
          lastname: d.lastname,
          name: fullName(d),
          language: d.language,
          isSystemAdmin: d.isSystemAdmin,
          twoFactorEnabled: false,
          disabled: false,
          licences: [],
          createdAt: event.metadata.occurredAt,
          lastSignInAt: null,
        };
      }
      case 'UserAddedToLicence': {
        if (!doc) return doc;
        const d = (event as E<'UserAddedToLicence'>).data;
        return { ...doc, licences: [...doc.licences.filter((l) => l.id !== d.licenceId), { id: d.licenceId, isAdmin: d.isAdmin }] };
      }
      case 'UserProfileUpdated': {
        if (!doc) return doc;
        const d = (event as E<'UserProfileUpdated'>).data;
        const next = {
          ...doc,
          firstname: d.firstname ?? doc.firstname,
          lastname: d.lastname ?? doc.lastname,
          language: d.language ?? doc.language,
        };
        return { ...next, name: fullName(next) };
      }
      case 'UserSignedIn':
        return doc ? { ...doc, lastSignInAt: event.metadata.occurredAt } : doc;
      default:
        return doc;
    }
  },
};
