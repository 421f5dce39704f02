import type { APIRequestContext } from '@playwright/test';
import { authenticator } from 'otplib';
import { DEMO_ADMIN } from './playwright.config';

/** POST /oauth/token; the access token */
export const apiToken = async (
  request: APIRequestContext,
  account: { email: string; password: string },
  code?: string,
): Promise<string> => {
  const res = await request.post('/oauth/token', {
    data: {
      grant_type: 'password',
      client_id: 'stramien-web',
      client_secret: 'stramien-web',
      username: account.email,
      password: account.password,
      ...(code ? { code } : {}),
    },
  });
  if (!res.ok()) throw new Error(`sign-in of ${account.email} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
};

/**
 * A fresh user of the demo licence, created by the system admin and activated through the invitation link the
 * embedded mail adapter kept: e2e runs share one server, so flows that change an account use their own.
 */
export const createE2eUser = async (request: APIRequestContext, name: string, language: 'en' | 'nl' | 'de' = 'en') => {
  const admin = await apiToken(request, DEMO_ADMIN);
  const headers = { authorization: `Bearer ${admin}` };
  const me = (await (await request.get('/api/user', { headers })).json()) as { licenses: { id: string; name: string }[] };
  const licence = me.licenses.find((l) => l.name === 'Stramien Demo') ?? me.licenses[0]!;
  const email = `${name}-${Date.now().toString(36)}@e2e.stramien.test`;
  const password = `E2e#${Date.now().toString(36)}Pw1`;
  const created = await request.post('/api/user', {
    headers,
    data: { email, firstname: 'E2e', lastname: name, language, license: licence.id },
  });
  if (!created.ok()) throw new Error(`creating ${email} failed: ${created.status()} ${await created.text()}`);
  const mails = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`, { headers })).json()) as {
    data: { text: string }[];
  };
  const token = mails.data.map((m) => /\/invite\/([\w-]{20,})/.exec(m.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no invitation mail for ${email}`);
  const accepted = await request.post('/api/user/invite/accept', {
    data: { token, password, password_confirmation: password, firstname: 'E2e', lastname: name },
  });
  if (!accepted.ok()) throw new Error(`accepting the invitation of ${email} failed: ${accepted.status()} ${await accepted.text()}`);
  return { email, password };
};

const STEP_MS = 30_000;

/**
 * Authenticator codes of one secret for a test, each of a later TOTP time step than the one before (the server
 * refuses a step it has seen), inside the one-step-either-side window the server accepts.
 */
export const codesOf = (secret: string) => {
  let last = -1;
  return async (): Promise<string> => {
    for (;;) {
      const now = Date.now();
      const current = Math.floor(now / STEP_MS);
      const lowest = STEP_MS - (now % STEP_MS) > 3000 ? current - 1 : current;
      const step = Math.max(last + 1, lowest);
      if (step <= current + 1) {
        last = step;
        return authenticator.clone({ epoch: step * STEP_MS + 1000 }).generate(secret);
      }
      await new Promise((r) => setTimeout(r, STEP_MS - (now % STEP_MS) + 200));
    }
  };
};

/**
 * A client address of its own for a test, sent as X-Forwarded-For (the server trusts its proxy header): the sign-in
 * limiter counts failures per address, and every e2e file shares one server reached from 127.0.0.1, so a test that
 * fails sign-ins on purpose must not spend the budget of the others.
 */
export const ownAddress = (): Record<string, string> => ({
  'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 254)}`,
});
