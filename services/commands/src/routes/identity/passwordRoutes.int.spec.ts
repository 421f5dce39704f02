import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, identityRoutes } from '@stramien/api';
import { accountMessages, format, messages } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { createUser, demoLicenceId, failure, mailsTo, tokenIn, uniqueEmail, waitForMail, type TestUser } from './accountTesting';

let server: TestServer;
let adminToken: string;
let licenceId: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.signIn(DEMO.admin);
  licenceId = await demoLicenceId(server, adminToken);
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown, token?: string) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const me = (token: string) => server.api(token).call(identityRoutes.currentUser);
const limiterFailures = async (key: string) =>
  ((await server.adapters.documentStore.collection('_signInAttempts').findOne({ _id: key })) as { failures?: number } | null)?.failures ??
  0;

describe('POST /api/user/password/update', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(server, adminToken, licenceId, { label: 'changer' });
  });

  it('changes the password, answers "Successfully updated {name}\'s password" with a fresh token, and revokes the other tokens', async () => {
    const otherSession = await server.signIn(user);
    const res = await server.api(user.token).call(accountRoutes.updatePassword, {
      body: { email: user.email, currentpassword: user.password, newpassword: 'Changed#Pass2', newpassword_confirmation: 'Changed#Pass2' },
    });
    expect(res.message).toBe(format(accountMessages.passwordUpdated, { name: 'Test changer' }));
    expect((await me(res.access_token)).email).toBe(user.email);
    expect((await failure(me(user.token))).status).toBe(401);
    expect((await failure(me(otherSession))).status).toBe(401);
    expect((await failure(server.signIn(user))).status).toBe(401);
    user = { ...user, password: 'Changed#Pass2', token: await server.signIn({ email: user.email, password: 'Changed#Pass2' }) };
    const notice = await waitForMail(server, adminToken, user.email, (m) => m.subject === 'Your Stramien password was changed');
    expect(notice.text).toContain('/forgot');
  });

  it('refuses a wrong current password with 422 and a field message, counting it for the limiter, appending nothing', async () => {
    const before = await server.adapters.eventStore.headPosition();
    const error = await failure(
      server.api(user.token).call(accountRoutes.updatePassword, {
        body: { email: user.email, currentpassword: 'Wrong#Pass9', newpassword: 'Other#Pass3' },
      }),
    );
    expect(error.status).toBe(422);
    expect(error.errors).toEqual({ currentpassword: [accountMessages.currentPasswordWrong] });
    expect(await server.adapters.eventStore.headPosition()).toBe(before);
    expect(await limiterFailures(`account:${user.id}`)).toBe(1);
    expect((await me(user.token)).email).toBe(user.email);
  });

  it.each([
    ['breaks the policy', { newpassword: 'short' }, 'newpassword', accountMessages.passwordPolicy],
    ['contains a space', { newpassword: 'Has Space#1' }, 'newpassword', accountMessages.passwordPolicy],
    [
      'equals the current one',
      { newpassword: 'Same#Pass1', currentpassword: 'Same#Pass1' },
      'newpassword',
      accountMessages.passwordMustDiffer,
    ],
    [
      'is repeated differently',
      { newpassword: 'Other#Pass3', newpassword_confirmation: 'Other#Pass4' },
      'newpassword_confirmation',
      accountMessages.passwordMustMatch,
    ],
  ])('refuses a new password that %s with 400 and the message', async (_, over, field, message) => {
    const res = await post('/api/user/password/update', { email: user.email, currentpassword: user.password, ...over }, user.token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe(messages.shared.invalidInput);
    expect(body.errors[field]).toEqual([message]);
  });

  it("refuses another account's e-mail address", async () => {
    const error = await failure(
      server.api(user.token).call(accountRoutes.updatePassword, {
        body: { email: DEMO.user.email, currentpassword: user.password, newpassword: 'Other#Pass3' },
      }),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe(accountMessages.emailNotYours);
  });

  it('answers 401 without a token', async () => {
    const res = await post('/api/user/password/update', { email: user.email, currentpassword: user.password, newpassword: 'Other#Pass3' });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/user password expiry', () => {
  it('carries when the password expires, 365 days after it was set', async () => {
    const user = await me(adminToken);
    const expires = Date.parse(user.password_expires_at!);
    const days = (expires - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
  });
});

describe('POST /api/user/password/forgot and /reset', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(server, adminToken, licenceId, { label: 'forgetful' });
  });

  it('answers the same status and body for a known and an unknown address, and mails only the known one', async () => {
    const unknown = uniqueEmail('nobody');
    const known = await post('/api/user/password/forgot', { email: user.email.toUpperCase() });
    const missing = await post('/api/user/password/forgot', { email: unknown });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(known.status);
    expect(await missing.json()).toEqual(await known.json());
    const mail = await waitForMail(server, adminToken, user.email, (m) => m.subject === 'Reset your Stramien password');
    // no STRAMIEN_PUBLIC_URL: the link is on the origin the request came to (publicUrl.int.spec.ts)
    expect(mail.text).toContain(`${server.url}/reset/`);
    expect(await mailsTo(server, adminToken, unknown)).toEqual([]);
  });

  it("refuses an empty address with 'Required'", async () => {
    const res = await post('/api/user/password/forgot', { email: '' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.email).toContain(accountMessages.required);
  });

  it('resets with the mailed token once: old tokens stop working, the new password signs in, no session is started', async () => {
    const mail = await waitForMail(server, adminToken, user.email, (m) => m.subject === 'Reset your Stramien password');
    const token = tokenIn(mail, 'reset');
    const body = { email: user.email, token, password: 'Reset#Pass2', password_confirmation: 'Reset#Pass2' };
    const res = await server.api().call(accountRoutes.resetPassword, { body });
    expect(res.message).toBe(accountMessages.passwordReset);
    expect(res).not.toHaveProperty('access_token');
    expect((await failure(me(user.token))).status).toBe(401);
    expect((await me(await server.signIn({ email: user.email, password: 'Reset#Pass2' }))).email).toBe(user.email);

    const again = await failure(
      server.api().call(accountRoutes.resetPassword, { body: { ...body, password: 'Again#Pass3', password_confirmation: 'Again#Pass3' } }),
    );
    expect(again.status).toBe(422);
    expect(again.message).toBe(accountMessages.resetTokenInvalid);
  });

  it('refuses a wrong token and an unknown address alike, counting the failures, appending nothing', async () => {
    const before = await server.adapters.eventStore.headPosition();
    const wrong = 'x'.repeat(43);
    const body = { token: wrong, password: 'Reset#Pass9', password_confirmation: 'Reset#Pass9' };
    const a = await failure(server.api().call(accountRoutes.resetPassword, { body: { ...body, email: user.email } }));
    const b = await failure(server.api().call(accountRoutes.resetPassword, { body: { ...body, email: uniqueEmail('ghost') } }));
    expect([a.status, a.message]).toEqual([422, accountMessages.resetTokenInvalid]);
    expect([b.status, b.message]).toEqual([a.status, a.message]);
    expect(await server.adapters.eventStore.headPosition()).toBe(before);
    expect(await limiterFailures(`account:${user.id}`)).toBeGreaterThanOrEqual(1);
  });

  it("refuses a repetition that differs with 'Password must match' and a weak password with the policy text", async () => {
    const res = await post('/api/user/password/reset', {
      email: user.email,
      token: 'y'.repeat(43),
      password: 'Reset#Pass9',
      password_confirmation: 'Reset#Pass8',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.password_confirmation).toEqual([
      accountMessages.passwordMustMatch,
    ]);
    const weak = await post('/api/user/password/reset', {
      email: user.email,
      token: 'y'.repeat(43),
      password: 'weak',
      password_confirmation: 'weak',
    });
    expect(((await weak.json()) as { errors: Record<string, string[]> }).errors.password).toEqual([accountMessages.passwordPolicy]);
  });

  it('sends no reset mail for a disabled account, still answering the same', async () => {
    const disabled = await createUser(server, adminToken, licenceId, { label: 'disabled' });
    await server.api(adminToken).call(accountRoutes.disableUser, { params: { id: disabled.id } });
    const res = await post('/api/user/password/forgot', { email: disabled.email });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: accountMessages.resetLinkSent });
    // a later mail to another address arriving proves the disabled one's task ran
    const probe = await createUser(server, adminToken, licenceId, { label: 'probe' });
    await post('/api/user/password/forgot', { email: probe.email });
    await waitForMail(server, adminToken, probe.email, (m) => m.subject === 'Reset your Stramien password');
    expect((await mailsTo(server, adminToken, disabled.email)).map((m) => m.subject)).not.toContain('Reset your Stramien password');
  });
});
