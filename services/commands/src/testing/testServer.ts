import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultWalCheckpoints, loadConfig } from '@stramien/infra';
import { createApiClient, identityRoutes } from '@stramien/api';
import { startAllInOne, type AllInOne } from '../runtime';

export const DEMO = {
  admin: { email: 'admin@stramien.test', password: 'Admin#Pass123' },
  user: { email: 'user@stramien.test', password: 'User#Pass123' },
} as const;

export interface TestServer extends AllInOne {
  dataDir: string;
  /** POST /oauth/token for a demo account; returns the access token */
  signIn(account: { email: string; password: string }, deviceId?: string): Promise<string>;
  api(token?: string): ReturnType<typeof createApiClient>;
  close(): Promise<void>;
}

/** The whole product in this process on a fresh temp data dir and a free port, with known demo passwords. */
export const startTestServer = async (env: Record<string, string> = {}): Promise<TestServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stramien-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    STRAMIEN_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // tests stand in for a reverse proxy: X-Forwarded-For gives each test its own client address
    STRAMIEN_TRUST_PROXY: 'true',
    // as the stores default (walCheckpoints.ts): `inline` in the test suite, the production default in the benches
    STRAMIEN_SQLITE_CHECKPOINTS: defaultWalCheckpoints(),
    STRAMIEN_ADMIN_EMAIL: DEMO.admin.email,
    STRAMIEN_ADMIN_PASSWORD: DEMO.admin.password,
    ...env,
  });
  const runtime = await startAllInOne(config, {
    quiet: true,
    env: {
      STRAMIEN_ADMIN_EMAIL: DEMO.admin.email,
      STRAMIEN_ADMIN_PASSWORD: DEMO.admin.password,
      STRAMIEN_DEMO_USER_EMAIL: DEMO.user.email,
      STRAMIEN_DEMO_USER_PASSWORD: DEMO.user.password,
    },
  });
  const api = (token?: string) => createApiClient({ baseUrl: runtime.url, getToken: () => token });
  return {
    ...runtime,
    dataDir,
    api,
    async signIn(account, deviceId) {
      const res = await api().call(identityRoutes.token, {
        body: {
          grant_type: 'password',
          client_id: 'stramien-web',
          client_secret: 'stramien-web',
          username: account.email,
          password: account.password,
          ...(deviceId ? { device_id: deviceId } : {}),
        },
      });
      return res.access_token;
    },
    async close() {
      await runtime.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
