import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { ApiError } from '@stramien/api';
import { identityRoutes, maintenanceRoutes, MAINTENANCE_HEADER, securityRoutes } from '@stramien/api';
import { messages, systemMessages, toMaintenanceStreamId, toTwoFactorStreamId, twoFactorMessages } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { codeSource, createTestUser, requestToken, staleCode, type TestUser } from './securityTesting';

let server: TestServer;
let webDist: string;
let licenceId: string;
let adminToken: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'stramien-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app")');
  server = await startTestServer({ STRAMIEN_WEB_DIST: webDist });
  adminToken = await server.signIn(DEMO.admin);
  licenceId = (await server.api(adminToken).call(identityRoutes.currentUser)).licenses[0]!.id;
});
afterAll(async () => {
  await server?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const call = (path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(server.url + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
const eventsAfter = async (position: number) => (await server.adapters.eventStore.readAll({ after: position })).map((e) => e.type);
const signInAs = async (user: TestUser, extra: Record<string, unknown> = {}, address?: string) =>
  requestToken(server, { username: user.email, password: user.password, ...extra }, address ? { 'x-forwarded-for': address } : {});
const tokenOf = async (res: Response) => ((await res.json()) as { access_token: string }).access_token;

/** generates and enables 2FA for a user; answers its secret and its code source */
const enableTwoFactor = async (token: string) => {
  const generated = await server.api(token).call(securityRoutes.generateTwoFactor, { body: {} });
  const secret = new URL(generated.otpauth_url).searchParams.get('secret')!;
  const nextCode = codeSource(secret);
  await server.api(token).call(securityRoutes.enableTwoFactor, { body: { code: await nextCode() } });
  return { secret, nextCode, generated };
};

describe('two-factor authentication', () => {
  describe('when a user generates and enables it', () => {
    let user: TestUser;
    let token: string;
    let secret: string;
    let nextCode: () => Promise<string>;

    beforeAll(async () => {
      user = await createTestUser(server, 'cycle', licenceId);
      token = await tokenOf(await signInAs(user));
    });

    it('answers an otpauth URL with the secret and a PNG QR code, and appends only the encrypted secret', async () => {
      const before = await server.adapters.eventStore.headPosition();
      const generated = await server.api(token).call(securityRoutes.generateTwoFactor, { body: {} });
      const url = new URL(generated.otpauth_url);
      expect(url.protocol).toBe('otpauth:');
      expect(decodeURIComponent(url.pathname)).toContain(user.email);
      secret = url.searchParams.get('secret')!;
      expect(secret).toBe(generated.secret);
      expect(generated.qr_code).toMatch(/^data:image\/png;base64,/);
      nextCode = codeSource(secret);

      const appended = await server.adapters.eventStore.readAll({ after: before });
      expect(appended.map((e) => e.type)).toEqual(['TwoFactorSecretGenerated']);
      expect(appended[0]!.streamId).toBe(toTwoFactorStreamId(user.userId));
      expect(JSON.stringify(appended[0]!.data)).not.toContain(secret);
      expect(JSON.stringify(await server.adapters.eventStore.readAll())).not.toContain(secret);
    });

    it('refuses a wrong code with 422, records the attempt and stays disabled', async () => {
      const before = await server.adapters.eventStore.headPosition();
      const error = await server
        .api(token)
        .call(securityRoutes.enableTwoFactor, { body: { code: staleCode(secret) } })
        .catch((e: unknown) => e as ApiError);
      expect(error).toMatchObject({ status: 422, message: twoFactorMessages.invalidCode });
      expect(await eventsAfter(before)).toEqual(['TwoFactorCodeRejected']);
      expect((await server.api(token).call(identityRoutes.currentUser)).two_factor_enabled).toBe(false);
    });

    it('enables it with a code of the secret, and GET /user says so', async () => {
      const res = await server.api(token).call(securityRoutes.enableTwoFactor, { body: { code: await nextCode() } });
      expect(res.data).toEqual({ two_factor_enabled: true });
      expect((await server.api(token).call(identityRoutes.currentUser, { minPosition: res.position })).two_factor_enabled).toBe(true);
    });

    it('refuses to generate another secret while enabled', async () => {
      const error = await server
        .api(token)
        .call(securityRoutes.generateTwoFactor, { body: {} })
        .catch((e: unknown) => e as ApiError);
      expect(error).toMatchObject({ status: 409, message: twoFactorMessages.alreadyEnabled });
    });

    it('asks for the code at sign-in, with 401 two-factor-required, and signs nobody in', async () => {
      const before = await server.adapters.eventStore.headPosition();
      const res = await signInAs(user);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        message: twoFactorMessages.codeRequired,
        key: 'twoFactor.codeRequired',
        code: 'two-factor-required',
      });
      expect(await eventsAfter(before)).toEqual(['TwoFactorCodeRejected']);
    });

    it('refuses a wrong code at sign-in with 401 and records the failed attempt', async () => {
      const before = await server.adapters.eventStore.headPosition();
      const res = await signInAs(user, { code: staleCode(secret) });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: twoFactorMessages.invalidCode });
      expect(await eventsAfter(before)).toEqual(['TwoFactorCodeRejected']);
    });

    it('does not ask a wrong password for the code', async () => {
      const res = await signInAs({ ...user, password: 'Wrong#Pass1' });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(messages.identity.invalidCredentials);
    });

    it('signs in with password and code, and refuses the same code a second time', async () => {
      const code = await nextCode();
      const before = await server.adapters.eventStore.headPosition();
      const ok = await signInAs(user, { code });
      expect(ok.status).toBe(200);
      expect(await eventsAfter(before)).toEqual(['TwoFactorCodeUsed', 'UserSignedIn']);
      const replay = await signInAs(user, { code });
      expect(replay.status).toBe(401);
      expect(((await replay.json()) as { message: string }).message).toBe(twoFactorMessages.invalidCode);
    });

    it('verifies a fresh code for the signed-in user and refuses its replay', async () => {
      const code = await nextCode();
      const res = await server.api(token).call(securityRoutes.verifyTwoFactor, { body: { code } });
      expect(res.data).toEqual({ verified: true });
      const error = await server
        .api(token)
        .call(securityRoutes.verifyTwoFactor, { body: { code } })
        .catch((e: unknown) => e as ApiError);
      expect(error).toMatchObject({ status: 422, message: twoFactorMessages.codeUsed });
    });

    it('refuses a malformed code with 400 and appends nothing', async () => {
      const before = await server.adapters.eventStore.headPosition();
      const res = await call('/api/2fa/verify', { token, body: { code: '12ab56' } });
      expect(res.status).toBe(400);
      expect(await server.adapters.eventStore.headPosition()).toBe(before);
    });
  });

  describe('when a user disables it', () => {
    it('needs a current code, then signs in with the password alone', async () => {
      const user = await createTestUser(server, 'disable', licenceId);
      const token = await tokenOf(await signInAs(user));
      const { secret, nextCode } = await enableTwoFactor(token);
      const wrong = await call('/api/2fa/disable', { token, body: { code: staleCode(secret) } });
      expect(wrong.status).toBe(422);
      const res = await server.api(token).call(securityRoutes.disableTwoFactor, { body: { code: await nextCode() } });
      expect(res.data).toEqual({ two_factor_enabled: false });
      expect((await signInAs(user)).status).toBe(200);
    });
  });

  describe('when a system admin resets it for a user who lost their authenticator', () => {
    it('switches it off; nobody else may', async () => {
      const user = await createTestUser(server, 'reset', licenceId);
      const token = await tokenOf(await signInAs(user));
      await enableTwoFactor(token);
      const other = await server.signIn(DEMO.user);
      expect((await call(`/api/user/${user.userId}/2fa`, { method: 'DELETE', token: other })).status).toBe(403);
      const res = await server.api(adminToken).call(securityRoutes.resetTwoFactor, { params: { id: user.userId } });
      expect(res.data).toEqual({ two_factor_enabled: false });
      expect((await signInAs(user)).status).toBe(200);
    });
  });

  it('answers 401 without a token', async () => {
    expect((await call('/api/2fa/generate', { body: {} })).status).toBe(401);
  });
});

// the sign-in limiter through the server: signInLimiter.int.spec.ts next to this file

describe('maintenance mode', () => {
  const secret = 'Maint#Secret-42';
  const switchTo = (enabled: boolean, token = adminToken) =>
    call('/api/maintenance', { token, body: enabled ? { enabled, secret } : { enabled } });

  afterAll(async () => {
    await switchTo(false);
  });

  it('may be switched only by a system admin', async () => {
    const token = await server.signIn(DEMO.user);
    const res = await switchTo(true, token);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(messages.shared.forbidden);
  });

  it('needs a secret of at least 8 characters to switch on', async () => {
    const res = await call('/api/maintenance', { token: adminToken, body: { enabled: true, secret: 'short' } });
    expect(res.status).toBe(400);
  });

  it('answers 503 everywhere while on, lets a maintenance token through, and ends when switched off', async () => {
    const userToken = await server.signIn(DEMO.user);
    const before = await server.adapters.eventStore.headPosition();
    const on = await switchTo(true);
    expect(on.status).toBe(200);
    expect(((await on.json()) as { data: unknown }).data).toEqual({ enabled: true });

    // the secret is kept hashed
    const [enabled] = await server.adapters.eventStore.readAll({ after: before });
    expect(enabled).toMatchObject({ type: 'MaintenanceEnabled', streamId: toMaintenanceStreamId() });
    expect(JSON.stringify(enabled!.data)).not.toContain(secret);

    for (const path of ['/api/user', '/api/build', '/api/docs/json', '/api/notifications']) {
      const res = await call(path, { token: userToken });
      expect(res.status, path).toBe(503);
      expect(await res.json()).toEqual({ message: systemMessages.serviceUnavailable });
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect((await requestToken(server, { username: DEMO.user.email, password: DEMO.user.password })).status).toBe(503);
    expect((await call('/api/%75ser', { token: userToken })).status).toBe(503);
    // the web app and its files stay, so the browser can show the maintenance page
    expect((await call('/dashboard')).status).toBe(200);
    expect((await call('/assets/app.js')).status).toBe(200);
    expect(await (await call('/api/maintenance')).json()).toEqual({ enabled: true });

    const wrong = await call('/api/maintenance/token', { body: { secret: 'not-the-secret' } });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { message: string }).message).toBe(systemMessages.wrongSecret);
    const granted = await server.api().call(maintenanceRoutes.maintenanceToken, { body: { secret } });
    expect(granted.lifetime_ms).toBe(600_000);
    const through = await call('/api/user', { token: userToken, headers: { [MAINTENANCE_HEADER]: granted.token } });
    expect(through.status).toBe(200);
    const forged = `${granted.token.slice(0, -2)}xx`;
    expect((await call('/api/user', { token: userToken, headers: { [MAINTENANCE_HEADER]: forged } })).status).toBe(503);

    // the admin switches it off through the gate (the switch is a maintenance endpoint)
    expect((await switchTo(false)).status).toBe(200);
    expect((await call('/api/user', { token: userToken })).status).toBe(200);
    expect(await (await call('/api/maintenance')).json()).toEqual({ enabled: false });

    // a token of an earlier period does not pass the next one
    expect((await switchTo(true)).status).toBe(200);
    expect((await call('/api/user', { token: userToken, headers: { [MAINTENANCE_HEADER]: granted.token } })).status).toBe(503);
    expect((await switchTo(false)).status).toBe(200);
  });

  it('refuses the WebSocket handshake while on', async () => {
    expect((await switchTo(true)).status).toBe(200);
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${adminToken}`);
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => reject(new Error('socket opened during maintenance')));
        ws.on('error', () => {});
      });
      expect(status).toBe(503);
    } finally {
      await switchTo(false);
    }
  });

  it('answers 409 for a token while maintenance is off', async () => {
    const res = await call('/api/maintenance/token', { body: { secret } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(systemMessages.notOn);
  });
});

describe('security headers', () => {
  const expectHeaders = (res: Response, what: string) => {
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options'), what).toBe('DENY');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  };

  it('are on JSON answers, with no-store on the API', async () => {
    const res = await call('/api/build');
    expectHeaders(res, 'json');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('are on error answers', async () => {
    expectHeaders(await call('/api/user'), '401');
    expectHeaders(await call('/api/nothing-here'), '404');
    expectHeaders(await call('/oauth/token', { body: { grant_type: 'password' } }), '400');
  });

  it('are on static files and on the web app fallback', async () => {
    const asset = await call('/assets/app.js');
    expect(asset.status).toBe(200);
    expectHeaders(asset, 'static');
    const spa = await call('/settings?status=2fa-required');
    expect(spa.status).toBe(200);
    expect(spa.headers.get('content-type')).toContain('text/html');
    expectHeaders(spa, 'spa');
    expectHeaders(await call('/'), 'index');
  });

  it('give the API docs their own policy, scoped to them, still without framing or inline script', async () => {
    const docs = await call('/api/docs/static/index.html');
    expectHeaders(docs, 'docs');
    expect(docs.headers.get('content-security-policy')).not.toContain('ws:');
  });
});
