import { healthRoutes } from '@stramien/api';
import { createAdapters, createHttpServer, exitOnSignals, loadConfig, registerHealthEndpoints } from '@stramien/infra';
import { startProjectionsService } from './service';

/**
 * Standalone projections worker: `npm run start -w services/projections` (ESDB_URL, MONGO_URL, NATS_URL).
 * Serves only the health endpoints (GET /api/health, /api/health/live, /api/health/ready) on HOST:PORT.
 */
const config = loadConfig();
const adapters = await createAdapters(config);
// batches as soon as events are read: the API's waits for a position (settling commands, X-Min-Position) are in
// another process here and could not start a held batch (STRAMIEN_PROJECTION_COALESCE_MS is the all-in-one's)
const service = await startProjectionsService(adapters);
const app = createHttpServer({ logLevel: config.LOG_LEVEL, trustProxy: config.STRAMIEN_TRUST_PROXY });
registerHealthEndpoints(app, adapters.health, healthRoutes);
const address = await app.listen({ host: config.HOST, port: config.PORT });
console.log(
  `projections running: ${service.runner.projections.map((p) => p.name).join(', ')} and the bus forwarder; health on ${address}/api/health`,
);
exitOnSignals(async () => {
  await app.close();
  await service.stop();
  await adapters.close();
});
