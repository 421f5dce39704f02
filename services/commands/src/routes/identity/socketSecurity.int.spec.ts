import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { identityRoutes } from '@stramien/api';
import { toUserStreamId } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { appendEvents, createTestUser, requestToken } from './securityTesting';

let server: TestServer;
let licenceId: string;
beforeAll(async () => {
  server = await startTestServer();
  licenceId = (await server.api(await server.signIn(DEMO.admin)).call(identityRoutes.currentUser)).licenses[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

/** the bound the spec sets for closing revoked sockets */
const REVOCATION_BOUND_MS = 5000;

interface OpenSocket {
  ws: WebSocket;
  /** resolves with the close code, or rejects when the socket is still open after `withinMs` */
  closed(withinMs: number): Promise<number>;
}

const open = (token: string, headers: Record<string, string> = {}) =>
  new Promise<OpenSocket>((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`, { headers });
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('error', reject);
    ws.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as { event: string }).event !== 'connected') return;
      resolve({
        ws,
        closed: (withinMs) =>
          Promise.race([
            closed,
            new Promise<number>((_, rej) => setTimeout(() => rej(new Error(`socket still open after ${withinMs} ms`)), withinMs)),
          ]),
      });
    });
  });

/** the status a refused handshake answers with */
const refusal = (headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      reject(new Error('the handshake was accepted'));
    });
    ws.on('error', () => {});
  });

const signIn = async (user: { email: string; password: string }) =>
  ((await (await requestToken(server, { username: user.email, password: user.password })).json()) as { access_token: string }).access_token;

describe('the WebSocket handshake', () => {
  it('refuses a foreign Origin with 403', async () => {
    expect(await refusal({ origin: 'https://evil.example' })).toBe(403);
    expect(await refusal({ origin: 'null' })).toBe(403);
  });

  it('accepts the server’s own origin and clients without Origin', async () => {
    const token = await server.signIn(DEMO.user);
    const same = await open(token, { origin: server.url });
    const none = await open(token);
    expect(same.ws.readyState).toBe(WebSocket.OPEN);
    expect(none.ws.readyState).toBe(WebSocket.OPEN);
    same.ws.close();
    none.ws.close();
  });
});

describe('open sockets of a revoked session', () => {
  it('close within 5 s of signing out, and only that session’s', async () => {
    const user = await createTestUser(server, 'signout', licenceId);
    const [a, b] = [await signIn(user), await signIn(user)];
    const [socketA, socketB] = [await open(a), await open(b)];
    await server.api(a).call(identityRoutes.signOut, { body: {} });
    expect(await socketA.closed(REVOCATION_BOUND_MS)).toBe(4001);
    expect(socketB.ws.readyState).toBe(WebSocket.OPEN);
    socketB.ws.close();
  });

  it.each([
    ['UserPasswordChanged', (userId: string) => ({ userId, passwordHash: 'scrypt$changed' })],
    ['UserPasswordReset', (userId: string) => ({ userId, passwordHash: 'scrypt$reset' })],
    ['UserDisabled', (userId: string) => ({ userId })],
    ['UserRemovedFromLicence', (userId: string) => ({ userId, licenceId })],
  ])('all close within 5 s after %s', async (type, data) => {
    const user = await createTestUser(server, type.toLowerCase(), licenceId);
    const sockets = [await open(await signIn(user)), await open(await signIn(user))];
    await appendEvents(server, toUserStreamId(user.userId), [{ type, data: data(user.userId) }], { userId: user.userId, licenceId });
    expect(await Promise.all(sockets.map((s) => s.closed(REVOCATION_BOUND_MS)))).toEqual([4001, 4001]);
  });
});
