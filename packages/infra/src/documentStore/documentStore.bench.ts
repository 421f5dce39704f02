import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Doc } from './documentStore';
import { createEmbeddedDocumentStore } from './embeddedDocumentStore';

/**
 * Measures the embedded DocumentStore on `documents` task-like documents of about 500 bytes
 * (default 1,000,000) in a file under `dir`: insert throughput, the p95 latency of an indexed
 * equality find, of an indexed filter with an indexed sort and limit 50, and of unindexed filters
 * with limit 50 (200 indexed and 20 unindexed queries), and the process's resident memory. Only measures and returns the figures.
 */

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean;
}

const PROJECTS = 1000;
const ASSIGNEES = 1000;
const BATCH = 1000;
const QUERIES = 200;
const SCANS = 20;
const STATUSES = ['open', 'in-progress', 'review', 'done'];
const WORDS = [
  'beam',
  'column',
  'slab',
  'anchor',
  'facade',
  'module',
  'frame',
  'roof',
  'window',
  'door',
  'pipe',
  'cable',
  'check',
  'weld',
  'bolt',
];

/** a small deterministic PRNG (mulberry32), so every run measures the same data */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const words = (next: () => number, count: number): string => Array.from({ length: count }, () => pick(next, WORDS)).join(' ');

interface BenchTask extends Doc {
  code: string;
  projectId: string;
  assignee: string;
  status: string;
  title: string;
  description: string;
  priority: number;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  meta: { source: string; revision: number };
}

const task = (next: () => number, i: number): BenchTask => {
  const created = Date.UTC(2023, 0, 1) + Math.floor(next() * 730 * 86_400_000);
  return {
    _id: `task-${i.toString(36).padStart(8, '0')}-${Math.floor(next() * 1e9).toString(36)}`,
    code: `T-${i}`,
    projectId: `project-${Math.floor(next() * PROJECTS)}`,
    assignee: `user-${Math.floor(next() * ASSIGNEES)}`,
    status: pick(next, STATUSES),
    title: words(next, 6),
    description: words(next, 34),
    priority: Math.floor(next() * 5),
    tags: [pick(next, WORDS), pick(next, WORDS)],
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + Math.floor(next() * 86_400_000 * 30)).toISOString(),
    meta: { source: 'bench', revision: Math.floor(next() * 20) },
  };
};

const percentile = (samples: number[], p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;

export async function benchDocumentStore(dir: string, options: { documents?: number } = {}): Promise<BenchFigure[]> {
  const count = options.documents ?? 1_000_000;
  const file = join(dir, 'bench-documents.sqlite');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const store = createEmbeddedDocumentStore({ file });
  let peakRss = process.memoryUsage().rss;
  const sampleMemory = (): void => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  try {
    const tasks = store.collection<BenchTask>('benchTasks');
    await tasks.createIndex({ keys: { code: 1 }, unique: true });
    await tasks.createIndex({ keys: { projectId: 1, updatedAt: -1 } });

    const next = random(42);
    let bytes = 0;
    let insertMs = 0;
    for (let start = 0; start < count; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => task(next, start + k));
      if (start === 0) bytes = batch.reduce((sum, document) => sum + Buffer.byteLength(JSON.stringify(document)), 0) / batch.length;
      const started = performance.now();
      await tasks.insertMany(batch);
      insertMs += performance.now() - started;
      if (start % (BATCH * 50) === 0) sampleMemory();
    }
    const insertSeconds = insertMs / 1000;
    sampleMemory();

    const timed = async (query: (i: number) => Promise<unknown[]>, runs = QUERIES): Promise<number[]> => {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await query(i);
        samples.push(performance.now() - started);
      }
      sampleMemory();
      return samples;
    };

    const queryRandom = random(7);
    const byCode = await timed(() => tasks.find({ code: `T-${Math.floor(queryRandom() * count)}` }));
    const byProjectSorted = await timed(() =>
      tasks.find({ projectId: `project-${Math.floor(queryRandom() * PROJECTS)}` }, { sort: { updatedAt: -1 }, limit: 50 }),
    );
    // about 1 in 5,000 documents match: limit 50 stops after reading roughly a quarter of the table
    const unindexed = await timed(
      () =>
        tasks.find(
          { assignee: `user-${Math.floor(queryRandom() * ASSIGNEES)}`, status: { $in: ['review', 'done'] }, priority: { $gte: 3 } },
          { limit: 50 },
        ),
      SCANS,
    );
    // nothing matches: a full scan of the table
    const fullScan = await timed(() => tasks.find({ assignee: `nobody-${Math.floor(queryRandom() * ASSIGNEES)}` }, { limit: 50 }), SCANS);
    sampleMemory();

    const p95 = (samples: number[]) => round(percentile(samples, 95));
    const figures: BenchFigure[] = [
      {
        name: `documentStore.embedded insert (${count} docs of ~${Math.round(bytes)} B)`,
        value: round(count / insertSeconds, 0),
        unit: 'docs/s',
        target: 'info',
        met: true,
      },
      {
        name: 'documentStore.embedded p95 indexed equality find',
        value: p95(byCode),
        unit: 'ms',
        target: '<= 2 ms',
        met: p95(byCode) <= 2,
      },
      {
        name: 'documentStore.embedded p95 indexed filter + indexed sort + limit 50',
        value: p95(byProjectSorted),
        unit: 'ms',
        target: '<= 20 ms',
        met: p95(byProjectSorted) <= 20,
      },
      {
        name: 'documentStore.embedded p95 unindexed filter + limit 50',
        value: p95(unindexed),
        unit: 'ms',
        target: '<= 800 ms',
        met: p95(unindexed) <= 800,
      },
      {
        name: 'documentStore.embedded p95 unindexed filter without a match (full scan)',
        value: p95(fullScan),
        unit: 'ms',
        target: '<= 800 ms',
        met: p95(fullScan) <= 800,
      },
      {
        name: 'documentStore.embedded peak resident memory',
        value: round(peakRss / 2 ** 20, 0),
        unit: 'MiB',
        target: '<= 1536 MiB',
        met: peakRss <= 1.5 * 2 ** 30,
      },
    ];
    return figures;
  } finally {
    await store.close();
  }
}
