import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@stramien/infra';
import { startAllInOne, type AllInOne } from '../../runtime';
import { DEMO } from '../../testing/testServer';
import { requestToken } from '../identity/securityTesting';

const dataDir = mkdtempSync(join(tmpdir(), 'stramien-restart-'));
const env = { STRAMIEN_ADMIN_EMAIL: DEMO.admin.email, STRAMIEN_ADMIN_PASSWORD: DEMO.admin.password };
const start = () =>
  startAllInOne(loadConfig({ PORT: '0', HOST: '127.0.0.1', STRAMIEN_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env }), { quiet: true, env });
let running: AllInOne | null = null;

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('maintenance mode', () => {
  it('is still on after a restart, and its token still passes', async () => {
    running = await start();
    const res = await requestToken(running, { username: DEMO.admin.email, password: DEMO.admin.password });
    const { access_token: token } = (await res.json()) as { access_token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const on = await fetch(`${running.url}/api/maintenance`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ enabled: true, secret: 'Restart#Secret1' }),
    });
    expect(on.status).toBe(200);
    const granted = (await (
      await fetch(`${running.url}/api/maintenance/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret: 'Restart#Secret1' }),
      })
    ).json()) as { token: string };
    await running.stop();

    running = await start();
    expect(await (await fetch(`${running.url}/api/maintenance`)).json()).toEqual({ enabled: true });
    expect((await fetch(`${running.url}/api/user`, { headers })).status).toBe(503);
    expect((await fetch(`${running.url}/api/user`, { headers: { ...headers, 'x-maintenance-token': granted.token } })).status).toBe(200);
    const off = await fetch(`${running.url}/api/maintenance`, { method: 'POST', headers, body: JSON.stringify({ enabled: false }) });
    expect(off.status).toBe(200);
    expect((await fetch(`${running.url}/api/user`, { headers })).status).toBe(200);
  });
});
