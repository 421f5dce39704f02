import { join } from 'node:path';
import { expect } from 'vitest';
import { defineService, repoRoot, type Service } from './service';

/** an answer's JSON, read by a test as it knows the shapes */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Admin {
  email: string;
  password: string;
}

/**
 * The one-process runtime of `npm start` (`allInOne.ts`: API, projections, job worker) as a killable child process on
 * the data dir `dataDir()` gives at each start, with `admin` as its first system admin.
 */
export const defineAllInOne = (admin: Admin, dataDir: () => string): Service =>
  defineService({
    script: join(repoRoot, 'services', 'commands', 'src', 'allInOne.ts'),
    http: true,
    ready: 'health',
    env: () => ({ STRAMIEN_DATA_DIR: dataDir(), STRAMIEN_ADMIN_EMAIL: admin.email, STRAMIEN_ADMIN_PASSWORD: admin.password }),
  });

/** one HTTP call with a JSON body and answer */
export const json = async (
  url: string,
  init: { method: string; token?: string; body?: unknown },
): Promise<{ status: number; body: Json }> => {
  const res = await fetch(url, {
    method: init.method,
    headers: {
      accept: 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

/** the admin's access token (password grant of the web client) */
export const signIn = async (url: string, admin: Admin): Promise<string> => {
  const res = await json(`${url}/oauth/token`, {
    method: 'POST',
    body: {
      grant_type: 'password',
      client_id: 'stramien-web',
      client_secret: 'stramien-web',
      username: admin.email,
      password: admin.password,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access_token as string;
};
