import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN } from './playwright.config';

/** Helpers of the account browser flows: the API as the demo system admin, and the dev mail outbox. */

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export const uniqueEmail = (label: string): string =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.stramien.test`;

export const signInApi = async (request: APIRequestContext, account: { email: string; password: string }): Promise<string> => {
  const res = await request.post('/oauth/token', {
    data: {
      grant_type: 'password',
      client_id: 'stramien-web',
      client_secret: 'stramien-web',
      username: account.email,
      password: account.password,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export const adminToken = (request: APIRequestContext) => signInApi(request, DEMO_ADMIN);

/** The demo licence: the system admin's first licence. */
export const demoLicenceId = async (request: APIRequestContext, token: string): Promise<string> => {
  const res = await request.get('/api/user', { headers: auth(token) });
  return ((await res.json()) as { licenses: { id: string; name: string }[] }).licenses.find((l) => l.name === 'Stramien Demo')!.id;
};

/** Polls GET /api/dev/mail until a mail to `to` matching `match` arrives. */
export const waitForMail = async (
  request: APIRequestContext,
  token: string,
  to: string,
  match: (m: Mail) => boolean = () => true,
): Promise<Mail> => {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`, { headers: auth(token) });
        found = ((await res.json()) as { data: Mail[] }).data.find(match);
        return found !== undefined;
      },
      { timeout: 15_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  return found!;
};

/** The path of the first link to `kind` in a mail, e.g. `/reset/<token>?email=…`. */
export const linkPath = (mail: Mail, kind: 'reset' | 'invite'): string => {
  const m = new RegExp(`https?://[^/\\s]+(/${kind}/[A-Za-z0-9_-]+[^\\s]*)`).exec(mail.text);
  if (!m) throw new Error(`no /${kind}/ link in: ${mail.text}`);
  return m[1]!;
};

/** A fresh account of the demo licence with a known password (created, invitation accepted through the API). */
export const createAccount = async (request: APIRequestContext, token: string, label: string, password = 'Start#E2e-Pass1') => {
  const email = uniqueEmail(label);
  const license = await demoLicenceId(request, token);
  const created = await request.post('/api/user', { headers: auth(token), data: { email, firstname: 'E2E', lastname: label, license } });
  expect(created.status(), await created.text()).toBe(200);
  const invitation = await waitForMail(request, token, email);
  const accepted = await request.post('/api/user/invite/accept', {
    data: {
      token: linkPath(invitation, 'invite').split('/')[2],
      password,
      password_confirmation: password,
      firstname: 'E2E',
      lastname: label,
    },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { email, password, name: `E2E ${label}` };
};
