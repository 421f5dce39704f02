import { healthRoutes } from '@stramien/api';
import {
  createAdapters,
  createAuthenticator,
  createHttpServer,
  createTokenService,
  exitOnSignals,
  jwtSecret,
  loadConfig,
  registerHealthEndpoints,
} from '@stramien/infra';
import { createNotifier } from './notifications/notifier';
import { createChannelAuth } from './socket/channelAuth';
import { createSocketHub } from './socket/socketHub';
import { registerNotifierRoutes } from './plugin';

/** Standalone notifier (`npm run start -w services/notifier`): bus subscriber, notifications read model, WebSockets. */
const config = loadConfig();
const adapters = await createAdapters(config);
const secret = jwtSecret(config);
const tokens = createTokenService({ secret, ttlSeconds: config.STRAMIEN_TOKEN_TTL_SECONDS });
const channelAuth = createChannelAuth(secret);
const hub = createSocketHub({ bus: adapters.bus, channelAuth, health: adapters.health });
const notifier = createNotifier({ bus: adapters.bus, documentStore: adapters.documentStore, health: adapters.health });
await hub.start();
await notifier.start();
const app = createHttpServer({ logLevel: config.LOG_LEVEL, trustProxy: config.STRAMIEN_TRUST_PROXY });
await registerNotifierRoutes(app, {
  hub,
  channelAuth,
  authenticate: createAuthenticator({ tokens, documentStore: adapters.documentStore }),
});
registerHealthEndpoints(app, adapters.health, healthRoutes);
const address = await app.listen({ host: config.HOST, port: config.PORT });
console.log(`notifier listening on ${address}`);
exitOnSignals(async () => {
  await app.close();
  await Promise.all([hub.stop(), notifier.stop()]);
  await adapters.close();
});
