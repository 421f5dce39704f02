import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@stramien/infra/testing/index';
import { DEMO, startTestServer, type TestServer } from '@stramien/commands/testing/testServer';
import { NOTIFICATIONS_COLLECTION } from '@stramien/notifier';
import { connectTo, exactlyOnce, sleep, streamMessageIds } from './support/natsStream';

/**
 * The reported defect: with NATS_URL set, nats-server stopped for 2 s while commands run, then started again. Every
 * event must reach the STRAMIEN stream exactly once within 10 s of the recovery, and readiness must say so.
 */
let nats: NatsServerHandle;
let server: TestServer;
let reader: Awaited<ReturnType<typeof connectTo>>;

beforeAll(async () => {
  nats = await startNatsServer();
  server = await startTestServer({ NATS_URL: nats.url });
  reader = await connectTo(nats.url);
});
afterAll(async () => {
  await reader?.close();
  await server?.close();
  await nats?.stop();
});

const health = async (path = '/api/health') => {
  const res = await fetch(`${server.url}${path}`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; components: Array<{ name: string; state: string; lag: number | null }> },
  };
};

const allEventIds = async () => (await server.adapters.eventStore.readAll()).map((e) => e.id);

describe('the bus forwarder', () => {
  describe('when nats-server stops for 2 s while commands run, then starts again', () => {
    it('publishes every event to the stream exactly once within 10 s, and reports ready again', async () => {
      await server.signIn(DEMO.admin, 'device-before');
      await expect
        .poll(async () => exactlyOnce(await streamMessageIds(reader.connection), await allEventIds()), { timeout: 10_000 })
        .toEqual({
          missing: 0,
          duplicated: 0,
          unexpected: 0,
        });
      await expect.poll(async () => (await health('/api/health/ready')).status, { timeout: 10_000 }).toBe(200);

      await nats.halt();
      const stoppedAt = Date.now();
      // commands while NATS is gone: each sign-in from a new device appends events
      for (let i = 0; i < 3; i++) await server.signIn(DEMO.admin, `device-during-${i}`);
      await expect.poll(async () => (await health('/api/health/ready')).status, { timeout: 5_000 }).toBe(503);
      await sleep(Math.max(0, 2_000 - (Date.now() - stoppedAt)));
      await nats.start();

      const expected = await allEventIds();
      await expect
        .poll(async () => exactlyOnce(await streamMessageIds(reader.connection), expected), { timeout: 10_000, interval: 200 })
        .toEqual({
          missing: 0,
          duplicated: 0,
          unexpected: 0,
        });
      await expect.poll(async () => (await health('/api/health/ready')).status, { timeout: 10_000 }).toBe(200);
      const { body } = await health();
      expect(body.status).toBe('ok');
      expect(body.components.find((c) => c.name === 'forwarder')).toMatchObject({ state: 'running', lag: 0 });

      // the notifier's durable consumer came through the restart: every sign-in from a new device has its notification
      const newDeviceSignIns = (await server.adapters.eventStore.readAll()).filter(
        (e) => e.type === 'UserSignedIn' && (e.data as { newDevice: boolean }).newDevice,
      );
      expect(newDeviceSignIns.length).toBeGreaterThanOrEqual(4);
      await expect
        .poll(() => server.adapters.documentStore.collection(NOTIFICATIONS_COLLECTION).count(), { timeout: 10_000 })
        .toBe(newDeviceSignIns.length);

      // and it keeps forwarding
      await server.signIn(DEMO.admin, 'device-after');
      const later = await allEventIds();
      await expect
        .poll(async () => exactlyOnce(await streamMessageIds(reader.connection), later), { timeout: 10_000 })
        .toEqual({
          missing: 0,
          duplicated: 0,
          unexpected: 0,
        });
    });
  });
});
