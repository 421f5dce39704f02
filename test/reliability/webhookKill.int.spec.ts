import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, createSqliteEventStore, type EventStore } from '@stramien/infra';
import { WEBHOOK_SECRET_PURPOSE } from '@stramien/webhooks';
import { createTestEndpoint, startReceiver } from '@stramien/webhooks/testing';
import { defineService, repoRoot } from './support/service';

/**
 * The standalone webhook dispatcher (services/webhooks/src/main.ts) killed with SIGKILL in the middle of delivering and
 * started again: every event reaches the receiver (at least once, by webhook-id), none is lost; a SIGTERM ends it
 * within 5 s.
 */
const TOTAL = 400;
const JWT_SECRET = 'k'.repeat(48);

let dir: string;
let eventStore: EventStore;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const ids: string[] = [];
// not waited for: the kill must come while the first run delivers, so the test watches the receiver instead
const dispatcher = defineService({
  script: join(repoRoot, 'services', 'webhooks', 'src', 'main.ts'),
  http: true,
  env: () => ({ STRAMIEN_DATA_DIR: join(dir, 'data'), STRAMIEN_JWT_SECRET: JWT_SECRET, STRAMIEN_WEBHOOKS_ALLOWED_NETWORKS: '127.0.0.0/8' }),
});

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
  dispatcher.killAll();
  await receiver?.close();
  await eventStore?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the webhook dispatcher service', () => {
  it('killed with SIGKILL while delivering and started again, delivers every event', async () => {
    const first = await dispatcher.start();
    await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 5 }).toBeGreaterThan(20);
    await first.kill();
    const atKill = new Set(receiver.received.map((r) => r.id)).size;
    expect(atKill, 'killed in the middle of delivering').toBeLessThan(TOTAL);

    const second = await dispatcher.start();
    await expect.poll(() => new Set(receiver.received.map((r) => r.id)).size, { timeout: 60_000, interval: 100 }).toBe(TOTAL);
    expect([...new Set(receiver.received.map((r) => r.id))].sort()).toEqual([...ids].sort());
    await expect.poll(async () => (await fetch(`${second.url}/api/health/ready`).catch(() => null))?.status, { timeout: 10_000 }).toBe(200);

    const took = await second.terminate();
    expect(took, `still running; stderr:\n${second.stderr()}`).not.toBeNull();
    expect(took, second.stderr()).toBeLessThan(5_000);
  }, 120_000);
});
