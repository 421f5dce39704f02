import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthReportSchema } from '@stramien/api';
import { startTestServer, type TestServer } from '../../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/health', () => {
  it('answers without a token with every reader of the process running and caught up', async () => {
    await expect.poll(async () => (await fetch(`${server.url}/api/health/ready`)).status, { timeout: 10_000 }).toBe(200);
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const report = healthReportSchema.parse(await res.json());
    expect(report.status).toBe('ok');
    expect(report.components.map((c) => c.name).sort()).toEqual([
      'forwarder',
      'job-worker',
      'notifier',
      'projections',
      'socket-hub',
      'webhooks',
      'workflows',
    ]);
    const lags = async () =>
      Object.fromEntries(
        healthReportSchema.parse(await (await fetch(`${server.url}/api/health`)).json()).components.map((c) => [c.name, c.lag]),
      );
    // the socket hub's core subscriptions keep nothing, so their lag is unknown
    await expect
      .poll(lags)
      .toEqual({ forwarder: 0, projections: 0, notifier: 0, 'job-worker': 0, 'socket-hub': null, webhooks: 0, workflows: 0 });
    for (const component of report.components) expect(component).toMatchObject({ state: 'running', retries: 0, lastError: null });
  });

  it('answers liveness while the process serves', async () => {
    const res = await fetch(`${server.url}/api/health/live`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'live' });
  });

  it('is documented as public in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, { get?: { security?: unknown; responses?: Record<string, unknown> } }>;
    };
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(Object.keys(doc.paths['/api/health/ready']?.get?.responses ?? {})).toEqual(['200', '503']);
  });
});
