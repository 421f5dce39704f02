import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { derivedId } from '@stramien/domain/shared/ids';
import { processLoaders, startModuleWorker } from './moduleWorker';

const ECHO = new URL('../testing/echo.worker.ts', import.meta.url);
const started: Worker[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((w) => w.terminate()));
});
const ask = async (worker: Worker, text: string): Promise<unknown> => {
  worker.postMessage(text);
  const [answer] = await once(worker, 'message');
  return answer;
};

describe('startModuleWorker', () => {
  it('runs a TypeScript module that imports a workspace package, with its workerData', async () => {
    const worker = startModuleWorker(ECHO, { workerData: { prefix: '> ' } });
    started.push(worker);
    expect(await ask(worker, 'abc')).toBe(`> abc ${derivedId('abc')}`);
  });

  it("ends with the module's error as the thread's 'error'", async () => {
    const worker = startModuleWorker(ECHO, { workerData: { prefix: '' } });
    started.push(worker);
    worker.postMessage('fail');
    const [error] = await once(worker, 'error');
    expect((error as Error).message).toBe('asked to fail');
  });

  it('refuses a module not named *.worker.ts, and one that is not there in either form', () => {
    expect(() => startModuleWorker(new URL('./moduleWorker.ts', import.meta.url))).toThrow('is not a *.worker.ts module');
    expect(() => startModuleWorker(new URL('./absent.worker.ts', import.meta.url))).toThrow(
      /neither .*absent\.worker\.ts nor .*absent\.worker\.js exists/,
    );
  });

  it('runs the bundled .js beside the caller when the .ts is not there (a service dist/)', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'module-worker-'));
    try {
      writeFileSync(
        join(dist, 'echo.worker.js'),
        "import { parentPort } from 'node:worker_threads'; parentPort.on('message', (m) => parentPort.postMessage('bundled ' + m));",
      );
      writeFileSync(join(dist, 'package.json'), '{"type":"module"}');
      const worker = startModuleWorker(new URL('echo.worker.ts', pathToFileURL(`${dist}/`)));
      started.push(worker);
      expect(await ask(worker, 'x')).toBe('bundled x');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("registers the process's own loaders in the thread (node --import tsx, as the benches and `tsx` start)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'module-worker-'));
    try {
      const script = join(dir, 'main.mts');
      writeFileSync(
        script,
        `import { once } from 'node:events';
import { startModuleWorker } from ${JSON.stringify(new URL('./moduleWorker.ts', import.meta.url).href)};
const worker = startModuleWorker(new URL(${JSON.stringify(ECHO.href)}), { workerData: { prefix: 'tsx ' } });
worker.postMessage('q');
const [answer] = await once(worker, 'message');
console.log(answer);
await worker.terminate();
`,
      );
      const out = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), encoding: 'utf8' });
      expect(out.trim()).toBe(`tsx q ${derivedId('q')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('processLoaders', () => {
  it('reads --import and --loader in both spellings, in order, and nothing else', () => {
    expect(
      processLoaders(['--conditions', 'x', '--import', 'tsx', '--import=./a.mjs', '--loader', 'l', '--experimental-loader=e', '--inspect']),
    ).toEqual([
      { kind: 'import', specifier: 'tsx' },
      { kind: 'import', specifier: './a.mjs' },
      { kind: 'hooks', specifier: 'l' },
      { kind: 'hooks', specifier: 'e' },
    ]);
  });
});
