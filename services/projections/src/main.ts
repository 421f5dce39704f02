import { createAdapters, loadConfig } from '@stramien/infra';
import { startProjectionsService } from './service';

/** Standalone projections worker: `npm run start -w services/projections` (ESDB_URL, MONGO_URL, NATS_URL). */
const config = loadConfig();
const adapters = await createAdapters(config);
const log = { info: (m: string) => console.log(m), error: (e: unknown, m?: string) => console.error(m ?? '', e) };
const service = await startProjectionsService(adapters, log);
log.info(`projections running: ${service.runner.projections.map((p) => p.name).join(', ')} and the bus forwarder`);
const shutdown = async () => {
  await service.stop();
  await adapters.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
