import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const childScript = join(import.meta.dirname, 'testing', 'writeEverything.ts');

/** every path under dir (dir included) with its permission bits */
const modesUnder = (dir: string): Array<{ path: string; kind: 'dir' | 'file'; mode: number }> => {
  const out: Array<{ path: string; kind: 'dir' | 'file'; mode: number }> = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    out.push({ path, kind: stat.isDirectory() ? 'dir' : 'file', mode: stat.mode & 0o777 });
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return out;
};

const expectPrivate = (dataDir: string) => {
  const entries = modesUnder(dataDir);
  const wrong = entries
    .filter((e) => e.mode !== (e.kind === 'dir' ? 0o700 : 0o600))
    .map((e) => `${e.path.slice(dataDir.length) || '/'} ${e.mode.toString(8)}`);
  expect(wrong).toEqual([]);
  return entries;
};

/** another OS user (nobody) tries to read or list each path; answers those it could read */
const readableByNobody = (paths: Array<{ path: string; kind: 'dir' | 'file' }>): string[] =>
  paths
    .filter(
      ({ path, kind }) =>
        spawnSync('runuser', ['-u', 'nobody', '--', kind === 'dir' ? 'ls' : 'cat', path], { stdio: 'ignore' }).status === 0,
    )
    .map(({ path }) => path);

let parent: string;
let dataDir: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'stramien-private-'));
  // the data dir's parent is open to everyone, so only the data dir's own modes keep other users out
  chmodSync(parent, 0o755);
  dataDir = join(parent, 'data');
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

/** runs the child until it has written everything; calls check while its stores are open, then lets it close */
const runChild = async (check: () => void) => {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout });
  const ready = await Promise.race([
    new Promise<boolean>((resolve) => lines.on('line', (line) => line === 'ready' && resolve(true))),
    exited.then(() => false),
  ]);
  expect(ready, 'the child wrote everything').toBe(true);
  try {
    check();
  } finally {
    child.stdin.write('close\n');
  }
  expect(await exited).toBe(0);
};

describe('the data dir', () => {
  describe('when the service runs under umask 022', () => {
    // the child inherits this process's umask, which another file of the same test worker may have changed
    let umask: number;
    beforeEach(() => {
      umask = process.umask(0o022);
    });
    afterEach(() => {
      process.umask(umask);
    });
    it('keeps every directory 0700 and every file 0600, SQLite WAL and SHM included, so no other user reads them', async () => {
      await runChild(() => {
        const entries = expectPrivate(dataDir);
        const names = entries.map((e) => e.path.slice(dataDir.length + 1));
        expect(names).toEqual(
          expect.arrayContaining([
            'events.sqlite',
            'events.sqlite-wal',
            'events.sqlite-shm',
            'documents.sqlite',
            'documents.sqlite-wal',
            'jwt-secret',
            'blobs',
            'mail',
          ]),
        );
        expect(names.some((n) => n.startsWith('mail/') && n.endsWith('.json'))).toBe(true);
        expect(names.some((n) => /^blobs\/[^.][^/]*\/[^/]+\.json$/.test(n))).toBe(true);
        if (process.getuid?.() !== 0) {
          console.log('skipped the other-user read check: it needs root to switch to the user nobody');
          return;
        }
        // the check itself works: nobody can read a world-readable file next to the data dir
        writeFileSync(join(parent, 'open.txt'), 'open', { mode: 0o644 });
        expect(readableByNobody([{ path: join(parent, 'open.txt'), kind: 'file' }])).toHaveLength(1);
        expect(readableByNobody(entries)).toEqual([]);
      });
      expectPrivate(dataDir);
    });
  });

  describe('when a data dir of an older version is readable by others', () => {
    it('makes it private at start', async () => {
      mkdirSync(join(dataDir, 'mail'), { recursive: true, mode: 0o755 });
      chmodSync(dataDir, 0o755);
      chmodSync(join(dataDir, 'mail'), 0o755);
      writeFileSync(join(dataDir, 'mail', 'old-reset.json'), '{"text":"reset link"}', { mode: 0o644 });
      chmodSync(join(dataDir, 'mail', 'old-reset.json'), 0o644);
      await runChild(() => void expectPrivate(dataDir));
    });
  });
});
