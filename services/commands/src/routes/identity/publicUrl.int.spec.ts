import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { waitForMail } from './accountTesting';

/** Issue 6: links in account mails lead to the address the app is served on, not to http://localhost:8080. */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** POST /api/user/password/forgot for the demo user, with the Host and forwarded headers given. */
const requestReset = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ email: DEMO.user.email });
    const req = httpRequest(`${url}/api/user/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });

const resetMail = async (s: TestServer) =>
  (await waitForMail(s, await s.signIn(DEMO.admin), DEMO.user.email, (m) => m.subject === 'Reset your Stramien password')).text;

describe('The reset link of a forgotten password', () => {
  it('is on the origin of the request when STRAMIEN_PUBLIC_URL is not set', async () => {
    server = await startTestServer();
    expect(await requestReset(server.url, { host: 'example.test' })).toBe(200);
    expect(await resetMail(server)).toMatch(/http:\/\/example\.test\/reset\/[A-Za-z0-9_-]{43}\?email=/);
  });

  it('follows the trusted proxy’s forwarded host and scheme', async () => {
    server = await startTestServer();
    await requestReset(server.url, { host: 'internal:8080', 'x-forwarded-host': 'cde.example.test', 'x-forwarded-proto': 'https' });
    expect(await resetMail(server)).toMatch(/https:\/\/cde\.example\.test\/reset\//);
  });

  it('ignores forwarded headers when the proxy is not trusted', async () => {
    server = await startTestServer({ STRAMIEN_TRUST_PROXY: 'false' });
    await requestReset(server.url, { host: 'example.test', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(await resetMail(server)).toMatch(/http:\/\/example\.test\/reset\//);
  });

  it('is on STRAMIEN_PUBLIC_URL when it is set, whatever the request says', async () => {
    server = await startTestServer({ STRAMIEN_PUBLIC_URL: 'https://cde.example.com/' });
    await requestReset(server.url, { host: 'example.test', 'x-forwarded-host': 'evil.example' });
    expect(await resetMail(server)).toMatch(/https:\/\/cde\.example\.com\/reset\/[A-Za-z0-9_-]{43}\?email=/);
  });
});
