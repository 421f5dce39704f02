// `npm run bench`: runs every benchmark (test/bench/run.ts), each in its own process so one's memory and
// timers do not weigh on the next, prints each figure next to its target with 'met' or 'MISSED', and writes
// BENCHMARKS.md at the repo root with the machine and the date. A missed target is printed and written,
// never turned into a failure; the exit code is non-zero only when a benchmark could not run.
// `npm run bench -- replay commands` runs only the named ones and replaces only their rows in BENCHMARKS.md: each
// row says when it was measured, the machine's load when its bench started and how fast the machine ran then (a
// fixed loop's time, `speedCheck`), so a figure taken on a busy or slow machine is seen as such.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNpm } from './ensure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
ensureNpm();

const ALL = [
  'eventStore',
  'documentStore',
  'replay',
  'commands',
  'notifications',
  'export',
  'webAssets',
  'tasks',
  'webhooks',
  'tables',
  'tablesImport',
  'sbs',
  'tablesBulk',
  'workflowSessions',
  'workflowNotify',
  'workflowCanvas',
];
const requested = process.argv.slice(2);
const names = requested.length > 0 ? requested : ALL;
mkdirSync('.tmp', { recursive: true });

/**
 * How fast the machine runs just now: milliseconds for 10⁸ additions in a loop (lower is faster). On the 2-core
 * virtual bench machine the same loop took 755 to 1,293 ms per 3·10⁸ in runs a second apart, with no other process
 * at work. It shows a slow spell of the CPU, not every slow spell of a bench (docs/performance.md 37.).
 */
const speedCheck = () => {
  const started = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < 1e8; i++) sum += i % 7;
  if (sum < 0) throw new Error('unreachable');
  return Math.round(Number(process.hrtime.bigint() - started) / 1e6);
};
// compiled before the first measured check
speedCheck();

const results = [];
for (const name of names) {
  const out = join('.tmp', `bench-${name}.json`);
  rmSync(out, { force: true });
  const before = speedCheck();
  const started = Date.now();
  const load = loadavg()[0].toFixed(1);
  const measured = new Date(started).toISOString().slice(0, 16).replace('T', ' ');
  // our TypeScript compiled as the bundled service compiles it (test/bench/production.mjs), not with tsx's keepNames
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', './test/bench/production.mjs', 'test/bench/run.ts', name, '--out', out],
    {
      stdio: 'inherit',
    },
  );
  const speed = `${before} / ${speedCheck()}`;
  if (existsSync(out)) {
    results.push(...JSON.parse(readFileSync(out, 'utf8')).map((r) => ({ ...r, load, measured, speed })));
  } else {
    const reason = run.error ? run.error.message : `exited with ${run.status ?? run.signal}`;
    results.push({
      bench: name,
      figures: [],
      error: `no result (${reason})`,
      seconds: (Date.now() - started) / 1000,
      load,
      measured,
      speed,
    });
  }
}

const cpu = cpus();
const machine = {
  cpu: cpu[0]?.model?.trim() ?? 'unknown',
  cores: cpu.length,
  memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
  node: process.version,
  os: `${platform()} ${release()}`,
};
const date = new Date().toISOString();

const rows = results.flatMap((r) =>
  r.error
    ? [
        {
          bench: r.bench,
          name: `${r.bench} did not run`,
          value: 'ERROR',
          unit: '',
          target: '',
          status: 'ERROR',
          error: r.error,
          load: r.load,
          measured: r.measured,
          speed: r.speed,
        },
      ]
    : r.figures.map((f) => ({
        bench: r.bench,
        name: f.name,
        value: typeof f.value === 'number' ? f.value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(f.value),
        unit: f.unit,
        target: f.target,
        status: f.target === '-' || f.target === 'info' ? 'info' : f.met ? 'met' : 'MISSED',
        load: r.load,
        measured: r.measured,
        speed: r.speed,
      })),
);

const pad = (s, n) => String(s).padEnd(n);
const widths = {
  name: Math.max(...rows.map((r) => r.name.length), 6),
  value: Math.max(...rows.map((r) => `${r.value} ${r.unit}`.length), 5),
  target: Math.max(...rows.map((r) => r.target.length), 6),
};
console.log(`\n=== Benchmarks on ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}, ${date}`);
console.log(`${pad('figure', widths.name)}  ${pad('value', widths.value)}  ${pad('target', widths.target)}  result`);
for (const r of rows)
  console.log(`${pad(r.name, widths.name)}  ${pad(`${r.value} ${r.unit}`, widths.value)}  ${pad(r.target, widths.target)}  ${r.status}`);
const missed = rows.filter((r) => r.status === 'MISSED');
const errors = rows.filter((r) => r.status === 'ERROR');
console.log(`\n${rows.filter((r) => r.status === 'met').length} met, ${missed.length} missed, ${errors.length} did not run`);
for (const e of errors) console.log(`\n${e.bench}: ${e.error}`);

const cell = (s) => String(s).replace(/\|/g, '\\|');
const uncell = (s) => s.trim().replace(/\\\|/g, '|');
/** the rows of the BENCHMARKS.md on disk, as markdown lines by bench: kept for the benches this run did not run */
const earlierRows = () => {
  if (!existsSync('BENCHMARKS.md')) return [];
  const text = readFileSync('BENCHMARKS.md', 'utf8');
  const earlierDate = /\| date \| ([^|]+) \|/.exec(text)?.[1]?.trim().slice(0, 16).replace('T', ' ') ?? '';
  const lines = text.split('\n');
  const header = lines.findIndex((line) => line.startsWith('| benchmark |'));
  if (header < 0) return [];
  return lines
    .slice(header + 2)
    .filter((line) => line.startsWith('| '))
    .map((line) => {
      const cells = line
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map(uncell);
      // rows written before rows carried their own time, load and speed check: the file's date, the rest unknown
      const [bench, name, value, target, status, measured = earlierDate, load = '?', speed = '?'] = cells;
      return { bench, line: `| ${[bench, name, value, target, status, measured, load, speed].map(cell).join(' | ')} |` };
    });
};
const kept = earlierRows().filter((row) => !names.includes(row.bench));
const fresh = rows.map((r) => ({
  bench: r.bench,
  line: `| ${[r.bench, r.name, `${r.value} ${r.unit}`.trim(), r.target, r.status, r.measured, r.load, r.speed].map(cell).join(' | ')} |`,
}));
const order = (bench) => (ALL.includes(bench) ? ALL.indexOf(bench) : ALL.length);
const table = [...kept, ...fresh].sort((a, b) => order(a.bench) - order(b.bench));
const count = (status) => table.filter((row) => row.line.includes(`| ${status} |`)).length;
const md = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (scripts/bench.mjs, modules in test/bench/ and packages/infra/src/*/\\*.bench.ts),',
  'on the embedded default (SQLite event store, embedded document store, in-process bus). A missed target is',
  'listed as MISSED, never hidden. Each row says when it was measured and the 1-minute load average of the',
  `machine when its bench started (${machine.cores} cores: a load above that means the figure was taken on a busy machine),`,
  'and its speed check: the milliseconds a fixed loop of 10⁸ additions took just before and just after the bench (lower',
  'is faster; ~150-250 on this machine at its quickest; on a virtual machine the host can slow every process down',
  'without any load showing). A slow check means a slow machine; a quick one does not prove a quick one: work that',
  'waits on memory (SQLite pages, large heaps) was seen a third slower while the loop ran at full speed.',
  '',
  '| machine | |',
  '| --- | --- |',
  `| CPU | ${cell(machine.cpu)} |`,
  `| cores | ${machine.cores} |`,
  `| memory | ${machine.memory} |`,
  `| Node.js | ${machine.node} |`,
  `| OS | ${cell(machine.os)} |`,
  `| date | ${date} |`,
  '',
  '| benchmark | figure | value | target | result | measured (UTC) | load | speed check (ms, before / after) |',
  '| --- | --- | ---: | --- | --- | --- | ---: | ---: |',
  ...table.map((row) => row.line),
  '',
  `${count('met')} met, ${count('MISSED')} missed, ${count('ERROR')} did not run.`,
  ...(errors.length > 0 ? ['', ...errors.map((e) => `- ${e.bench} did not run: ${cell(e.error.split('\n')[0])}`)] : []),
  '',
].join('\n');
writeFileSync('BENCHMARKS.md', md);
console.log('\nWrote BENCHMARKS.md');
process.exit(errors.length > 0 ? 1 : 0);
