import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, identityRoutes } from '@stramien/api';
import { accountMessages, format, messages } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { createLicence, createUser, demoLicenceId, failure, uniqueEmail, waitForMail, type TestUser } from './accountTesting';

let server: TestServer;
let adminToken: string;
let licenceId: string;
let otherLicenceId: string;
let licenceAdmin: TestUser;
let member: TestUser;
let outsider: TestUser;
let userToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.signIn(DEMO.admin);
  userToken = await server.signIn(DEMO.user);
  licenceId = await demoLicenceId(server, adminToken);
  otherLicenceId = await createLicence(server, 'Elsewhere BV');
  licenceAdmin = await createUser(server, adminToken, licenceId, { label: 'ladmin', isAdmin: true });
  member = await createUser(server, adminToken, licenceId, { label: 'member' });
  outsider = await createUser(server, adminToken, otherLicenceId, { label: 'outsider', isAdmin: true });
});
afterAll(async () => {
  await server?.close();
});

const api = (token: string) => server.api(token);

describe('GET /api/users and GET /api/license/:id/users', () => {
  it('lists the users of the licence to its admin, with their admin flag, filtered by search', async () => {
    const { data } = await api(licenceAdmin.token).call(accountRoutes.listUsers, { query: { license: licenceId } });
    expect(data.map((u) => u.email)).toEqual(expect.arrayContaining([DEMO.user.email, member.email, licenceAdmin.email]));
    expect(data.map((u) => u.email)).not.toContain(outsider.email);
    expect(data.find((u) => u.email === licenceAdmin.email)).toMatchObject({ is_admin: true, status: 'active', disabled: false });
    const searched = await api(licenceAdmin.token).call(accountRoutes.listUsers, { query: { license: licenceId, search: 'MEMBER' } });
    expect(searched.data.map((u) => u.email)).toEqual([member.email]);
    const same = await api(licenceAdmin.token).call(accountRoutes.licenceUsers, { params: { id: licenceId } });
    expect(same.data.map((u) => u.id).sort()).toEqual(data.map((u) => u.id).sort());
  });

  it('does not show a licence admin the other licences of a user', async () => {
    await api(adminToken).call(accountRoutes.addLicenceUser, { params: { id: otherLicenceId }, body: { user_id: member.id } });
    const { data } = await api(licenceAdmin.token).call(accountRoutes.listUsers, { query: { license: licenceId } });
    expect(data.find((u) => u.id === member.id)!.licenses).toEqual([{ id: licenceId, is_admin: false }]);
    await api(adminToken).call(accountRoutes.removeLicenceUser, { params: { id: otherLicenceId, userId: member.id } });
  });

  it('lists every user to a system admin without a licence filter', async () => {
    const { data } = await api(adminToken).call(accountRoutes.listUsers);
    expect(data.map((u) => u.email)).toEqual(expect.arrayContaining([outsider.email, member.email]));
    expect(data.every((u) => u.is_admin === null)).toBe(true);
  });

  it('refuses a member without the admin flag with 403', async () => {
    expect((await failure(api(userToken).call(accountRoutes.listUsers, { query: { license: licenceId } }))).status).toBe(403);
    expect((await failure(api(userToken).call(accountRoutes.listUsers))).status).toBe(403);
    expect((await failure(api(userToken).call(accountRoutes.licenceUsers, { params: { id: licenceId } }))).status).toBe(403);
  });

  it('answers 404 for another licence, and for an unknown one', async () => {
    expect((await failure(api(licenceAdmin.token).call(accountRoutes.listUsers, { query: { license: otherLicenceId } }))).status).toBe(404);
    expect((await failure(api(licenceAdmin.token).call(accountRoutes.licenceUsers, { params: { id: otherLicenceId } }))).status).toBe(404);
    const unknown = '7d3c3a52-0000-4000-8000-000000000000';
    expect((await failure(api(adminToken).call(accountRoutes.licenceUsers, { params: { id: unknown } }))).status).toBe(404);
  });

  it('refuses a malformed licence id with 400', async () => {
    const res = await fetch(`${server.url}/api/users?license=nope`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/user', () => {
  it('creates an invited user in the licence and mails the invitation', async () => {
    const email = uniqueEmail('created');
    const res = await api(licenceAdmin.token).call(accountRoutes.createUser, {
      body: { email, firstname: 'Cas', lastname: 'Created', license: licenceId, is_admin: true },
    });
    expect(res.data).toMatchObject({ email, name: 'Cas Created', is_admin: true, status: 'invited', disabled: false });
    const mail = await waitForMail(server, adminToken, email);
    expect(mail.text).toMatch(/\/invite\/[A-Za-z0-9_-]{43}/);
  });

  it('answers 409 for an address that has an account', async () => {
    const error = await failure(
      api(licenceAdmin.token).call(accountRoutes.createUser, {
        body: { email: DEMO.user.email, firstname: 'A', lastname: 'B', license: licenceId },
      }),
    );
    expect([error.status, error.message]).toEqual([409, messages.identity.emailTaken]);
  });

  it('refuses a non-admin with 403 and another licence with 404', async () => {
    const body = { email: uniqueEmail('nope'), firstname: 'A', lastname: 'B', license: licenceId };
    expect((await failure(api(userToken).call(accountRoutes.createUser, { body }))).status).toBe(403);
    expect(
      (await failure(api(licenceAdmin.token).call(accountRoutes.createUser, { body: { ...body, license: otherLicenceId } }))).status,
    ).toBe(404);
  });
});

describe('POST /api/license/:id/user, PUT and DELETE /api/license/:id/user/:userId', () => {
  it('adds an existing user by e-mail, makes them licence admin, and removes them again', async () => {
    const added = await api(outsider.token).call(accountRoutes.addLicenceUser, {
      params: { id: otherLicenceId },
      body: { email: DEMO.user.email },
    });
    expect(added.message).toBe(format(accountMessages.invitationSent, { email: DEMO.user.email }));
    await waitForMail(server, adminToken, DEMO.user.email, (m) => m.subject === 'You now have access to Elsewhere BV on Stramien');
    const demoUserId = (await api(userToken).call(identityRoutes.currentUser)).id;

    const promoted = await api(outsider.token).call(accountRoutes.setLicenceAdmin, {
      params: { id: otherLicenceId, userId: demoUserId },
      body: { is_admin: true },
    });
    expect(promoted.data.is_admin).toBe(true);
    // the new flag counts on the next request
    const list = await api(userToken).call(accountRoutes.licenceUsers, { params: { id: otherLicenceId } });
    expect(list.data.map((u) => u.email)).toContain(outsider.email);

    const removed = await api(outsider.token).call(accountRoutes.removeLicenceUser, {
      params: { id: otherLicenceId, userId: demoUserId },
    });
    expect(removed.message).toBe(format(accountMessages.userUpdated, { name: 'Demo User' }));
    expect((await failure(api(userToken).call(accountRoutes.licenceUsers, { params: { id: otherLicenceId } }))).status).toBe(404);
  });

  it('invites an unknown address, and answers 404 for a user outside the licence', async () => {
    const ghost = uniqueEmail('ghost');
    const invited = await api(outsider.token).call(accountRoutes.addLicenceUser, {
      params: { id: otherLicenceId },
      body: { email: ghost },
    });
    expect(invited.message).toBe(format(accountMessages.invitationSent, { email: ghost }));
    await waitForMail(server, adminToken, ghost, (m) => m.text.includes('/invite/'));
    const hidden = await failure(
      api(outsider.token).call(accountRoutes.addLicenceUser, { params: { id: otherLicenceId }, body: { user_id: member.id } }),
    );
    expect(hidden.status).toBe(404);
    const notMember = await failure(
      api(outsider.token).call(accountRoutes.setLicenceAdmin, {
        params: { id: otherLicenceId, userId: member.id },
        body: { is_admin: true },
      }),
    );
    expect(notMember.status).toBe(404);
  });

  it('refuses an admin removing their own admin flag', async () => {
    const error = await failure(
      api(outsider.token).call(accountRoutes.setLicenceAdmin, {
        params: { id: otherLicenceId, userId: outsider.id },
        body: { is_admin: false },
      }),
    );
    expect([error.status, error.message]).toEqual([422, accountMessages.cannotDemoteSelf]);
  });

  it('refuses a body with both or neither of email and user_id', async () => {
    const post = (body: unknown) =>
      fetch(`${server.url}/api/license/${otherLicenceId}/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${outsider.token}` },
        body: JSON.stringify(body),
      });
    expect((await post({})).status).toBe(400);
    expect((await post({ email: DEMO.user.email, user_id: member.id })).status).toBe(400);
  });
});

describe('GET /api/user/:id/access', () => {
  it('answers the user themselves and the admin of their licence', async () => {
    const own = await api(member.token).call(accountRoutes.userAccess, { params: { id: member.id } });
    expect(own).toEqual({
      id: member.id,
      is_systemadmin: false,
      disabled: false,
      licenses: [{ id: licenceId, name: 'Stramien Demo', is_admin: false }],
    });
    expect(await api(licenceAdmin.token).call(accountRoutes.userAccess, { params: { id: member.id } })).toEqual(own);
  });

  it('refuses a fellow member without the admin flag with 403 and a user of another licence with 404', async () => {
    expect((await failure(api(userToken).call(accountRoutes.userAccess, { params: { id: member.id } }))).status).toBe(403);
    expect((await failure(api(licenceAdmin.token).call(accountRoutes.userAccess, { params: { id: outsider.id } }))).status).toBe(404);
  });
});

describe('POST /api/user/:id/disable and /enable', () => {
  it('stops the tokens and the sign-in of a disabled user, and lets them sign in again once enabled', async () => {
    const target = await createUser(server, adminToken, licenceId, { label: 'disableme' });
    const disabled = await api(licenceAdmin.token).call(accountRoutes.disableUser, {
      params: { id: target.id },
      body: { license: licenceId },
    });
    expect(disabled.data).toMatchObject({ id: target.id, disabled: true, is_admin: false });
    expect((await failure(api(target.token).call(identityRoutes.currentUser))).status).toBe(401);
    const signIn = await failure(server.signIn(target));
    expect([signIn.status, signIn.message]).toEqual([403, accountMessages.accountDisabled]);
    const wrongPassword = await failure(server.signIn({ ...target, password: 'Wrong#Pass1' }));
    expect([wrongPassword.status, wrongPassword.message]).toEqual([401, messages.identity.invalidCredentials]);

    const enabled = await api(licenceAdmin.token).call(accountRoutes.enableUser, { params: { id: target.id } });
    expect(enabled.data.disabled).toBe(false);
    // the token from before stays revoked; a new sign-in works
    expect((await failure(api(target.token).call(identityRoutes.currentUser))).status).toBe(401);
    expect((await api(await server.signIn(target)).call(identityRoutes.currentUser)).email).toBe(target.email);
  });

  it('refuses disabling oneself, a user of another licence (404) and a non-admin (403)', async () => {
    const self = await failure(api(licenceAdmin.token).call(accountRoutes.disableUser, { params: { id: licenceAdmin.id } }));
    expect([self.status, self.message]).toEqual([422, accountMessages.cannotDisableSelf]);
    expect((await failure(api(licenceAdmin.token).call(accountRoutes.disableUser, { params: { id: outsider.id } }))).status).toBe(404);
    expect((await failure(api(userToken).call(accountRoutes.disableUser, { params: { id: member.id } }))).status).toBe(403);
  });

  it('leaves a user who also works in a licence the admin does not administer to a system admin', async () => {
    const shared = await createUser(server, adminToken, licenceId, { label: 'shared' });
    await api(adminToken).call(accountRoutes.addLicenceUser, { params: { id: otherLicenceId }, body: { user_id: shared.id } });
    const error = await failure(api(licenceAdmin.token).call(accountRoutes.disableUser, { params: { id: shared.id } }));
    expect([error.status, error.message]).toEqual([403, accountMessages.otherLicencesNeedSystemAdmin]);
    expect((await api(adminToken).call(accountRoutes.disableUser, { params: { id: shared.id } })).data.disabled).toBe(true);
  });
});

describe('GET /api/dev/mail', () => {
  it('is for system admins only', async () => {
    expect((await failure(api(licenceAdmin.token).call(accountRoutes.devMail))).status).toBe(403);
    expect((await api(adminToken).call(accountRoutes.devMail, { query: { limit: 1 } })).data).toHaveLength(1);
    expect((await fetch(`${server.url}/api/dev/mail`)).status).toBe(401);
  });
});
