import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@stramien/infra';
import { startNatsServer, type NatsServerHandle } from '@stramien/infra/testing/index';
import { connectTo, exactlyOnce, sleep, streamCount, streamMessageIds } from './support/natsStream';

/**
 * The standalone projections worker (services/projections/src/main.ts, the forwarder's process) against a real
 * nats-server: killed with SIGKILL in the middle of forwarding and started again, it leaves every event in the stream
 * exactly once and reports the forwarder running and caught up at its health endpoint; and a SIGTERM with NATS gone
 * ends it within 5 s.
 */
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const projectionsMain = join(repoRoot, 'services', 'projections', 'src', 'main.ts');
const notifierMain = join(repoRoot, 'services', 'notifier', 'src', 'main.ts');
const allInOneMain = join(repoRoot, 'services', 'commands', 'src', 'allInOne.ts');
const TOTAL = 10_000;

let nats: NatsServerHandle;
let dir: string;
let ids: string[];
let reader: Awaited<ReturnType<typeof connectTo>>;
const children = new Set<ChildProcess>();

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

const startWorker = async (script = projectionsMain) => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NATS_URL: nats.url,
      STRAMIEN_DATA_DIR: join(dir, 'data'),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4_000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      done({ code, signal });
    }),
  );
  return { child, exited, url: `http://127.0.0.1:${port}`, stderr: () => stderr };
};

beforeAll(async () => {
  nats = await startNatsServer();
  reader = await connectTo(nats.url);
  dir = mkdtempSync(join(tmpdir(), 'stramien-forwarder-kill-'));
  const eventStore = createSqliteEventStore({ file: join(dir, 'data', 'events.sqlite') });
  const meta = { userId: 'system', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' };
  ids = [];
  try {
    for (let s = 0; s < TOTAL / 100; s++) {
      const events = Array.from({ length: 100 }, (_, i) => ({ id: randomUUID(), type: 'ThingHappened', data: { i }, metadata: meta }));
      await eventStore.append(`thing-${randomUUID()}`, events, 'no_stream');
      ids.push(...events.map((e) => e.id));
    }
  } finally {
    await eventStore.close();
  }
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await reader?.close();
  await nats?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the projections worker (the forwarder)', () => {
  it('killed with SIGKILL while forwarding and started again, leaves every event in the stream exactly once', async () => {
    const first = await startWorker();
    await expect.poll(() => streamCount(reader.connection), { timeout: 30_000, interval: 10 }).toBeGreaterThan(1_000);
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = await streamCount(reader.connection);
    expect(atKill, 'killed in the middle of forwarding').toBeLessThan(TOTAL);

    const second = await startWorker();
    await expect.poll(() => streamCount(reader.connection), { timeout: 30_000, interval: 100 }).toBe(TOTAL);
    expect(exactlyOnce(await streamMessageIds(reader.connection), ids)).toEqual({ missing: 0, duplicated: 0, unexpected: 0 });
    const health = async () => (await fetch(`${second.url}/api/health`)).json() as Promise<{ components: Array<{ name: string }> }>;
    await expect
      .poll(async () => (await health()).components.find((c) => c.name === 'forwarder'), { timeout: 10_000 })
      .toMatchObject({ state: 'running', lag: 0 });
    expect((await fetch(`${second.url}/api/health/ready`)).status).toBe(200);
    expect((await fetch(`${second.url}/api/health/live`)).status).toBe(200);

    // SIGTERM with NATS unreachable: the worker still ends within 5 s
    await nats.halt();
    // give the client time to see the connection go
    await sleep(1_000);
    const signalled = Date.now();
    second.child.kill('SIGTERM');
    const result = await Promise.race([second.exited, new Promise((done) => setTimeout(() => done('still running'), 15_000))]);
    const took = Date.now() - signalled;
    expect(result, second.stderr()).not.toBe('still running');
    expect(took, 'shutdown with NATS gone').toBeLessThan(5_000);
    await nats.start();
  });
});

describe.each([
  ['the notifier service', notifierMain],
  ['the one-process runtime (npm start)', allInOneMain],
])('%s', (_name, script) => {
  it('ends within 5 s of a SIGTERM while NATS is unreachable', async () => {
    const service = await startWorker(script);
    await expect
      .poll(async () => (await fetch(`${service.url}/api/health/ready`).catch(() => null))?.status, { timeout: 30_000, interval: 100 })
      .toBe(200);
    await nats.halt();
    await expect.poll(async () => (await fetch(`${service.url}/api/health/ready`)).status, { timeout: 10_000 }).toBe(503);
    const signalled = Date.now();
    service.child.kill('SIGTERM');
    const result = await Promise.race([service.exited, new Promise((done) => setTimeout(() => done('still running'), 15_000))]);
    const took = Date.now() - signalled;
    expect(result, service.stderr()).not.toBe('still running');
    expect(took, 'shutdown with NATS gone').toBeLessThan(5_000);
    await nats.start();
  });
});
