import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityRoutes } from '@stramien/api';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { tokenIn, waitForMail } from './accountTesting';
import { createTestUser, requestToken, type TestUser } from './securityTesting';

/**
 * The sign-in limiter through the real server (docs/security.md, "The sign-in limiter"): throttled per account and
 * address pair and per address; an attacker can neither lock a victim out nor block the reset mail, nor lock a NAT.
 */
let server: TestServer;
let adminToken: string;
let licenceId: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.signIn(DEMO.admin);
  licenceId = (await server.api(adminToken).call(identityRoutes.currentUser)).licenses[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const signIn = (user: TestUser, address: string, password = user.password) =>
  requestToken(server, { username: user.email, password }, from(address));
const post = (path: string, body: unknown, address: string, token?: string) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from(address), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const fail = async (user: TestUser, address: string, times: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await signIn(user, address, 'Wrong#Pass1')).status);
  return statuses;
};

describe('the sign-in limiter', () => {
  describe('when an attacker sends ten wrong passwords for a victim from one address', () => {
    let victim: TestUser;
    const attacker = '203.0.113.66';
    const home = '198.51.100.20';
    let victimToken: string;
    beforeAll(async () => {
      victim = await createTestUser(server, 'victim', licenceId);
      victimToken = ((await (await signIn(victim, home)).json()) as { access_token: string }).access_token;
      expect(await fail(victim, attacker, 10)).toEqual(Array(10).fill(401));
    });

    it('locks that address out of that account with 429, Retry-After and the message, on every sign-in path', async () => {
      const locked = await signIn(victim, attacker);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(((await locked.json()) as { message: string }).message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes\.$/);
      expect((await post('/api/2fa/verify', { code: '123456' }, attacker, victimToken)).status).toBe(429);
    });

    it('lets the victim sign in from another address', async () => {
      expect((await signIn(victim, home)).status).toBe(200);
    });

    it('still sends the victim the reset mail, asked from either address, and the link works', async () => {
      for (const address of [attacker, home]) {
        const res = await post('/api/user/password/forgot', { email: victim.email }, address);
        expect(res.status, address).toBe(200);
      }
      const mail = await waitForMail(server, adminToken, victim.email, (m) => m.subject === 'Reset your Stramien password');
      const reset = await post(
        '/api/user/password/reset',
        { email: victim.email, token: tokenIn(mail, 'reset'), password: 'Reset#Pass42', password_confirmation: 'Reset#Pass42' },
        home,
      );
      expect(reset.status).toBe(200);
      expect((await signIn({ ...victim, password: 'Reset#Pass42' }, home)).status).toBe(200);
    });
  });

  describe('when many accounts sign in from one shared address (a NAT)', () => {
    it("one account's ten failures there do not block the others", async () => {
      const nat = '192.0.2.10';
      const careless = await createTestUser(server, 'careless', licenceId);
      const others = await Promise.all(['colleague1', 'colleague2', 'colleague3'].map((name) => createTestUser(server, name, licenceId)));
      expect(await fail(careless, nat, 10)).toEqual(Array(10).fill(401));
      expect((await signIn(careless, nat)).status).toBe(429);
      for (const other of others) expect((await signIn(other, nat)).status, other.email).toBe(200);
    });
  });
});
