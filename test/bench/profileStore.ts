/**
 * Profiling aid for the event store and projection replay (not a benchmark): main-thread CPU time per event
 * (/proc/self/task/<pid>/stat, so it holds on a busy machine where wall-clock figures do not), and wall-clock rate.
 * `node --import tsx --import ./test/bench/production.mjs test/bench/profileStore.ts <what> [events] [--prof] [--memory]`
 * what: `append` (batches of 100, random v4 ids; `--v7` time-ordered), `readAll` (pages of 1000 from a file written
 * first), `runner` (the projection runner from 0 over a log of domain events), `batch` (applyBatch in pages of 1000).
 * BATCH sets the runner's batch size. With --prof the measured part's profile goes to .tmp/prof/<what>.cpuprofile (`node test/bench/cpuprofileTop.mjs`).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createSqliteEventStore } from '@stramien/infra';
import { allProjections, applyBatch, createProjectionRunner, toEnvelope } from '@stramien/projections';
import { appendPlan, generateDomainEvents } from '../reliability/support/domainEvents';
import { sampleEvent, uuidv7 } from '@stramien/infra/eventStore/eventStore.bench';
import { startCpuProfile } from './cpuProfile';
import { mainThreadCpuMs } from './threadCpu';

const what = process.argv[2] ?? 'append';
const total = Number(process.argv[3] ?? (what === 'runner' || what === 'batch' ? 200_000 : 100_000));
const prof = process.argv.includes('--prof');
const memory = process.argv.includes('--memory');
const v7 = process.argv.includes('--v7');
const dir = '.tmp/profileStore';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const measure = async (label: string, count: number, work: () => Promise<void>) => {
  const profile = prof ? await startCpuProfile() : undefined;
  const cpu0 = mainThreadCpuMs();
  const started = process.hrtime.bigint();
  await work();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = mainThreadCpuMs() - cpu0;
  await profile?.stop(`.tmp/prof/${what}.cpuprofile`);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(
    `${label}: ${count} events, ${Math.round(count / (ms / 1000))} events/s, main thread CPU ${((1000 * cpu) / count).toFixed(2)} µs/event (load ${load})`,
  );
};

const file = memory ? ':memory:' : join(dir, 'events.sqlite');
const eventStore = createSqliteEventStore({ file });
if (what === 'append' || what === 'readAll') {
  const batches = Math.ceil(total / 100);
  const built = Array.from({ length: batches }, (_, b) =>
    Array.from({ length: 100 }, (_, i) => sampleEvent(b * 100 + i, v7 ? uuidv7 : randomUUID)),
  );
  const append = async () => {
    for (let b = 0; b < batches; b += 1) await eventStore.append(`task-${b}`, built[b]!, 'no_stream');
  };
  if (what === 'append') await measure(`append${v7 ? ' v7' : ''}${memory ? ' in memory' : ''}`, batches * 100, append);
  else {
    await append();
    // another connection reads the file (not the tail)
    const reader = createSqliteEventStore({ file });
    await measure('readAll', batches * 100, async () => {
      for (let after = 0; ;) {
        const page = await reader.readAll({ after, maxCount: 1_000 });
        if (page.length === 0) break;
        after = page[page.length - 1]!.position;
      }
    });
    await reader.close();
  }
} else {
  const head = await appendPlan(eventStore, generateDomainEvents({ total, users: 6_000, licences: 50, seed: 20_250_601 }));
  const documentStore = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
  if (what === 'runner') {
    const batchSize = Number(process.env.BATCH ?? 2000);
    const runner = createProjectionRunner({ eventStore, documentStore, projections: allProjections, batchSize });
    await measure('runner', head, async () => {
      await runner.start();
      if (!(await runner.waitForPosition(head, 600_000))) throw new Error('runner did not reach the head');
    });
    await runner.stop();
  } else {
    const collections = allProjections.map((p) => ({ p, c: documentStore.collection(p.collection) }));
    await measure('applyBatch', head, async () => {
      for (let after = 0; ;) {
        const page = (await eventStore.readAll({ after, maxCount: 1_000 })).map(toEnvelope);
        if (page.length === 0) break;
        for (const { p, c } of collections) await applyBatch(p, c, page, documentStore);
        after = page[page.length - 1]!.position;
      }
    });
  }
  await documentStore.close();
}
await eventStore.close();
rmSync(dir, { recursive: true, force: true });
