import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createSecretBox, createSqliteEventStore } from '@stramien/infra';
import { createTargetPolicy, createWebhookDispatcher, WEBHOOK_SECRET_PURPOSE } from '@stramien/webhooks';
import { createTestEndpoint, startReceiver } from '@stramien/webhooks/testing';
import { atLeast, atMost, info, percentile, round, type BenchFigure } from './figures';

export interface WebhooksBenchOptions {
  /** events appended one after another for the latency; default 200 */
  samples?: number;
  /** events for the throughput; default 5,000 */
  events?: number;
  log?: (line: string) => void;
}

/**
 * Webhooks on the embedded default (issue 10), the dispatcher against local receivers over HTTP:
 * - event appended -> webhook received, one event at a time (p50, p95);
 * - deliveries per second to two receivers while a third endpoint answers each delivery after 5 s.
 */
export async function benchWebhooks(options: WebhooksBenchOptions = {}): Promise<BenchFigure[]> {
  const samples = options.samples ?? 200;
  const total = options.events ?? 5_000;
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'stramien-bench-webhooks-'));
  const eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  const documentStore = createEmbeddedDocumentStore({ file: join(dir, 'docs.sqlite') });
  const box = createSecretBox({ secret: new TextEncoder().encode('b'.repeat(48)), purpose: WEBHOOK_SECRET_PURPOSE });
  const arrivals = new Map<string, number>();
  const latency = await startReceiver({ secrets: () => [], respond: (r) => (arrivals.set(r.id, performance.now()), 204) });
  const fast = [await startReceiver({ secrets: () => [] }), await startReceiver({ secrets: () => [] })];
  const slow = await startReceiver({ secrets: () => [], respond: () => new Promise((r) => setTimeout(() => r(204), 5_000)) });
  const dispatcher = createWebhookDispatcher({ eventStore, documentStore, secretBox: box, policy: createTargetPolicy(['127.0.0.0/8']) });
  const meta = () => ({ userId: 'u1', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() });
  const waitFor = async (done: () => boolean, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 1));
    return done();
  };
  try {
    await createTestEndpoint(eventStore, box, { endpointId: 'latency', licenceId: 'l1', url: latency.url, eventTypes: ['probe.*'] });
    await dispatcher.start();
    const delays: number[] = [];
    for (let i = 0; i < samples; i++) {
      const id = randomUUID();
      const sent = performance.now();
      await eventStore.append(`probe-${id}`, [{ id, type: 'ProbeSent', data: { i }, metadata: meta() }], 'no_stream');
      if (await waitFor(() => arrivals.has(id), 10_000)) delays.push(arrivals.get(id)! - sent);
    }
    log(`latency: ${delays.length}/${samples} received`);

    for (const [i, receiver] of fast.entries())
      await createTestEndpoint(eventStore, box, { endpointId: `fast-${i}`, licenceId: 'l1', url: receiver.url, eventTypes: ['load.*'] });
    await createTestEndpoint(eventStore, box, { endpointId: 'slow', licenceId: 'l1', url: slow.url, eventTypes: ['load.*'] });
    const started = performance.now();
    for (let i = 0; i < total; i += 100) {
      const events = Array.from({ length: Math.min(100, total - i) }, (_, k) => ({
        id: randomUUID(),
        type: 'LoadApplied',
        data: { i: i + k },
        metadata: meta(),
      }));
      await eventStore.append(`load-${randomUUID()}`, events, 'no_stream');
    }
    const all = await waitFor(() => fast.every((r) => r.received.length >= total), 300_000);
    const seconds = (performance.now() - started) / 1000;
    log(
      `throughput: ${fast.map((r) => r.received.length).join(', ')} of ${total} each in ${round(seconds)} s; slow endpoint got ${slow.received.length}`,
    );
    return [
      atMost('webhooks: event appended -> received, p95', round(percentile(delays, 95)), 'ms', 200),
      info('webhooks: event appended -> received, p50', round(percentile(delays, 50)), 'ms'),
      atLeast(
        'webhooks: deliveries/s (2 receivers, a third endpoint answering after 5 s)',
        all ? round((2 * total) / seconds, 0) : 0,
        '/s',
        1_000,
      ),
    ];
  } finally {
    await dispatcher.stop();
    for (const r of [latency, ...fast, slow]) await r.close();
    await eventStore.close();
    await documentStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
