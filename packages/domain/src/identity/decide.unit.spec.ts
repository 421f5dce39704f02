import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { userDecider, type UserCommand } from './decide';
import type { UserEvent } from './user';
import { messages } from '../shared/messages';
import { accountMessages } from './messages';

const spec = deciderSpec(userDecider);
const meta = (userId = 'u1', isSystemAdmin = false) => ({
  actor: { userId, licenceId: 'l1', isSystemAdmin },
  now: '2026-01-01T00:00:00.000Z',
});
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ann@example.com',
    firstname: 'Ann',
    lastname: 'Smit',
    language: 'en',
    passwordHash: 'h',
    isSystemAdmin: false,
  },
};
const signIn = (deviceId: string | null, credentialsValid = true): UserCommand => ({
  type: 'SignIn',
  data: { sessionId: 's1', deviceId, userAgent: null, credentialsValid },
  metadata: meta(),
});

describe('User', () => {
  describe('when registering', () => {
    it('lower-cases the e-mail address', () =>
      spec
        .given([])
        .when({ type: 'RegisterUser', data: { ...registered.data, email: 'Ann@Example.com' }, metadata: meta() })
        .then([registered]));
    it('refuses a second registration of the same user', () =>
      spec
        .given([registered])
        .when({ type: 'RegisterUser', data: registered.data, metadata: meta() })
        .thenThrows(messages.identity.emailTaken, 409));
  });

  describe('when signing in', () => {
    it('records a sign-in from an unseen browser as a new device', () =>
      spec
        .given([registered])
        .when(signIn('device-a'))
        .then([{ type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's1', deviceId: 'device-a', newDevice: true, userAgent: null } }]));
    it('does not flag a browser it has seen before', () =>
      spec
        .given([
          registered,
          { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's0', deviceId: 'device-a', newDevice: true, userAgent: null } },
        ])
        .when(signIn('device-a'))
        .then([
          { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's1', deviceId: 'device-a', newDevice: false, userAgent: null } },
        ]));
    it('records a failed attempt for bad credentials', () =>
      spec
        .given([registered])
        .when(signIn('device-a', false))
        .then([{ type: 'UserSignInFailed', data: { userId: 'u1', reason: 'bad-credentials' } }]));
    it('refuses an unknown user with the same message as a bad password', () =>
      spec.given([]).when(signIn(null)).thenThrows(messages.identity.invalidCredentials, 401));
  });

  describe('when updating the profile', () => {
    it('refuses another ordinary user of the same licence', () =>
      spec
        .given([registered, { type: 'UserAddedToLicence', data: { userId: 'u1', licenceId: 'l1', isAdmin: false } }])
        .when({
          type: 'UpdateUserProfile',
          data: { language: 'nl' },
          metadata: { ...meta('u2'), actor: { userId: 'u2', licenceId: 'l1', licences: { l1: false } } },
        })
        .thenThrows(messages.shared.forbidden, 403));
    it('lets a licence admin of a licence the user belongs to change it', () =>
      spec
        .given([registered, { type: 'UserAddedToLicence', data: { userId: 'u1', licenceId: 'l1', isAdmin: false } }])
        .when({
          type: 'UpdateUserProfile',
          data: { language: 'nl' },
          metadata: { ...meta('u2'), actor: { userId: 'u2', licenceId: 'l1', licences: { l1: true } } },
        })
        .then([{ type: 'UserProfileUpdated', data: { userId: 'u1', language: 'nl' } }]));
    it('answers 404 to a user who shares no licence with them', () =>
      spec
        .given([registered, { type: 'UserAddedToLicence', data: { userId: 'u1', licenceId: 'l1', isAdmin: false } }])
        .when({
          type: 'UpdateUserProfile',
          data: { language: 'nl' },
          metadata: { ...meta('u2'), actor: { userId: 'u2', licenceId: 'l2', licences: { l2: true } } },
        })
        .thenThrows('User not found', 404));
    it('lets a system admin change it', () =>
      spec
        .given([registered])
        .when({ type: 'UpdateUserProfile', data: { language: 'nl' }, metadata: meta('u2', true) })
        .then([{ type: 'UserProfileUpdated', data: { userId: 'u1', language: 'nl' } }]));
    it('appends nothing when nothing changes', () =>
      spec
        .given([registered])
        .when({ type: 'UpdateUserProfile', data: { language: 'en' }, metadata: meta() })
        .then([]));
  });
});

describe('User', () => {
  describe('when a licence admin changes the profile of another account (issue 6, D2)', () => {
    const inLicences = (licences: Record<string, boolean>): UserEvent[] =>
      Object.entries(licences).map(([licenceId, isAdmin]) => ({ type: 'UserAddedToLicence', data: { userId: 'u1', licenceId, isAdmin } }));
    const rename = (licences: Record<string, boolean>): UserCommand => ({
      type: 'UpdateUserProfile',
      data: { firstname: 'Renamed' },
      metadata: { actor: { userId: 'admin', licenceId: 'l1', isSystemAdmin: false, licences }, now: '2026-01-01T00:00:00.000Z' },
    });
    const renamed: UserEvent = { type: 'UserProfileUpdated', data: { userId: 'u1', firstname: 'Renamed' } };

    it('allows it for an account of their licence alone', () =>
      spec
        .given([registered, ...inLicences({ l1: false })])
        .when(rename({ l1: true }))
        .then([renamed]));
    it('refuses an account that also works in a licence they do not administer', () =>
      spec
        .given([registered, ...inLicences({ l1: false, l2: false })])
        .when(rename({ l1: true }))
        .thenThrows(accountMessages.otherLicencesNeedSystemAdmin, 403));
    it('refuses a system admin, even one added to their licence', () =>
      spec
        .given([{ ...registered, data: { ...registered.data, isSystemAdmin: true } } as UserEvent, ...inLicences({ l1: false })])
        .when(rename({ l1: true }))
        .thenThrows(accountMessages.onlySystemAdminForSystemAdmin, 403));
    it('does not confirm an account that shares no licence with them', () =>
      spec
        .given([registered, ...inLicences({ l2: false })])
        .when(rename({ l1: true }))
        .thenThrows(accountMessages.userNotFound, 404));
  });
});
