import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { messages } from '../shared/messages';
import { userDecider, type UserCommand } from './decide';
import { accountMessages } from './messages';
import type { UserEvent } from './user';
import { userEmailDecider } from './userEmail';

const spec = deciderSpec(userDecider);
const T0 = '2026-01-01T10:00:00.000Z';
const at = (iso: string, userId = 'u1', isSystemAdmin = false) => ({ actor: { userId, licenceId: 'l1', isSystemAdmin }, now: iso });
const meta = (userId = 'u1', isSystemAdmin = false) => at(T0, userId, isSystemAdmin);
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString();

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ann@example.com',
    firstname: 'Ann',
    lastname: 'Smit',
    language: 'en',
    passwordHash: 'h0',
    isSystemAdmin: false,
  },
};
const inL1: UserEvent = { type: 'UserAddedToLicence', data: { userId: 'u1', licenceId: 'l1', isAdmin: false } };
const resetRequested: UserEvent = {
  type: 'UserPasswordResetRequested',
  data: { userId: 'u1', tokenHash: 'th1', requestedAt: T0, expiresAt: minutes(30) },
};
const invitedAccount: UserEvent[] = [
  { ...registered, data: { ...registered.data, firstname: '', lastname: '', passwordHash: 'nobody-knows' } },
  inL1,
  { type: 'UserInvited', data: { userId: 'u1', licenceId: 'l1', tokenHash: 'ih1', expiresAt: '2026-01-08T10:00:00.000Z' } },
];
const disabled: UserEvent = { type: 'UserDisabled', data: { userId: 'u1' } };

describe('User accounts', () => {
  describe('when changing the password', () => {
    const change = (currentPasswordValid: boolean, actor = 'u1'): UserCommand => ({
      type: 'ChangePassword',
      data: { passwordHash: 'h1', currentPasswordValid },
      metadata: meta(actor),
    });
    it('records the new hash when the current password is right', () =>
      spec
        .given([registered])
        .when(change(true))
        .then([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h1' } }]));
    it('refuses a wrong current password with a field message', () =>
      spec.given([registered]).when(change(false)).thenThrows(accountMessages.currentPasswordWrong, 422));
    it("refuses to change another user's password", () =>
      spec.given([registered]).when(change(true, 'u2')).thenThrows(messages.shared.forbidden, 403));
    it('refuses a disabled account', () =>
      spec.given([registered, disabled]).when(change(true)).thenThrows(accountMessages.accountDisabled, 403));
  });

  describe('when a reset link is requested', () => {
    const request = (now = T0, tokenHash = 'th1'): UserCommand => ({
      type: 'RequestPasswordReset',
      data: { tokenHash },
      metadata: at(now),
    });
    it('keeps the token hash with an expiry 30 minutes later', () => spec.given([registered]).when(request()).then([resetRequested]));
    it('does nothing for an unknown account', () => spec.given([]).when(request()).then([]));
    it('does nothing for a disabled account', () => spec.given([registered, disabled]).when(request()).then([]));
    it('sends no second link within a minute', () =>
      spec
        .given([registered, resetRequested])
        .when(request(minutes(0.5), 'th2'))
        .then([]));
    it('replaces the link after a minute', () =>
      spec
        .given([registered, resetRequested])
        .when(request(minutes(2), 'th2'))
        .then([
          { type: 'UserPasswordResetRequested', data: { userId: 'u1', tokenHash: 'th2', requestedAt: minutes(2), expiresAt: minutes(32) } },
        ]));
  });

  describe('when resetting the password', () => {
    const reset = (tokenHash: string, now = minutes(5)): UserCommand => ({
      type: 'ResetPassword',
      data: { tokenHash, passwordHash: 'h2' },
      metadata: at(now, 'anonymous'),
    });
    const resetDone: UserEvent = { type: 'UserPasswordReset', data: { userId: 'u1', passwordHash: 'h2' } };
    it('sets the new hash with the right token inside 30 minutes', () =>
      spec.given([registered, resetRequested]).when(reset('th1')).then([resetDone]));
    it('refuses a wrong token', () =>
      spec.given([registered, resetRequested]).when(reset('other')).thenThrows(accountMessages.resetTokenInvalid, 422));
    it('refuses the token once 30 minutes have passed', () =>
      spec
        .given([registered, resetRequested])
        .when(reset('th1', minutes(30)))
        .thenThrows(accountMessages.resetTokenInvalid, 422));
    it('refuses a token used before', () =>
      spec.given([registered, resetRequested, resetDone]).when(reset('th1')).thenThrows(accountMessages.resetTokenInvalid, 422));
    it('refuses the older token once a newer one was sent', () =>
      spec
        .given([
          registered,
          resetRequested,
          { type: 'UserPasswordResetRequested', data: { userId: 'u1', tokenHash: 'th2', requestedAt: minutes(2), expiresAt: minutes(32) } },
        ])
        .when(reset('th1'))
        .thenThrows(accountMessages.resetTokenInvalid, 422));
    it('refuses when no reset was requested, without telling whether the account exists', () => {
      spec.given([registered]).when(reset('th1')).thenThrows(accountMessages.resetTokenInvalid, 422);
      spec.given([]).when(reset('th1')).thenThrows(accountMessages.resetTokenInvalid, 422);
    });
    it('settles an open invitation: the account becomes active', () => {
      const state = fold(userDecider, [
        ...invitedAccount,
        { type: 'UserPasswordResetRequested', data: { userId: 'u1', tokenHash: 'th1', requestedAt: T0, expiresAt: minutes(30) } },
        resetDone,
      ]);
      expect(state.status).toBe('active');
      expect(state.invitation).toBeNull();
    });
  });

  describe('when inviting', () => {
    const invite = (over: Partial<Extract<UserCommand, { type: 'InviteUser' }>['data']> = {}): UserCommand => ({
      type: 'InviteUser',
      data: {
        userId: 'u1',
        email: 'Ann@Example.com',
        firstname: '',
        lastname: '',
        language: 'nl',
        licenceId: 'l1',
        isAdmin: false,
        tokenHash: 'ih1',
        passwordHash: 'nobody-knows',
        ...over,
      },
      metadata: meta('admin'),
    });
    it('registers a new account in the licence with an invitation that lasts 7 days', () =>
      spec
        .given([])
        .when(invite())
        .then([
          { ...invitedAccount[0]!, data: { ...(invitedAccount[0]!.data as object), language: 'nl' } } as UserEvent,
          inL1,
          invitedAccount[2]!,
        ]));
    it('only adds an existing account to the licence, without a token', () =>
      spec
        .given([registered])
        .when(invite({ licenceId: 'l2', isAdmin: true }))
        .then([{ type: 'UserAddedToLicence', data: { userId: 'u1', licenceId: 'l2', isAdmin: true } }]));
    it('does nothing for an account already in the licence', () => spec.given([registered, inL1]).when(invite()).then([]));
    it('sends a fresh link to an account that never set its password', () =>
      spec
        .given(invitedAccount)
        .when(invite({ tokenHash: 'ih2' }))
        .then([{ type: 'UserInvited', data: { userId: 'u1', licenceId: 'l1', tokenHash: 'ih2', expiresAt: '2026-01-08T10:00:00.000Z' } }]));
  });

  describe('when accepting an invitation', () => {
    const accept = (tokenHash: string, now = minutes(60)): UserCommand => ({
      type: 'AcceptInvitation',
      data: { tokenHash, passwordHash: 'h3', firstname: 'Ann', lastname: 'Smit' },
      metadata: at(now, 'anonymous'),
    });
    const accepted: UserEvent = {
      type: 'UserInvitationAccepted',
      data: { userId: 'u1', passwordHash: 'h3', firstname: 'Ann', lastname: 'Smit' },
    };
    it('sets name and password with the right token', () => spec.given(invitedAccount).when(accept('ih1')).then([accepted]));
    it('refuses a wrong token', () => spec.given(invitedAccount).when(accept('nope')).thenThrows(accountMessages.invitationInvalid, 422));
    it('refuses after 7 days', () =>
      spec.given(invitedAccount).when(accept('ih1', '2026-01-08T10:00:00.000Z')).thenThrows(accountMessages.invitationInvalid, 422));
    it('refuses a second use', () =>
      spec
        .given([...invitedAccount, accepted])
        .when(accept('ih1'))
        .thenThrows(accountMessages.invitationInvalid, 422));
    it('refuses an account that was not invited', () =>
      spec.given([registered]).when(accept('ih1')).thenThrows(accountMessages.invitationInvalid, 422));
  });

  describe('when signing in to a disabled account', () => {
    const signIn = (credentialsValid: boolean): UserCommand => ({
      type: 'SignIn',
      data: { sessionId: 's1', deviceId: null, userAgent: null, credentialsValid },
      metadata: meta(),
    });
    it('refuses the right password with the disabled message', () =>
      spec.given([registered, disabled]).when(signIn(true)).thenThrows(accountMessages.accountDisabled, 403));
    it('records a wrong password like for any account', () =>
      spec
        .given([registered, disabled])
        .when(signIn(false))
        .then([{ type: 'UserSignInFailed', data: { userId: 'u1', reason: 'bad-credentials' } }]));
  });

  describe('when administering', () => {
    const command = (type: 'DisableUser' | 'EnableUser', actor = 'admin', isSystemAdmin = false): UserCommand => ({
      type,
      data: {},
      metadata: meta(actor, isSystemAdmin),
    });
    it('disables and enables an account', () => {
      spec.given([registered]).when(command('DisableUser')).then([disabled]);
      spec
        .given([registered, disabled])
        .when(command('EnableUser'))
        .then([{ type: 'UserEnabled', data: { userId: 'u1' } }]);
    });
    it('appends nothing when the account already is so', () => {
      spec.given([registered, disabled]).when(command('DisableUser')).then([]);
      spec.given([registered]).when(command('EnableUser')).then([]);
    });
    it('refuses to disable oneself', () =>
      spec.given([registered]).when(command('DisableUser', 'u1')).thenThrows(accountMessages.cannotDisableSelf, 422));
    it('lets only a system admin disable a system admin', () => {
      const sysadmin: UserEvent = { ...registered, data: { ...registered.data, isSystemAdmin: true } } as UserEvent;
      spec.given([sysadmin]).when(command('DisableUser')).thenThrows(accountMessages.onlySystemAdminForSystemAdmin, 403);
      spec
        .given([sysadmin])
        .when(command('DisableUser', 'root', true))
        .then([disabled]);
    });
    it('answers 404 for an unknown account', () =>
      spec.given([]).when(command('DisableUser')).thenThrows(accountMessages.userNotFound, 404));

    const setAdmin = (isAdmin: boolean, actor = 'admin', licenceId = 'l1'): UserCommand => ({
      type: 'SetLicenceAdmin',
      data: { licenceId, isAdmin },
      metadata: meta(actor),
    });
    it('changes the licence admin flag of a member', () =>
      spec
        .given([registered, inL1])
        .when(setAdmin(true))
        .then([{ type: 'UserLicenceAdminChanged', data: { userId: 'u1', licenceId: 'l1', isAdmin: true } }]));
    it('refuses a licence the user is not in', () =>
      spec
        .given([registered, inL1])
        .when(setAdmin(true, 'admin', 'l2'))
        .thenThrows(accountMessages.notInLicence, 404));
    it('refuses to remove one’s own admin rights', () =>
      spec
        .given([registered, { ...inL1, data: { ...inL1.data, isAdmin: true } } as UserEvent])
        .when(setAdmin(false, 'u1'))
        .thenThrows(accountMessages.cannotDemoteSelf, 422));

    const remove = (actor = 'admin'): UserCommand => ({ type: 'RemoveUserFromLicence', data: { licenceId: 'l1' }, metadata: meta(actor) });
    it('removes a member from the licence', () =>
      spec
        .given([registered, inL1])
        .when(remove())
        .then([{ type: 'UserRemovedFromLicence', data: { userId: 'u1', licenceId: 'l1' } }]));
    it('refuses to remove oneself', () =>
      spec.given([registered, inL1]).when(remove('u1')).thenThrows(accountMessages.cannotRemoveSelf, 422));
  });
});

describe('UserEmail reservation', () => {
  const reserve = (userId: string): Parameters<typeof userEmailDecider.decide>[0] => ({
    type: 'ReserveUserEmail',
    data: { email: ' Ann@Example.com ', userId },
    metadata: meta(),
  });
  it('reserves a free address for the user, normalised', () =>
    deciderSpec(userEmailDecider)
      .given([])
      .when(reserve('u1'))
      .then([{ type: 'UserEmailReserved', data: { email: 'ann@example.com', userId: 'u1' } }]));
  it('appends nothing for a taken address and keeps the first owner', () => {
    const given = [{ type: 'UserEmailReserved' as const, data: { email: 'ann@example.com', userId: 'u1' } }];
    deciderSpec(userEmailDecider).given(given).when(reserve('u2')).then([]);
    expect(fold(userEmailDecider, given).ownerId).toBe('u1');
  });
});
