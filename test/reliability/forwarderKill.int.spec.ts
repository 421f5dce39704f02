import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@stramien/infra';
import { startNatsServer, type NatsServerHandle } from '@stramien/infra/testing/index';
import { connectTo, exactlyOnce, sleep, streamCount, streamMessageIds } from './support/natsStream';
import { defineService, repoRoot, type Service } from './support/service';

/**
 * The standalone projections worker (services/projections/src/main.ts, the forwarder's process) against a real
 * nats-server: killed with SIGKILL in the middle of forwarding and started again, it leaves every event in the stream
 * exactly once and reports the forwarder running and caught up at its health endpoint; and a SIGTERM with NATS gone
 * ends it within 5 s.
 */
const TOTAL = 10_000;

let nats: NatsServerHandle;
let dir: string;
let ids: string[];
let reader: Awaited<ReturnType<typeof connectTo>>;
const services: Service[] = [];
/** a service of the repo against the test's nats-server and data dir */
const service = (path: string[], ready?: 'health'): Service => {
  const defined = defineService({
    script: join(repoRoot, 'services', ...path),
    http: true,
    ready,
    env: () => ({ NATS_URL: nats.url, STRAMIEN_DATA_DIR: join(dir, 'data') }),
  });
  services.push(defined);
  return defined;
};
// not waited for: the kill must come while the first run forwards, so the test watches the stream instead
const projections = service(['projections', 'src', 'main.ts']);

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
  for (const s of services) s.killAll();
  await reader?.close();
  await nats?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the projections worker (the forwarder)', () => {
  it('killed with SIGKILL while forwarding and started again, leaves every event in the stream exactly once', async () => {
    const first = await projections.start();
    await expect.poll(() => streamCount(reader.connection), { timeout: 30_000, interval: 10 }).toBeGreaterThan(1_000);
    await first.kill();
    const atKill = await streamCount(reader.connection);
    expect(atKill, 'killed in the middle of forwarding').toBeLessThan(TOTAL);

    const second = await projections.start();
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
    const took = await second.terminate();
    expect(took, `still running; stderr:\n${second.stderr()}`).not.toBeNull();
    expect(took, 'shutdown with NATS gone').toBeLessThan(5_000);
    await nats.start();
  });
});

describe.each([
  ['the notifier service', service(['notifier', 'src', 'main.ts'], 'health')],
  ['the one-process runtime (npm start)', service(['commands', 'src', 'allInOne.ts'], 'health')],
])('%s', (_name, defined) => {
  it('ends within 5 s of a SIGTERM while NATS is unreachable', async () => {
    const run = await defined.start();
    await nats.halt();
    await expect.poll(async () => (await fetch(`${run.url}/api/health/ready`)).status, { timeout: 10_000 }).toBe(503);
    const took = await run.terminate();
    expect(took, `still running; stderr:\n${run.stderr()}`).not.toBeNull();
    expect(took, 'shutdown with NATS gone').toBeLessThan(5_000);
    await nats.start();
  });
});
