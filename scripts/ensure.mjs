// Installs what is missing: npm packages (when node_modules is absent or older than the lock file)
// and, with --system, Debian's chromium and nats-server for the browser and NATS tests.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const run = (cmd) => execSync(cmd, { stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
const has = (bin) => {
  try {
    execSync(`command -v ${bin}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};

export const ensureNpm = () => {
  const marker = 'node_modules/.package-lock.json';
  const stale =
    !existsSync(marker) || (existsSync('package-lock.json') && statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs + 1000);
  if (stale) {
    console.log('Installing npm packages…');
    // not `npm ci`: the registry this project installs from lacks other platforms' optional binaries
    // (rollup, turbo), which npm leaves out of the lock file and `npm ci` then reports as missing.
    // `npm install` still installs exactly the locked versions. --prefer-offline takes what npm's cache holds
    // without asking the registry whether it changed (the lock file pins every version and its integrity):
    // about a minute less on a machine whose cache is warm, the same where it is cold.
    run('npm install --prefer-offline --no-audit --no-fund');
  }
};

export const ensureSystem = () => {
  const missing = [
    ['chromium', '/usr/bin/chromium'],
    ['nats-server', 'nats-server'],
  ].filter(
    ([, bin]) => !(bin.startsWith('/') ? existsSync(bin) : has(bin)) && !(bin === 'nats-server' && existsSync('/usr/sbin/nats-server')),
  );
  if (missing.length === 0) return;
  const names = missing.map(([pkg]) => pkg).join(' ');
  if (process.getuid?.() !== 0 && !has('sudo')) {
    throw new Error(`Missing system packages: ${names}. Install them with: apt-get install -y ${names}`);
  }
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  console.log(`Installing Debian packages: ${names}…`);
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureNpm();
  if (process.argv.includes('--system')) ensureSystem();
}
