import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers of the projects browser flows: API calls as a given account and a signed-in browser. */

export const unique = (label: string): string => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export const apiToken = async (request: APIRequestContext, account: { email: string; password: string }): Promise<string> => {
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

export const api = (request: APIRequestContext, token: string) => {
  const headers = { authorization: `Bearer ${token}` };
  const ok = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(res.ok(), `${res.url()} ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  return {
    get: <T>(path: string) => request.get(path, { headers }).then((r) => ok<T>(r)),
    post: <T>(path: string, data: unknown) => request.post(path, { headers, data }).then((r) => ok<T>(r)),
    delete: <T>(path: string) => request.delete(path, { headers }).then((r) => ok<T>(r)),
  };
};

/** Opens the app already signed in with `token`, in `language`. */
export const openSignedIn = async (page: Page, token: string, language: 'en' | 'nl' | 'de', path = '/dashboard'): Promise<void> => {
  await page.goto('/login');
  await page.evaluate(
    ({ token, language }) => {
      localStorage.setItem('stramien.accessToken', token);
      localStorage.setItem('stramien.accessTokenExpiresAt', String(Date.now() + 3_000_000));
      localStorage.setItem('stramien.language', language);
      // the guided tours are tested in the web tests; here they would only cover the page
      localStorage.setItem('stramien.tour.dashboard', 'seen');
      localStorage.setItem('stramien.tour.project-dashboard', 'seen');
    },
    { token, language },
  );
  await page.goto(path);
};
