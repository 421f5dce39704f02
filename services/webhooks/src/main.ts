import { healthRoutes } from '@stramien/api';
import { createAdapters, createHttpServer, exitOnSignals, loadConfig, registerHealthEndpoints } from '@stramien/infra';
import { startWebhookDispatcher } from './service';

/** Standalone webhook dispatcher (`npm run start -w services/webhooks`): event log -> signed webhooks, health endpoints. */
const config = loadConfig();
const adapters = await createAdapters(config);
const dispatcher = await startWebhookDispatcher(config, adapters);
const app = createHttpServer({ logLevel: config.LOG_LEVEL, trustProxy: config.STRAMIEN_TRUST_PROXY });
registerHealthEndpoints(app, adapters.health, healthRoutes);
const address = await app.listen({ host: config.HOST, port: config.PORT });
console.log(`webhook dispatcher listening on ${address}`);
exitOnSignals(async () => {
  await app.close();
  await dispatcher.stop();
  await adapters.close();
});
