import { createAdapters, exitOnSignals, loadConfig } from '@stramien/infra';
import { CHECKPOINTS_COLLECTION, allProjections, type Checkpoint } from '@stramien/projections';
import { buildApp, createAppDeps } from './app';
import { seedKnowledgeBase } from './bootstrap/knowledgeBase';
import { printDemoAccounts, seedDemo } from './bootstrap/demo';

/**
 * Standalone commands/queries API (`npm run start -w services/commands`), for deployments where the
 * projections and the notifier run as their own processes against ESDB_URL / MONGO_URL / NATS_URL.
 * X-Min-Position waits poll the projections' checkpoints in the document store.
 */
const config = loadConfig();
const adapters = await createAdapters(config);
const checkpoints = adapters.documentStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
const names = allProjections.map((p) => p.name);
/** the lowest checkpoint last read */
let known = 0;
const lowest = async () => {
  const docs = await checkpoints.find({ _id: { $in: names } });
  known = docs.length < names.length ? 0 : Math.min(...docs.map((d) => d.position));
  return known;
};
const deps = createAppDeps(config, adapters, {
  passed: (position) => known >= position,
  async waitFor(position, timeoutMs) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if ((await lowest()) >= position) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  },
});
const app = await buildApp(deps);
const demo = await seedDemo(deps);
await seedKnowledgeBase(deps);
const address = await app.listen({ host: config.HOST, port: config.PORT });
if (demo) printDemoAccounts(demo, address);
exitOnSignals(async () => {
  await app.close();
  await adapters.close();
});
