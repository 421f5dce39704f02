import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiError, identityRoutes, notificationRoutes, systemRoutes, POSITION_HEADER, type SocketServerMessage } from '@stramien/api';
import { messages } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from './testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const tokenBody = (over: Record<string, unknown> = {}) => ({
  grant_type: 'password',
  client_id: 'stramien-web',
  client_secret: 'stramien-web',
  username: DEMO.user.email,
  password: DEMO.user.password,
  ...over,
});

describe('POST /oauth/token', () => {
  it('answers an access token and its lifetime for good credentials', async () => {
    const res = await post('/oauth/token', tokenBody());
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; expires_in: number; token_type: string };
    expect(body.token_type).toBe('Bearer');
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.expires_in).toBe(3600);
  });
  it('refuses a wrong password with 401 and records the failed attempt', async () => {
    const before = await server.adapters.eventStore.headPosition();
    const res = await post('/oauth/token', tokenBody({ password: 'Wrong#Pass1' }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: messages.identity.invalidCredentials,
      key: 'identity.invalidCredentials',
      code: 'invalid_grant',
    });
    const after = await server.adapters.eventStore.readAll({ after: before });
    expect(after.map((e) => e.type)).toEqual(['UserSignInFailed']);
  });
  it('answers an unknown e-mail exactly like a wrong password, appending nothing', async () => {
    const before = await server.adapters.eventStore.headPosition();
    const res = await post('/oauth/token', tokenBody({ username: 'nobody@example.com' }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: messages.identity.invalidCredentials,
      key: 'identity.invalidCredentials',
      code: 'invalid_grant',
    });
    expect(await server.adapters.eventStore.headPosition()).toBe(before);
  });
  it('refuses an unknown client', async () => {
    const res = await post('/oauth/token', tokenBody({ client_secret: 'nope' }));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(messages.identity.invalidClient);
  });
  it('refuses a malformed body with 400 and field messages, appending nothing', async () => {
    const before = await server.adapters.eventStore.headPosition();
    const res = await post('/oauth/token', { grant_type: 'password', username: 5 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe(messages.shared.invalidInput);
    expect(Object.keys(body.errors).length).toBeGreaterThan(0);
    expect(await server.adapters.eventStore.headPosition()).toBe(before);
  });
  it('refuses invalid JSON with 400', async () => {
    const res = await fetch(server.url + '/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });
});

describe('GET /api/user', () => {
  it('answers the signed-in user with the spec fields', async () => {
    const token = await server.signIn(DEMO.user);
    const user = await server.api(token).call(identityRoutes.currentUser);
    expect(user).toMatchObject({
      email: DEMO.user.email,
      name: 'Demo User',
      language: 'en',
      is_systemadmin: false,
      two_factor_enabled: false,
    });
    expect(user.licenses).toEqual([{ id: expect.any(String), name: 'Stramien Demo', is_admin: false, theme: { primary: '#2e8be8' } }]);
  });
  it('answers 401 without a token or with a bad one', async () => {
    expect((await fetch(server.url + '/api/user')).status).toBe(401);
    expect((await fetch(server.url + '/api/user', { headers: { authorization: 'Bearer x.y.z' } })).status).toBe(401);
  });
});

describe('PUT /api/user/:id', () => {
  it('answers the resulting user and the position, and the next query sees the write', async () => {
    const token = await server.signIn(DEMO.user);
    const me = await server.api(token).call(identityRoutes.currentUser);
    const res = await fetch(`${server.url}/api/user/${me.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ language: 'nl' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { language: string }; position: number };
    expect(body.data.language).toBe('nl');
    expect(res.headers.get(POSITION_HEADER)).toBe(String(body.position));
    const again = await server.api(token).call(identityRoutes.currentUser, { minPosition: body.position });
    expect(again.language).toBe('nl');
  });
  it("refuses to change another user's profile with 403", async () => {
    const admin = await server.api(await server.signIn(DEMO.admin)).call(identityRoutes.currentUser);
    const token = await server.signIn(DEMO.user);
    const error = await server
      .api(token)
      .call(identityRoutes.updateUser, { params: { id: admin.id }, body: { language: 'de' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
  });
  it('answers 404 for an unknown user id', async () => {
    const token = await server.signIn(DEMO.user);
    const error = await server
      .api(token)
      .call(identityRoutes.updateUser, { params: { id: '7d3c3a52-0000-4000-8000-000000000000' }, body: { language: 'de' } })
      .catch((e: unknown) => e as ApiError);
    expect((error as ApiError).status).toBe(404);
  });
});

describe('POST /api/logout', () => {
  it('revokes the token on the next request', async () => {
    const token = await server.signIn(DEMO.user);
    await server.api(token).call(identityRoutes.signOut, { body: {} });
    const error = await server
      .api(token)
      .call(identityRoutes.currentUser)
      .catch((e: unknown) => e as ApiError);
    expect((error as ApiError).status).toBe(401);
  });
});

describe('GET /api/build and the API docs', () => {
  it('answers release, date and commit', async () => {
    expect(await server.api().call(systemRoutes.build)).toEqual({
      release: expect.any(String),
      date: expect.any(String),
      commit: expect.any(String),
    });
  });
  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const doc = (await (await fetch(server.url + '/api/docs/json')).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/oauth/token', '/api/user', '/api/user/{id}', '/api/notifications']));
  });
  it('sends security headers', async () => {
    const res = await fetch(server.url + '/api/build');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('notifications', () => {
  const connect = (token: string) =>
    new Promise<{
      ws: WebSocket;
      messages: SocketServerMessage[];
      next: (pred: (m: SocketServerMessage) => boolean) => Promise<SocketServerMessage>;
    }>((resolve, reject) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`);
      const received: SocketServerMessage[] = [];
      const waiters: Array<{ pred: (m: SocketServerMessage) => boolean; resolve: (m: SocketServerMessage) => void }> = [];
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw)) as SocketServerMessage;
        received.push(m);
        for (const w of [...waiters]) {
          if (!w.pred(m)) continue;
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      });
      ws.on('error', reject);
      const next = (pred: (m: SocketServerMessage) => boolean) =>
        new Promise<SocketServerMessage>((res, rej) => {
          const found = received.find(pred);
          if (found) return res(found);
          waiters.push({ pred, resolve: res });
          setTimeout(() => rej(new Error(`no matching message; got ${JSON.stringify(received)}`)), 10_000);
        });
      ws.on('open', () => resolve({ ws, messages: received, next }));
    });

  it('pushes a default notification to the user when they sign in from a new browser, once', async () => {
    const token = await server.signIn(DEMO.admin, 'device-known-1');
    const me = await server.api(token).call(identityRoutes.currentUser);
    const socket = await connect(token);
    const connected = await socket.next((m) => m.event === 'connected');
    const socketId = (connected as { socket_id: string }).socket_id;
    const channel = `private-user.${me.id}`;
    const { auth } = await server
      .api(token)
      .call(notificationRoutes.broadcastingAuth, { body: { socket_id: socketId, channel_name: channel } });
    socket.ws.send(JSON.stringify({ event: 'subscribe', channel, auth }));
    await socket.next((m) => m.event === 'subscribed');

    await server.signIn(DEMO.admin, 'device-new-2');
    const pushed = await socket.next((m) => m.event === 'notification');
    expect(pushed).toMatchObject({
      event: 'notification',
      channel,
      data: { type: 'default', read_at: null, data: { status: 'info', messageKey: expect.stringMatching(/^notifications\.signIn/) } },
    });
    expect(String((pushed as unknown as { data: { data: { message: string } } }).data.data.message)).toMatch(
      /^New sign-in to your account from /,
    );

    // the same browser again: no new notification
    await server.signIn(DEMO.admin, 'device-new-2');
    const list = await server.api(token).call(notificationRoutes.list, { query: { limit: 10 } });
    expect(list.data.filter((n) => n.type === 'default')).toHaveLength(2); // device-known-1 was new too
    socket.ws.close();
  });

  it('refuses to authorise another user’s private channel', async () => {
    const token = await server.signIn(DEMO.user);
    const res = await post(
      '/api/broadcasting/auth',
      { socket_id: 'abc', channel_name: 'private-user.someone-else' },
      { authorization: `Bearer ${token}` },
    );
    expect(res.status).toBe(403);
  });

  it('closes a socket whose token does not authenticate', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=bad`);
    const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    expect(code).toBe(4401);
  });
});

describe('POST /api/logout without a body', () => {
  it('signs out like the web app calls it: no body, no content type', async () => {
    const token = await server.signIn(DEMO.user);
    const res = await fetch(server.url + '/api/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect((await fetch(server.url + '/api/user', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
