import { healthRoutes } from '@stramien/api';
import { createAdapters, createHttpServer, exitOnSignals, loadConfig, registerHealthEndpoints } from '@stramien/infra';
import { defaultJobKinds } from './kinds/index';
import { createJobWorker } from './worker/jobWorker';

/** Standalone job worker (`npm run start -w services/jobs`): runs background jobs; serves its health endpoints. */
const config = loadConfig();
const adapters = await createAdapters(config);
const worker = createJobWorker({ ...adapters, kinds: defaultJobKinds(), onError: (e) => console.error('[jobs]', e) });
await worker.start();
const app = createHttpServer({ logLevel: config.LOG_LEVEL, trustProxy: config.STRAMIEN_TRUST_PROXY });
registerHealthEndpoints(app, adapters.health, healthRoutes);
const address = await app.listen({ host: config.HOST, port: config.PORT });
console.log(`job worker listening on ${address}`);
exitOnSignals(async () => {
  await app.close();
  await worker.stop();
  await adapters.close();
});
