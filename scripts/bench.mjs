// `npm run bench`: runs every benchmark (test/bench/run.ts), each in its own process so one's memory and
// timers do not weigh on the next, prints each figure next to its target with 'met' or 'MISSED', and writes
// BENCHMARKS.md at the repo root with the machine and the date. A missed target is printed and written,
// never turned into a failure; the exit code is non-zero only when a benchmark could not run.
// `npm run bench -- replay commands` runs only the named ones (BENCHMARKS.md is then not rewritten).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNpm } from './ensure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
ensureNpm();

const ALL = ['eventStore', 'documentStore', 'replay', 'commands', 'notifications', 'export', 'webAssets', 'tasks', 'webhooks', 'tables'];
const requested = process.argv.slice(2);
const names = requested.length > 0 ? requested : ALL;
mkdirSync('.tmp', { recursive: true });

const results = [];
for (const name of names) {
  const out = join('.tmp', `bench-${name}.json`);
  rmSync(out, { force: true });
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/bench/run.ts', name, '--out', out], {
    stdio: 'inherit',
  });
  if (existsSync(out)) {
    results.push(...JSON.parse(readFileSync(out, 'utf8')));
  } else {
    const reason = run.error ? run.error.message : `exited with ${run.status ?? run.signal}`;
    results.push({ bench: name, figures: [], error: `no result (${reason})`, seconds: (Date.now() - started) / 1000 });
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
    ? [{ bench: r.bench, name: `${r.bench} did not run`, value: 'ERROR', unit: '', target: '', status: 'ERROR', error: r.error }]
    : r.figures.map((f) => ({
        bench: r.bench,
        name: f.name,
        value: typeof f.value === 'number' ? f.value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(f.value),
        unit: f.unit,
        target: f.target,
        status: f.target === '-' || f.target === 'info' ? 'info' : f.met ? 'met' : 'MISSED',
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

if (requested.length === 0) {
  const cell = (s) => String(s).replace(/\|/g, '\\|');
  const md = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (scripts/bench.mjs, modules in test/bench/ and packages/infra/src/*/\\*.bench.ts),',
    'on the embedded default (SQLite event store, embedded document store, in-process bus). A missed target is',
    'listed as MISSED, never hidden.',
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
    '| benchmark | figure | value | target | result |',
    '| --- | --- | ---: | --- | --- |',
    ...rows.map((r) => `| ${r.bench} | ${cell(r.name)} | ${cell(`${r.value} ${r.unit}`.trim())} | ${cell(r.target)} | ${r.status} |`),
    '',
    `${rows.filter((r) => r.status === 'met').length} met, ${missed.length} missed, ${errors.length} did not run.`,
    ...(errors.length > 0 ? ['', ...errors.map((e) => `- ${e.bench} did not run: ${cell(e.error.split('\n')[0])}`)] : []),
    '',
  ].join('\n');
  writeFileSync('BENCHMARKS.md', md);
  console.log('\nWrote BENCHMARKS.md');
}
process.exit(errors.length > 0 ? 1 : 0);
