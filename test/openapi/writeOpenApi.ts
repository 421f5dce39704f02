// Writes the OpenAPI document the server serves at /api/docs/json to a file, without starting the server:
// the Fastify app is built on the embedded adapters in a temporary data dir and asked for app.swagger().
// Usage: npx tsx test/openapi/writeOpenApi.ts [out-file]   (default .tmp/openapi.json)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createAdapters, createAuthenticator, jwtSecret, loadConfig } from '@stramien/infra';
import { buildApp, createAppDeps } from '@stramien/commands/app';
import { createChannelAuth, createSocketHub, registerNotifierRoutes } from '@stramien/notifier';

export const buildOpenApiDocument = async (): Promise<unknown> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stramien-openapi-'));
  const config = loadConfig({ STRAMIEN_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const adapters = await createAdapters(config);
  try {
    const deps = createAppDeps(config, adapters, { waitFor: async () => true, passed: () => true });
    const channelAuth = createChannelAuth(jwtSecret(config));
    const hub = createSocketHub({ bus: adapters.bus, channelAuth });
    const authenticate = createAuthenticator({ tokens: deps.tokens, documentStore: adapters.documentStore });
    const app = await buildApp(deps, (a) => registerNotifierRoutes(a, { hub, channelAuth, authenticate }));
    await app.ready();
    const document = app.swagger();
    await app.close();
    return document;
  } finally {
    await adapters.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const out = resolve(process.argv[2] ?? '.tmp/openapi.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(await buildOpenApiDocument(), null, 2) + '\n');
console.log(`OpenAPI document written to ${out}`);
