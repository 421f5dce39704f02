/**
 * Runs benchmarks and writes their figures as JSON: `node --import tsx --import ./test/bench/production.mjs test/bench/run.ts [name ...] [--out file]`
 * (production.mjs compiles our TypeScript as the bundled service does; without it tsx's keepNames adds `__name` calls).
 * Names: eventStore, documentStore, replay, commands, notifications, export, webAssets, tasks, webhooks, tables, tablesImport, sbs, tablesBulk, workflowSessions, workflowNotify, workflowCanvas (default: all, in this order).
 * `npm run bench` (scripts/bench.mjs) runs each in its own process and writes BENCHMARKS.md.
 * Only measures and prints: a missed target is reported, never an error.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { benchEventStore } from '@stramien/infra/eventStore/eventStore.bench';
import { benchDocumentStore } from '@stramien/infra/documentStore/documentStore.bench';
import { benchReplay } from './replay.bench';
import { benchCommands } from './commands.bench';
import { benchNotificationLatency } from './notifications.bench';
import { benchWebAssets } from './webAssets.bench';
import { benchExport } from './export.bench';
import { benchTasks } from './tasks.bench';
import { benchWebhooks } from './webhooks.bench';
import { benchSbs } from './sbs.bench';
import { benchTables } from './tables.bench';
import { benchTablesImport } from './tablesImport.bench';
import { benchTablesBulk } from './tablesBulk.bench';
import { benchWorkflowSessions } from './workflowSessions.bench';
import { benchWorkflowNotify } from './workflowNotify.bench';
import { benchWorkflowCanvas } from './workflowCanvas.bench';
import type { BenchFigure } from './figures';

const log = (line: string) => console.log(`  … ${line}`);

const benches: Record<string, (dir: string) => Promise<BenchFigure[]>> = {
  eventStore: (dir) => benchEventStore(dir),
  documentStore: (dir) => benchDocumentStore(dir, { documents: Number(process.env.BENCH_DOCUMENTS ?? 1_000_000) }),
  replay: (dir) => benchReplay(dir, { events: Number(process.env.BENCH_REPLAY_EVENTS ?? 200_000), log }),
  commands: () => benchCommands({ durationMs: Number(process.env.BENCH_DURATION_MS ?? 10_000), log }),
  notifications: () => benchNotificationLatency({ samples: Number(process.env.BENCH_NOTIFICATION_SAMPLES ?? 100), log }),
  export: (dir) => benchExport(dir, { tasks: Number(process.env.BENCH_EXPORT_TASKS ?? 100_000), log }),
  webAssets: () => benchWebAssets({ log }),
  tasks: () =>
    benchTasks({ tasks: Number(process.env.BENCH_TASKS ?? 200_000), durationMs: Number(process.env.BENCH_DURATION_MS ?? 10_000), log }),
  webhooks: () => benchWebhooks({ log }),
  sbs: () => benchSbs({ log }),
  tables: () =>
    benchTables({
      records: Number(process.env.BENCH_TABLE_RECORDS ?? 1_000_000),
      durationMs: Number(process.env.BENCH_DURATION_MS ?? 10_000),
      log,
    }),
  tablesImport: (dir) => benchTablesImport(dir, { rows: Number(process.env.BENCH_IMPORT_ROWS ?? 100_000), log }),
  tablesBulk: () =>
    benchTablesBulk({
      records: Number(process.env.BENCH_TABLE_EXPORT_RECORDS ?? 100_000),
      changed: Number(process.env.BENCH_TABLE_RESTORE_CHANGED ?? 1_000),
      log,
    }),
  workflowSessions: () => benchWorkflowSessions({ sessions: Number(process.env.BENCH_WORKFLOW_SESSIONS ?? 10_000), log }),
  workflowNotify: () => benchWorkflowNotify({ samples: Number(process.env.BENCH_WORKFLOW_NOTIFY_SAMPLES ?? 100), log }),
  workflowCanvas: () =>
    benchWorkflowCanvas({
      nodes: Number(process.env.BENCH_WORKFLOW_CANVAS_NODES ?? 200),
      loads: Number(process.env.BENCH_WORKFLOW_CANVAS_LOADS ?? 5),
      log,
    }),
};

export interface BenchResult {
  bench: string;
  figures: BenchFigure[];
  error?: string;
  seconds: number;
}

let out: string | undefined;
const names: string[] = [];
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i]!;
  if (arg === '--out') out = process.argv[++i];
  else names.push(arg);
}
const selected = names.length > 0 ? names : Object.keys(benches);
const unknown = selected.filter((n) => !benches[n]);
if (unknown.length > 0) {
  console.error(`unknown benchmark(s) ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}

const results: BenchResult[] = [];
for (const name of selected) {
  const dir = mkdtempSync(join(tmpdir(), `stramien-bench-${name}-`));
  const started = Date.now();
  console.log(`\n## ${name}`);
  try {
    const figures = await benches[name]!(dir);
    for (const f of figures) console.log(`  ${f.name}: ${f.value} ${f.unit} (target ${f.target}) ${f.met ? 'met' : 'MISSED'}`);
    results.push({ bench: name, figures, seconds: (Date.now() - started) / 1000 });
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`  ${name} failed: ${message}`);
    results.push({ bench: name, figures: [], error: message, seconds: (Date.now() - started) / 1000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (out) {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results, null, 2));
}
// the servers' keep-alive sockets and timers must not keep a finished run alive
process.exit(results.some((r) => r.error) ? 1 : 0);
