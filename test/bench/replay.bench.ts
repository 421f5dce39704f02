import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createSqliteEventStore } from '@stramien/infra';
import { allProjections, applyBatch, createProjectionRunner, toEnvelope } from '@stramien/projections';
import { appendPlan, generateDomainEvents } from '../reliability/support/domainEvents';
import { atLeast, elapsedMs, info, round, type BenchFigure } from './figures';

export interface ReplayBenchOptions {
  /** events in the log; default 200,000 */
  events?: number;
  log?: (line: string) => void;
}

/**
 * Projection replay on the embedded default: a log of real user and licence events (SQLite event store)
 * rebuilt by the projection runner with every projection into a fresh embedded DocumentStore, from
 * position 0 to the head; then the same through applyBatch alone (read the log in pages, no subscriptions).
 */
export async function benchReplay(dir: string, options: ReplayBenchOptions = {}): Promise<BenchFigure[]> {
  const total = options.events ?? 200_000;
  const log = options.log ?? (() => {});
  const work = mkdtempSync(join(dir, 'bench-replay-'));
  try {
    const eventStore = createSqliteEventStore({ file: join(work, 'events.sqlite') });
    log(`replay: writing ${total} events`);
    const head = await appendPlan(eventStore, generateDomainEvents({ total, users: 6_000, licences: 50, seed: 20_250_601 }));

    log('replay: projection runner');
    const runnerStore = createEmbeddedDocumentStore({ file: join(work, 'runner.sqlite') });
    const runner = createProjectionRunner({ eventStore, documentStore: runnerStore, projections: allProjections });
    const runnerStarted = process.hrtime.bigint();
    await runner.start();
    const reached = await runner.waitForPosition(head, 600_000);
    const runnerMs = elapsedMs(runnerStarted);
    await runner.stop();
    await runnerStore.close();
    if (!reached) throw new Error(`the runner did not reach ${head} (at ${runner.position()})`);

    log('replay: applyBatch');
    const batchStore = createEmbeddedDocumentStore({ file: join(work, 'batches.sqlite') });
    const collections = allProjections.map((p) => ({ p, c: batchStore.collection(p.collection) }));
    let readMs = 0;
    const batchStarted = process.hrtime.bigint();
    for (let after = 0; ;) {
      const readStarted = process.hrtime.bigint();
      const page = (await eventStore.readAll({ after, maxCount: 1_000 })).map(toEnvelope);
      readMs += elapsedMs(readStarted);
      if (page.length === 0) break;
      for (const { p, c } of collections) await applyBatch(p, c, page, batchStore);
      after = page[page.length - 1]!.position;
    }
    const batchMs = elapsedMs(batchStarted);
    await batchStore.close();
    await eventStore.close();

    return [
      atLeast(`projection replay: runner, all projections, ${total} events`, Math.round(head / (runnerMs / 1000)), 'events/s', 50_000),
      atLeast(`projection replay: applyBatch (pages of 1000), all projections`, Math.round(head / (batchMs / 1000)), 'events/s', 50_000),
      info('projection replay: of which reading the log', round((readMs / batchMs) * 100), '% of time'),
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
