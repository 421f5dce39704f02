import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventRoutes, identityRoutes } from '@stramien/api';
import { DEMO, startTestServer } from '@stramien/commands/testing/testServer';
import { createEmbeddedDocumentStore, createSecretBox, createSqliteEventStore } from '@stramien/infra';
import { createTargetPolicy, createWebhookDispatcher, WEBHOOK_SECRET_PURPOSE } from '@stramien/webhooks';
import { createTestEndpoint, startReceiver } from '@stramien/webhooks/testing';
import { atLeast, atMost, info, percentile, round, type BenchFigure } from './figures';
import { createHttpClient } from './http';

export interface WebhooksBenchOptions {
  /** events appended one after another for the latency; default 200 */
  samples?: number;
  /** events for the throughput; default 5,000 */
  events?: number;
  /** the event feed's page; default 10,000 (issue 10) */
  feedPage?: number;
  log?: (line: string) => void;
}

/**
 * Webhooks on the embedded default (issue 10), the dispatcher against local receivers over HTTP:
 * - event appended -> webhook received, one event at a time (p50, p95);
 * - deliveries per second to two receivers while a third endpoint answers each delivery after 5 s;
 * - the event feed (GET /api/events over HTTP, the whole product in this process): a page of 10,000 events.
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
    const cpuBefore = process.cpuUsage();
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
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    log(
      `throughput: ${fast.map((r) => r.received.length).join(', ')} of ${total} each in ${round(seconds)} s; slow endpoint got ${slow.received.length}`,
    );
    const feed = await benchEventFeed(options.feedPage ?? 10_000, log);
    return [
      ...feed,
      atMost('webhooks: event appended -> received, p95', round(percentile(delays, 95)), 'ms', 200),
      info('webhooks: event appended -> received, p50', round(percentile(delays, 50)), 'ms'),
      atLeast(
        'webhooks: deliveries/s (2 receivers, a third endpoint answering after 5 s)',
        all ? round((2 * total) / seconds, 0) : 0,
        '/s',
        1_000,
      ),
      // what the deliveries cost in CPU (dispatcher, stores and the receivers, all in this process): the rate a core of
      // its own would reach, when the shared machine is busy
      info('webhooks: deliveries per CPU second', all ? round((2 * total) / cpuSeconds, 0) : 0, '/s'),
    ];
  } finally {
    await dispatcher.stop();
    for (const r of [latency, ...fast, slow]) await r.close();
    await eventStore.close();
    await documentStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** GET /api/events?limit=<page> as a licence admin, after `page` more events of the licence were appended: ms per page */
async function benchEventFeed(page: number, log: (line: string) => void): Promise<BenchFigure[]> {
  const server = await startTestServer();
  const http = createHttpClient(server.url, 1);
  try {
    const token = await server.signIn(DEMO.admin);
    const licenceId = (await server.api(token).call(identityRoutes.currentUser)).licenses[0]!.id;
    const at = new Date().toISOString();
    for (let i = 0; i < page; i += 500) {
      const events = Array.from({ length: Math.min(500, page - i) }, (_, k) => ({
        id: randomUUID(),
        type: 'FeedMeasured',
        data: { i: i + k, note: 'a small payload, as most events have' },
        metadata: { userId: 'bench', licenceId, correlationId: 'c', causationId: 'c', occurredAt: at },
      }));
      await server.adapters.eventStore.append(`feedBench-${randomUUID()}`, events, 'no_stream');
    }
    const path = `${eventRoutes.feed.path}?license=${licenceId}&limit=${page}`;
    const times: number[] = [];
    /** CPU time of this process (server and client) per page: what the page costs on a core of its own */
    const cpu: number[] = [];
    let count = 0;
    for (let i = 0; i < 11; i++) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const answer = await http.call('GET', path, undefined, { authorization: `Bearer ${token}` });
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpuBefore);
      if (i > 0) cpu.push((used.user + used.system) / 1000);
      if (answer.status !== 200) throw new Error(`the feed answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      count = (JSON.parse(answer.body) as { data: unknown[] }).data.length;
      if (i > 0) times.push(ms); // the first warms the caches
    }
    log(
      `event feed: ${count} events per page; ${times.map((t) => round(t, 0)).join(', ')} ms; CPU ${cpu.map((t) => round(t, 0)).join(', ')} ms`,
    );
    return [
      atMost(`webhooks: event feed, a page of ${page.toLocaleString('en')} events (median)`, round(percentile(times, 50)), 'ms', 200),
      info('webhooks: event feed page, slowest of 10', round(Math.max(...times)), 'ms'),
      info('webhooks: event feed page, CPU time (median)', round(percentile(cpu, 50)), 'ms'),
    ];
  } finally {
    http.close();
    await server.close();
  }
}
