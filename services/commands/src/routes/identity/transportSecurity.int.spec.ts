import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';

/**
 * D6 through the real server (docs/security.md, "Headers" and "Sockets"): the policy allows sockets to this origin
 * only; the WebSocket handshake compares the scheme too, taking a trusted proxy's X-Forwarded-Proto into account;
 * HSTS only on requests that came over https.
 */
let trusted: TestServer;
let direct: TestServer;
let token: string;
beforeAll(async () => {
  // the test server trusts X-Forwarded-* as a reverse proxy in front would; the other one has no proxy in front
  [trusted, direct] = await Promise.all([startTestServer(), startTestServer({ STRAMIEN_TRUST_PROXY: 'false' })]);
  token = await trusted.signIn(DEMO.user);
});
afterAll(async () => {
  await Promise.all([trusted?.close(), direct?.close()]);
});

/** the handshake's outcome: 101 when the socket opened, else the status it was refused with */
const handshake = (server: TestServer, headers: Record<string, string>, withToken = '') =>
  new Promise<number>((resolve) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws${withToken ? `?token=${withToken}` : ''}`, { headers });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', () => {});
  });
const hostOf = (server: TestServer) => new URL(server.url).host;

describe('the content security policy', () => {
  it('allows connections (fetch and WebSocket) to this origin only', async () => {
    const csp = (await fetch(`${trusted.url}/api/build`)).headers.get('content-security-policy') ?? '';
    const connectSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'));
    expect(connectSrc).toBe("connect-src 'self'");
  });
});

describe('the WebSocket handshake', () => {
  describe('behind a trusted proxy that terminates https', () => {
    const viaHttps = { 'x-forwarded-proto': 'https' };
    it('accepts the https page of this host', async () => {
      expect(await handshake(trusted, { ...viaHttps, origin: `https://${hostOf(trusted)}` }, token)).toBe(101);
    });
    it('refuses an http page of the same host and port', async () => {
      expect(await handshake(trusted, { ...viaHttps, origin: `http://${hostOf(trusted)}` })).toBe(403);
    });
  });

  describe('reached over plain http', () => {
    it('accepts the http page of this host', async () => {
      expect(await handshake(direct, { origin: direct.url }, await direct.signIn(DEMO.user))).toBe(101);
    });
    it('refuses an https page of the same host and port', async () => {
      expect(await handshake(direct, { origin: `https://${hostOf(direct)}` })).toBe(403);
    });
    it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
      expect(await handshake(direct, { 'x-forwarded-proto': 'https', origin: `https://${hostOf(direct)}` })).toBe(403);
    });
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = async (server: TestServer, headers: Record<string, string> = {}) =>
    (await fetch(`${server.url}/api/build`, { headers })).headers.get('strict-transport-security');
  it('is sent when a trusted proxy says the request came over https', async () => {
    expect(await hsts(trusted, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
  });
  it('is never sent over plain http', async () => {
    expect(await hsts(trusted)).toBeNull();
    expect(await hsts(trusted, { 'x-forwarded-proto': 'http' })).toBeNull();
    expect(await hsts(direct)).toBeNull();
  });
  it('is not sent on a client’s own X-Forwarded-Proto when no proxy is trusted', async () => {
    expect(await hsts(direct, { 'x-forwarded-proto': 'https' })).toBeNull();
  });
});
