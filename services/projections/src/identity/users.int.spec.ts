import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toUserStreamId, type UserEvent } from '@stramien/domain';
import { usersProjection, type UserDoc } from './users';
import { startProjection, type ProjectionHarness } from '../testing/projectionHarness';

const U = 'u-1';
const stream = toUserStreamId(U);
let read: ProjectionHarness;
beforeEach(async () => {
  read = await startProjection(usersProjection);
});
afterEach(() => read.stop());

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: U, email: 'ann@x.nl', firstname: 'Ann', lastname: 'Smit', language: 'nl', passwordHash: 'h', isSystemAdmin: false },
};
const history: (UserEvent & { at?: string })[] = [
  { ...registered, at: '2026-01-01T00:00:00.000Z' },
  { type: 'UserAddedToLicence', data: { userId: U, licenceId: 'l1', isAdmin: false } },
  { type: 'UserAddedToLicence', data: { userId: U, licenceId: 'l2', isAdmin: true } },
  { type: 'UserProfileUpdated', data: { userId: U, lastname: 'de Vries', language: 'de' } },
  {
    type: 'UserSignedIn',
    data: { userId: U, sessionId: 's1', deviceId: 'd1', newDevice: true, userAgent: null },
    at: '2026-01-02T08:00:00.000Z',
  },
  { type: 'UserLicenceAdminChanged', data: { userId: U, licenceId: 'l1', isAdmin: true } },
  { type: 'UserRemovedFromLicence', data: { userId: U, licenceId: 'l2' } },
];

describe('the users read model', () => {
  it('holds a registered user with their profile, licences and last sign-in', async () => {
    await read.append(stream, history);
    expect(await read.find(U)).toMatchObject({
      email: 'ann@x.nl',
      firstname: 'Ann',
      lastname: 'de Vries',
      name: 'Ann de Vries',
      language: 'de',
      isSystemAdmin: false,
      twoFactorEnabled: false,
      disabled: false,
      licences: [{ id: 'l1', isAdmin: true }],
      createdAt: '2026-01-01T00:00:00.000Z',
      lastSignInAt: '2026-01-02T08:00:00.000Z',
      status: 'active',
      passwordChangedAt: '2026-01-01T00:00:00.000Z',
      tokensValidAfter: null,
      invitation: null,
    } satisfies Partial<UserDoc>);
  });

  describe('when invited', () => {
    it('keeps the open invitation until it is accepted, then the chosen name and an active status', async () => {
      const invitation = { tokenHash: 'th', licenceId: 'l1', expiresAt: '2026-01-08T00:00:00.000Z' };
      await read.append(stream, [registered, { type: 'UserInvited', data: { userId: U, ...invitation } }]);
      expect(await read.find(U)).toMatchObject({ status: 'invited', passwordChangedAt: null, invitation });
      await read.append(stream, [
        {
          type: 'UserInvitationAccepted',
          data: { userId: U, passwordHash: 'h2', firstname: 'Anna', lastname: 'Bakker' },
          at: '2026-01-03T00:00:00.000Z',
        },
      ]);
      expect(await read.find(U)).toMatchObject({
        name: 'Anna Bakker',
        status: 'active',
        invitation: null,
        passwordChangedAt: '2026-01-03T00:00:00.000Z',
      });
    });
  });

  describe('when the password changes or the account is disabled', () => {
    it('revokes the tokens issued before, to the millisecond', async () => {
      await read.append(stream, [
        registered,
        { type: 'UserPasswordChanged', data: { userId: U, passwordHash: 'h2' }, at: '2026-01-05T10:00:00.250Z' },
      ]);
      expect(await read.find(U)).toMatchObject({
        passwordChangedAt: '2026-01-05T10:00:00.250Z',
        tokensValidAfter: Date.parse('2026-01-05T10:00:00.250Z') / 1000,
      });
      await read.append(stream, [{ type: 'UserDisabled', data: { userId: U }, at: '2026-01-06T00:00:00.000Z' }]);
      expect(await read.find(U)).toMatchObject({ disabled: true, tokensValidAfter: Date.parse('2026-01-06T00:00:00.000Z') / 1000 });
      await read.append(stream, [{ type: 'UserEnabled', data: { userId: U } }]);
      expect(await read.find(U)).toMatchObject({ disabled: false });
    });
  });

  it('ignores events of a user it never saw registered', async () => {
    await read.append(toUserStreamId('ghost'), [{ type: 'UserAddedToLicence', data: { userId: 'ghost', licenceId: 'l1', isAdmin: true } }]);
    expect(await read.find('ghost')).toBeNull();
  });

  it('leaves the same document when the same events are handled twice', async () => {
    await read.append(stream, history);
    const { once, twice } = await read.handleTwice([stream], U);
    expect(once).toMatchObject({ name: 'Ann de Vries', licences: [{ id: 'l1', isAdmin: true }] });
    expect(twice).toEqual(once);
  });
});
