import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, identityRoutes } from '@stramien/api';
import { accountMessages, format, messages } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import {
  createLicence,
  createUser,
  demoLicenceId,
  failure,
  mailsTo,
  tokenIn,
  uniqueEmail,
  waitForMail,
  type TestUser,
} from './accountTesting';

let server: TestServer;
let adminToken: string;
let licenceId: string;
let otherLicenceId: string;
let licenceAdmin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.signIn(DEMO.admin);
  licenceId = await demoLicenceId(server, adminToken);
  otherLicenceId = await createLicence(server, 'Other Builders');
  licenceAdmin = await createUser(server, adminToken, licenceId, { label: 'licenceadmin', isAdmin: true });
});
afterAll(async () => {
  await server?.close();
});

const invite = (token: string, body: Record<string, unknown>) =>
  fetch(server.url + '/api/user/invite', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
const withoutPosition = async (res: Response) => {
  const { position: _position, ...rest } = (await res.json()) as Record<string, unknown>;
  return rest;
};

describe('POST /api/user/invite', () => {
  it('invites a new address: the invitee gets a link, chooses name and password, and signs in to the licence', async () => {
    const email = uniqueEmail('invitee');
    const res = await invite(licenceAdmin.token, { email, firstname: 'Ina', license: licenceId, language: 'nl' });
    expect(res.status).toBe(200);
    expect(await withoutPosition(res)).toEqual({ message: format(accountMessages.invitationSent, { email }) });

    const mail = await waitForMail(server, adminToken, email);
    expect(mail.subject).toBe('Je bent uitgenodigd voor Stramien Demo op Stramien');
    const token = tokenIn(mail, 'invite');
    expect(await server.api().call(accountRoutes.invitationDetails, { body: { token } })).toEqual({
      email,
      firstname: 'Ina',
      lastname: '',
      license_name: 'Stramien Demo',
    });
    // an invited account cannot sign in before accepting
    expect((await failure(server.signIn({ email, password: 'Invited#Pass1' }))).status).toBe(401);

    const body = { token, password: 'Invited#Pass1', password_confirmation: 'Invited#Pass1', firstname: 'Ina', lastname: 'Jansen' };
    const accepted = await server.api().call(accountRoutes.acceptInvitation, { body });
    expect(accepted).toMatchObject({ message: accountMessages.invitationAccepted, email });
    const user = await server.api(await server.signIn({ email, password: 'Invited#Pass1' })).call(identityRoutes.currentUser);
    expect(user).toMatchObject({ name: 'Ina Jansen', language: 'nl', licenses: [{ id: licenceId, is_admin: false }] });

    const again = await failure(
      server
        .api()
        .call(accountRoutes.acceptInvitation, { body: { ...body, password: 'Other#Pass2', password_confirmation: 'Other#Pass2' } }),
    );
    expect([again.status, again.message]).toEqual([422, accountMessages.invitationInvalid]);
  });

  it('answers a known address exactly like a new one; the known account is added and told by mail', async () => {
    const known = await createUser(server, adminToken, otherLicenceId, { label: 'known' });
    const fresh = uniqueEmail('fresh');
    const a = await invite(licenceAdmin.token, { email: known.email, license: licenceId });
    const b = await invite(licenceAdmin.token, { email: fresh, license: licenceId });
    expect(a.status).toBe(b.status);
    expect(await withoutPosition(a)).toEqual({ message: format(accountMessages.invitationSent, { email: known.email }) });
    expect(await withoutPosition(b)).toEqual({ message: format(accountMessages.invitationSent, { email: fresh }) });

    const told = await waitForMail(
      server,
      adminToken,
      known.email,
      (m) => m.subject === 'You now have access to Stramien Demo on Stramien',
    );
    expect(told.text).not.toMatch(/\/invite\//);
    const access = await server.api(known.token).call(accountRoutes.userAccess, { params: { id: known.id } });
    expect(access.licenses.map((l) => l.id).sort()).toEqual([licenceId, otherLicenceId].sort());
    // the known account keeps its password
    expect((await server.api(await server.signIn(known)).call(identityRoutes.currentUser)).email).toBe(known.email);
  });

  it('gives an invitee who never accepted a fresh link; the old one stops working', async () => {
    const email = uniqueEmail('twice');
    await invite(licenceAdmin.token, { email, license: licenceId });
    const first = tokenIn(await waitForMail(server, adminToken, email), 'invite');
    await invite(licenceAdmin.token, { email, license: licenceId });
    const second = await waitForMail(server, adminToken, email, (m) => tokenIn(m, 'invite') !== first);
    const stale = await failure(server.api().call(accountRoutes.invitationDetails, { body: { token: first } }));
    expect(stale.status).toBe(422);
    expect((await server.api().call(accountRoutes.invitationDetails, { body: { token: tokenIn(second, 'invite') } })).email).toBe(email);
  });

  it('refuses a licence member without the admin flag with 403', async () => {
    const token = await server.signIn(DEMO.user);
    const res = await invite(token, { email: uniqueEmail('x'), license: licenceId });
    expect(res.status).toBe(403);
  });

  it('answers 404 for a licence the admin is not in, sending nothing', async () => {
    const email = uniqueEmail('elsewhere');
    const res = await invite(licenceAdmin.token, { email, license: otherLicenceId });
    expect(res.status).toBe(404);
    expect(await mailsTo(server, adminToken, email)).toEqual([]);
  });

  it('refuses malformed input with 400, appending nothing', async () => {
    const before = await server.adapters.eventStore.headPosition();
    for (const body of [
      { email: 'not-an-address', license: licenceId },
      { email: uniqueEmail('y') },
      { email: uniqueEmail('z'), license: licenceId, extra: 1 },
    ]) {
      expect((await invite(licenceAdmin.token, body)).status).toBe(400);
    }
    expect(await server.adapters.eventStore.headPosition()).toBe(before);
  });
});

describe('POST /api/user/invite/accept', () => {
  it("refuses a repetition that differs with 'Password must match' and a weak password with the policy text", async () => {
    const post = (body: unknown) =>
      fetch(server.url + '/api/user/invite/accept', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const base = { token: 'z'.repeat(43), firstname: 'A', lastname: 'B' };
    const mismatch = await post({ ...base, password: 'Good#Pass1', password_confirmation: 'Good#Pass2' });
    expect(((await mismatch.json()) as { errors: Record<string, string[]> }).errors.password_confirmation).toEqual([
      accountMessages.passwordMustMatch,
    ]);
    const weak = await post({ ...base, password: 'weakpass', password_confirmation: 'weakpass' });
    expect(((await weak.json()) as { errors: Record<string, string[]> }).errors.password).toEqual([accountMessages.passwordPolicy]);
    const noName = await post({ ...base, firstname: '', password: 'Good#Pass1', password_confirmation: 'Good#Pass1' });
    expect(((await noName.json()) as { errors: Record<string, string[]> }).errors.firstname).toEqual([accountMessages.required]);
  });

  it('refuses an unknown token with 422', async () => {
    const error = await failure(
      server.api().call(accountRoutes.acceptInvitation, {
        body: { token: 'q'.repeat(43), password: 'Good#Pass1', password_confirmation: 'Good#Pass1', firstname: 'A', lastname: 'B' },
      }),
    );
    expect([error.status, error.message]).toEqual([422, accountMessages.invitationInvalid]);
  });
});

describe('e-mail uniqueness', () => {
  it('lets only one of two simultaneous registrations of one address succeed', async () => {
    const email = uniqueEmail('race');
    const create = () =>
      fetch(server.url + '/api/user', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ email, firstname: 'Race', lastname: 'Condition', license: licenceId }),
      });
    const answers = await Promise.all([create(), create(), create()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { message: string }).message).toBe(messages.identity.emailTaken);
    expect(await server.adapters.documentStore.collection('users').count({ email })).toBe(1);
    const reservations = await server.adapters.eventStore.readStream(`userEmail-${email}`);
    expect(reservations).toHaveLength(1);
  });
});
