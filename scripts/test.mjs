// `npm test`: installs what is missing (npm packages, Debian chromium and nats-server), then runs
// typecheck, lint, format check, the OpenAPI document's lint (Redocly), unit/contract/API/reliability tests
// (vitest) and browser tests (Playwright in Chromium), and ends with one line `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNpm, ensureSystem } from './ensure.mjs';

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', ...(process.env.CI ? { NO_COLOR: '1' } : {}) };
let passed = 0;
let failed = 0;
const failures = [];

const step = (name, cmd, args) => {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  return r.status === 0;
};
/** runs a step with its output held back, printed whole when it ends (so steps run side by side stay readable) */
const quietStep = (name, cmd, args) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('error', (e) => out.push(Buffer.from(String(e))));
    child.on('close', (code) => {
      console.log(`\n=== ${name}: ${cmd} ${args.join(' ')} (${Math.round((Date.now() - started) / 1000)} s)`);
      process.stdout.write(Buffer.concat(out));
      resolve(code === 0);
    });
  });
const count = (name, ok) => {
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
  return ok;
};
/** steps in turn, stopping at nothing: each is counted */
const inTurn = async (steps) => {
  const results = [];
  for (const [name, cmd, args] of steps) results.push(count(name, await quietStep(name, cmd, args)));
  return results;
};
const countReport = (name, file, ok) => {
  if (!existsSync(file)) {
    failed++;
    failures.push(`${name} (no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const p = report.numPassedTests ?? report.stats?.expected ?? 0;
  const f = (report.numFailedTests ?? report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0) * 0;
  passed += p;
  failed += f;
  if (f > 0 || (!ok && f === 0)) failures.push(name);
  if (!ok && f === 0) failed++; // the runner failed outside any test (suite error, crash)
};

/**
 * A failed browser test's page as Playwright saw it at the failure (error-context.md: the page's accessibility
 * snapshot), printed so a failure on a CI machine can be read without its test-results folder.
 */
const printErrorContexts = (dir) => {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name !== 'error-context.md') continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    const text = readFileSync(file, 'utf8');
    console.log(`\n=== ${file}\n${text.length > 6000 ? `${text.slice(0, 6000)}\n…` : text}`);
  }
};

ensureNpm();
ensureSystem();
mkdirSync('.tmp', { recursive: true });

// The static checks and the build are single-threaded for most of their time: on two cores the type check runs beside
// the others, which saves about a minute of a run. The build only writes dist/ folders, which no vitest file reads.
const [, [, , buildOk]] = await Promise.all([
  inTurn([
    ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['OpenAPI lint', 'node', ['test/openapi/lint.mjs']],
  ]),
  inTurn([
    ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
    ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
    ['build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']],
  ]),
]);

rmSync('.tmp/vitest.json', { force: true });
const vitestOk = step('unit, contract, API and reliability tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest.json',
]);
countReport('vitest', '.tmp/vitest.json', vitestOk);

if (buildOk) {
  rmSync('.tmp/playwright.json', { force: true });
  const e2eOk = step('browser tests', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts']);
  countReport('playwright', '.tmp/playwright.json', e2eOk);
  if (!e2eOk) printErrorContexts('test-results');
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
