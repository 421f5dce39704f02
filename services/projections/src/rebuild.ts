import { createAdapters, loadConfig } from '@stramien/infra';
import { createProjectionRunner } from './runner/projectionRunner';
import { allProjections } from './index';

/**
 * `npm run rebuild -w services/projections -- <projection>`: rebuilds one read model from position 0
 * into a fresh collection while the old one keeps serving, then swaps it in. Progress is printed.
 */
const name = process.argv[2];
if (!name) {
  console.error(`usage: rebuild <projection>   (one of: ${allProjections.map((p) => p.name).join(', ')})`);
  process.exit(2);
}
const adapters = await createAdapters(loadConfig());
const runner = createProjectionRunner({
  eventStore: adapters.eventStore,
  documentStore: adapters.documentStore,
  projections: allProjections,
});
let last = 0;
const position = await runner.rebuild(name, (pos, head) => {
  const pct = head ? Math.floor((pos / head) * 100) : 100;
  if (pct !== last) process.stdout.write(`\rrebuilding ${name}: ${pct}% (${pos}/${head})`);
  last = pct;
});
console.log(`\nrebuilt ${name} up to position ${position} and swapped it in`);
await adapters.close();
