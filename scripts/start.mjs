// `npm start`: installs what is missing, builds, and runs everything in one process on
// http://localhost:8080 (PORT) on the embedded default, data in ./data (STRAMIEN_DATA_DIR).
import { execSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureNpm } from './ensure.mjs';

ensureNpm();
execSync('npx turbo run build --output-logs=errors-only', { stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const child = spawn(process.execPath, ['services/commands/dist/allInOne.js'], {
  stdio: 'inherit',
  env: { STRAMIEN_WEB_DIST: resolve('apps/web/dist'), STRAMIEN_COMMIT: commit, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
