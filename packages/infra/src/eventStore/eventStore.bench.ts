import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { NewEvent } from './eventStore';
import { createSqliteEventStore } from './sqliteEventStore';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean;
}

export interface BenchEventStoreOptions {
  /** single-event durable commits to time; default 3,000 */
  singleCommits?: number;
  /** single-event appends spread over the concurrent writers; default 20,000 */
  concurrentCommits?: number;
  /** events appended in batches of 100, then read back; default 200,000 */
  batchedEvents?: number;
}

const CONCURRENT_WRITERS = 32;

const BATCH_SIZE = 100;
const READ_PAGE = 1_000;

/** an event the size of a typical task change: ~250 bytes of data, the common metadata */
export const sampleEvent = (i: number, id: () => string = randomUUID): NewEvent => ({
  id: id(),
  type: 'TaskUpdated',
  data: {
    taskId: randomUUID(),
    title: `Check the anchoring of module ${i}`,
    status: i % 3 === 0 ? 'open' : 'closed',
    dueDate: '2025-06-30',
    assignee: randomUUID(),
    labels: ['quality', 'module'],
    order: i,
  },
  metadata: {
    userId: randomUUID(),
    licenceId: 'c7c3a5e0-1f1e-4f6e-9b2a-5d2f0f3a9b11',
    projectId: 'b2d1e3c4-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: '2025-05-01T12:00:00.000Z',
  },
});

let lastMs = 0;
let sequence = 0;
/** RFC 9562 UUIDv7: 48-bit unix milliseconds, then a 12-bit counter within the millisecond, then random bits */
export const uuidv7 = (): string => {
  const ms = Date.now();
  sequence = ms === lastMs ? (sequence + 1) & 0xfff : 0;
  lastMs = ms;
  const hex = ms.toString(16).padStart(12, '0') + '7' + sequence.toString(16).padStart(3, '0') + randomUUID().replace(/-/g, '').slice(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/** appends `count` events in batches of 100, one new stream per batch; answers events/s counting the appends only */
const batchedAppends = async (file: string, count: number, id: () => string): Promise<number> => {
  const store = createSqliteEventStore({ file });
  const batches = Math.ceil(count / BATCH_SIZE);
  let elapsed = 0n;
  for (let b = 0; b < batches; b += 1) {
    const batch = Array.from({ length: BATCH_SIZE }, (_, i) => sampleEvent(b * BATCH_SIZE + i, id));
    const startedAt = process.hrtime.bigint();
    await store.append(`task-${b}`, batch, 'no_stream');
    elapsed += process.hrtime.bigint() - startedAt;
  }
  await store.close();
  return Math.round((batches * BATCH_SIZE) / (Number(elapsed) / 1e9));
};

const perSecond = (count: number, startedAt: bigint): number => {
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  return Math.round(count / seconds);
};

/**
 * Measures the SQLite adapter on files under `dir` (removed afterwards): durable single-event commits,
 * batched appends and reading the log back. Only measures; the caller prints the figures.
 */
export async function benchEventStore(dir: string, options: BenchEventStoreOptions = {}): Promise<BenchFigure[]> {
  const singleCommits = options.singleCommits ?? 3_000;
  const concurrentCommits = options.concurrentCommits ?? 20_000;
  const batchedEvents = options.batchedEvents ?? 200_000;
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(dir, 'bench-event-store-'));
  const figures: BenchFigure[] = [];
  try {
    {
      // one appender awaiting each append: every event gets its own commit and fsync, so this is the disk's sync rate
      const store = createSqliteEventStore({ file: join(work, 'single.sqlite') });
      const events = Array.from({ length: singleCommits }, (_, i) => sampleEvent(i));
      const startedAt = process.hrtime.bigint();
      for (let i = 0; i < events.length; i += 1) {
        await store.append(`task-${i % 50}`, [events[i] as NewEvent], 'any');
      }
      const value = perSecond(singleCommits, startedAt);
      figures.push({
        name: 'event store: single-event durable appends, one at a time (one fsync each)',
        value,
        unit: 'appends/s',
        target: '>= 1500',
        met: value >= 1_500,
      });
      await store.close();
    }

    {
      // concurrent requests, each appending one event to its own stream with its expected revision and
      // awaiting durability: appends of the same event-loop turn share a commit (group commit)
      const store = createSqliteEventStore({ file: join(work, 'concurrent.sqlite') });
      const perWriter = Math.ceil(concurrentCommits / CONCURRENT_WRITERS);
      const events = Array.from({ length: perWriter * CONCURRENT_WRITERS }, (_, i) => sampleEvent(i));
      const startedAt = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: CONCURRENT_WRITERS }, async (_, w) => {
          for (let i = 0; i < perWriter; i += 1) {
            await store.append(`task-w${w}`, [events[w * perWriter + i] as NewEvent], i === 0 ? 'no_stream' : i - 1);
          }
        }),
      );
      const value = perSecond(perWriter * CONCURRENT_WRITERS, startedAt);
      figures.push({
        name: `event store: single-event durable appends, ${CONCURRENT_WRITERS} concurrent writers (group commit)`,
        value,
        unit: 'appends/s',
        target: '>= 1500',
        met: value >= 1_500,
      });
      await store.close();
    }

    const file = join(work, 'batched.sqlite');
    {
      const value = await batchedAppends(file, batchedEvents, randomUUID);
      figures.push({
        name: 'event store: appends in batches of 100 (random UUIDv4 ids)',
        value,
        unit: 'events/s',
        target: '>= 50000',
        met: value >= 50_000,
      });
    }
    {
      // time-ordered ids land at the end of the id index instead of on a random page of it
      const value = await batchedAppends(join(work, 'batched-v7.sqlite'), batchedEvents, uuidv7);
      figures.push({
        name: 'event store: appends in batches of 100 (time-ordered UUIDv7 ids)',
        value,
        unit: 'events/s',
        target: '>= 50000',
        met: value >= 50_000,
      });
    }

    {
      const store = createSqliteEventStore({ file });
      const startedAt = process.hrtime.bigint();
      let read = 0;
      let after = 0;
      for (;;) {
        const page = await store.readAll({ after, maxCount: READ_PAGE });
        if (page.length === 0) break;
        read += page.length;
        after = page[page.length - 1]?.position ?? after;
      }
      const value = perSecond(read, startedAt);
      figures.push({ name: 'event store: readAll', value, unit: 'events/s', target: '>= 200000', met: value >= 200_000 });
      await store.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return figures;
}
