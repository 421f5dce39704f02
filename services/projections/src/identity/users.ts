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
  /** 'invited': the account has not set its own password yet */
  status?: 'active' | 'invited';
  /** when the current password was set (registration, change, reset, accepted invitation); null while invited */
  passwordChangedAt?: string | null;
  /**
   * epoch seconds (millisecond precision): access tokens issued before stop working (the authenticator checks
   * it). Set by a password change or reset and by disabling the account.
   */
  tokensValidAfter?: number | null;
  /** the open invitation, to find the account by the hash of the invitation token */
  invitation?: { tokenHash: string; licenceId: string; expiresAt: string } | null;
}

type E<T extends UserEvent['type']> = EventEnvelope<Extract<UserEvent, { type: T }>>;

/** tokens issued before this event stop working: its time in epoch seconds, to the millisecond */
const revokeFrom = (event: EventEnvelope): number => Date.parse(event.metadata.occurredAt) / 1000;

export const usersProjection: Projection<UserDoc> = {
  name: 'users',
  collection: 'users',
  eventTypes: [
    'UserRegistered',
    'UserAddedToLicence',
    'UserProfileUpdated',
    'UserSignedIn',
    'UserPasswordChanged',
    'UserPasswordReset',
    'UserInvited',
    'UserInvitationAccepted',
    'UserDisabled',
    'UserEnabled',
    'UserLicenceAdminChanged',
    'UserRemovedFromLicence',
  ],
  documentIds: (event) => [(event.data as { userId: string }).userId],
  indexes: [{ keys: { email: 1 }, unique: true }, { keys: { 'licences.id': 1 } }, { keys: { 'invitation.tokenHash': 1 } }],
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
          status: 'active',
          passwordChangedAt: event.metadata.occurredAt,
          tokensValidAfter: null,
          invitation: null,
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
      case 'UserPasswordChanged':
      case 'UserPasswordReset':
        return doc
          ? {
              ...doc,
              status: 'active',
              invitation: null,
              passwordChangedAt: event.metadata.occurredAt,
              tokensValidAfter: revokeFrom(event),
            }
          : doc;
      case 'UserInvited': {
        if (!doc) return doc;
        const { tokenHash, licenceId, expiresAt } = (event as E<'UserInvited'>).data;
        return { ...doc, status: 'invited', passwordChangedAt: null, invitation: { tokenHash, licenceId, expiresAt } };
      }
      case 'UserInvitationAccepted': {
        if (!doc) return doc;
        const { firstname, lastname } = (event as E<'UserInvitationAccepted'>).data;
        return {
          ...doc,
          firstname,
          lastname,
          name: fullName({ firstname, lastname }),
          status: 'active',
          invitation: null,
          passwordChangedAt: event.metadata.occurredAt,
        };
      }
      case 'UserDisabled':
        return doc ? { ...doc, disabled: true, tokensValidAfter: revokeFrom(event) } : doc;
      case 'UserEnabled':
        return doc ? { ...doc, disabled: false } : doc;
      case 'UserLicenceAdminChanged': {
        if (!doc) return doc;
        const d = (event as E<'UserLicenceAdminChanged'>).data;
        return { ...doc, licences: doc.licences.map((l) => (l.id === d.licenceId ? { ...l, isAdmin: d.isAdmin } : l)) };
      }
      case 'UserRemovedFromLicence': {
        if (!doc) return doc;
        const d = (event as E<'UserRemovedFromLicence'>).data;
        return { ...doc, licences: doc.licences.filter((l) => l.id !== d.licenceId) };
      }
      default:
        return doc;
    }
  },
};
