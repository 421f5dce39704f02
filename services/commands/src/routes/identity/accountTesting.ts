import { randomUUID } from 'node:crypto';
import { accountRoutes, identityRoutes, ApiError, type DevMail } from '@stramien/api';
import { newEventId } from '@stramien/infra';
import type { TestServer } from '../../testing/testServer';

/** Test helpers of the account routes: mails through GET /api/dev/mail, users through the API. */

/** Polls the dev mail outbox (as a system admin) until a message to `to` matching `match` arrives. */
export const waitForMail = async (
  server: TestServer,
  adminToken: string,
  to: string,
  match: (mail: DevMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<DevMail> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await server.api(adminToken).call(accountRoutes.devMail, { query: { to } });
    const found = data.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}; outbox has ${JSON.stringify(data.map((m) => m.subject))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

export const mailsTo = async (server: TestServer, adminToken: string, to: string): Promise<DevMail[]> =>
  (await server.api(adminToken).call(accountRoutes.devMail, { query: { to } })).data;

/** The token of the first `/reset/<token>` or `/invite/<token>` link in a mail. */
export const tokenIn = (mail: DevMail, kind: 'reset' | 'invite'): string => {
  const m = new RegExp(`/${kind}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m) throw new Error(`no /${kind}/ link in ${mail.text}`);
  return m[1]!;
};

/** The error a call fails with (or throws when it succeeds). */
export const failure = async (call: Promise<unknown>): Promise<ApiError> => {
  const result = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(result instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(result)}`);
  return result;
};

export const uniqueEmail = (label: string): string => `${label}-${randomUUID().slice(0, 8)}@example.test`;

/** A licence of its own, appended straight to the event store (licence administration is another context). */
export const createLicence = async (server: TestServer, name: string): Promise<string> => {
  const licenceId = randomUUID();
  const metadata = { userId: 'system', licenceId, correlationId: randomUUID(), causationId: 'test', occurredAt: new Date().toISOString() };
  const { position } = await server.adapters.eventStore.append(
    `licence-${licenceId}`,
    [{ id: newEventId(), type: 'LicenceCreated', data: { licenceId, name, themePrimary: null }, metadata }],
    'no_stream',
  );
  await server.projections.runner.waitForPosition(position, 10_000);
  return licenceId;
};

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** Creates a user in a licence through POST /api/user, accepts the mailed invitation and signs in. */
export const createUser = async (
  server: TestServer,
  adminToken: string,
  licenceId: string,
  options: { label?: string; isAdmin?: boolean; password?: string } = {},
): Promise<TestUser> => {
  const email = uniqueEmail(options.label ?? 'user');
  const password = options.password ?? 'Start#Pass1';
  const created = await server.api(adminToken).call(accountRoutes.createUser, {
    body: { email, firstname: 'Test', lastname: options.label ?? 'User', license: licenceId, is_admin: options.isAdmin ?? false },
  });
  const mail = await waitForMail(server, adminToken, email);
  await server.api().call(accountRoutes.acceptInvitation, {
    body: {
      token: tokenIn(mail, 'invite'),
      password,
      password_confirmation: password,
      firstname: 'Test',
      lastname: options.label ?? 'User',
    },
  });
  const token = await server.signIn({ email, password });
  return { id: created.data.id, email, password, token };
};

export const demoLicenceId = async (server: TestServer, token: string): Promise<string> =>
  (await server.api(token).call(identityRoutes.currentUser)).licenses[0]!.id;
