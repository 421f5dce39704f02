import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, createSqliteEventStore, type EventStore } from '@stramien/infra';
import { WEBHOOK_SECRET_PURPOSE } from '@stramien/webhooks';
import { createTestEndpoint, startReceiver } from '@stramien/webhooks/testing';

/**
 * The standalone webhook dispatcher (services/webhooks/src/main.ts) killed with SIGKILL in the middle of delivering and
 * started again: every event reaches the receiver (at least once, by webhook-id), none is lost; a SIGTERM ends it
 * within 5 s.
 */
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const webhooksMain = join(repoRoot, 'services', 'webhooks', 'src', 'main.ts');
const TOTAL = 400;
const JWT_SECRET = 'k'.repeat(48);

let dir: string;
let eventStore: EventStore;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const ids: string[] = [];
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

const startDispatcher = async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', webhooksMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      STRAMIEN_DATA_DIR: join(dir, 'data'),
      STRAMIEN_JWT_SECRET: JWT_SECRET,
      STRAMIEN_WEBHOOKS_ALLOWED_NETWORKS: '127.0.0.0/8',
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
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      children.delete(child);
      done();
    }),
  );
  return { child, exited, url: `http://127.0.0.1:${port}`, stderr: () => stderr };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-webhook-kill-'));
  eventStore = createSqliteEventStore({ file: join(dir, 'data', 'events.sqlite') });
  // each answer takes a little while, so deliveries are in flight when the kill comes
  receiver = await startReceiver({ secrets: () => [], respond: () => new Promise((r) => setTimeout(() => r(204), 5)) });
  const box = createSecretBox({ secret: new TextEncoder().encode(JWT_SECRET), purpose: WEBHOOK_SECRET_PURPOSE });
  await createTestEndpoint(eventStore, box, { endpointId: randomUUID(), licenceId: 'l1', url: receiver.url });
  const meta = { userId: 'u1', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' };
  for (let i = 0; i < TOTAL; i++) {
    const id = randomUUID();
    await eventStore.append(`thing-${randomUUID()}`, [{ id, type: 'ThingHappened', data: { i }, metadata: meta }], 'no_stream');
    ids.push(id);
  }
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await receiver?.close();
  await eventStore?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the webhook dispatcher service', () => {
  it('killed with SIGKILL while delivering and started again, delivers every event', async () => {
    const first = await startDispatcher();
    await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 5 }).toBeGreaterThan(20);
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = new Set(receiver.received.map((r) => r.id)).size;
    expect(atKill, 'killed in the middle of delivering').toBeLessThan(TOTAL);

    const second = await startDispatcher();
    await expect.poll(() => new Set(receiver.received.map((r) => r.id)).size, { timeout: 60_000, interval: 100 }).toBe(TOTAL);
    expect([...new Set(receiver.received.map((r) => r.id))].sort()).toEqual([...ids].sort());
    await expect.poll(async () => (await fetch(`${second.url}/api/health/ready`).catch(() => null))?.status, { timeout: 10_000 }).toBe(200);

    const signalled = Date.now();
    second.child.kill('SIGTERM');
    await second.exited;
    expect(Date.now() - signalled, second.stderr()).toBeLessThan(5_000);
  }, 120_000);
});
