import { subscribe, tracingChannel, unsubscribe } from 'node:diagnostics_channel';
import { startTestServer } from '@stramien/commands/testing/testServer';
import { TIMING_CHANNEL, type TimingMessage } from '@stramien/infra';
import { atLeast, atMost, info, percentile, round, type BenchFigure } from './figures';
import { createBenchUsers, createLoadGenerator } from './http';

export interface CommandsBenchOptions {
  /** concurrent clients, each with its own user and token; default 50 */
  clients?: number;
  /** measured time; default 10 s (after a 2 s warm-up) */
  durationMs?: number;
  warmupMs?: number;
  log?: (line: string) => void;
}

/** the phases a command's time is split into, in the order a request passes them */
const PHASES = ['auth', 'load', 'decide', 'append', 'projection wait', 'rest of handler', 'serialisation and send'] as const;
type Phase = (typeof PHASES)[number];

/**
 * Sums the time requests spend in each phase while `measuring` is on: 'auth', 'load' (read the events after
 * the cached revision and fold), 'decide' and 'append' from the timing channel the authenticator and the
 * pipeline publish on; 'projection wait' around the runner's waitForPosition; the route handler and the
 * serialisation and send (onSend hooks, serialising, writing) from Fastify's own tracing channel. 'rest of handler' is the
 * handler's time less the pipeline's and the wait's (here: reading the user view from the read models).
 */
const phaseTimer = (runner: { waitForPosition(position: number, timeoutMs: number): Promise<boolean> }) => {
  const totals = new Map<Phase, number>(PHASES.map((p) => [p, 0]));
  let measuring = false;
  let handlerMs = 0;
  const add = (phase: Phase, ms: number) => {
    if (measuring) totals.set(phase, totals.get(phase)! + ms);
  };
  const onTiming = (message: unknown) => {
    const { phase, ms } = message as TimingMessage;
    if ((PHASES as readonly string[]).includes(phase)) add(phase as Phase, ms);
  };
  subscribe(TIMING_CHANNEL, onTiming);
  const started = new WeakMap<object, number>();
  const handler = tracingChannel<string, object>('fastify.request.handler');
  const hooks = {
    start: (store: object) => void started.set(store, performance.now()),
    end: () => {},
    error: () => {},
    asyncStart: (store: object) => {
      const t0 = started.get(store);
      if (t0 === undefined || !measuring) return;
      const t1 = performance.now();
      handlerMs += t1 - t0;
      // the answer's hooks, serialisation and write, until the response is handed to the socket
      (store as { reply: { raw: NodeJS.EventEmitter } }).reply.raw.once('finish', () =>
        add('serialisation and send', performance.now() - t1),
      );
    },
    asyncEnd: () => {},
  };
  handler.subscribe(hooks);
  const original = runner.waitForPosition.bind(runner);
  runner.waitForPosition = async (position, timeoutMs) => {
    const t0 = performance.now();
    try {
      return await original(position, timeoutMs);
    } finally {
      add('projection wait', performance.now() - t0);
    }
  };
  return {
    start() {
      measuring = true;
    },
    /** each phase's share of `totalMs` (the summed latencies the clients saw); the rest is HTTP, routing and validation */
    stop(totalMs: number) {
      measuring = false;
      const inPipeline = ['load', 'decide', 'append', 'projection wait'].reduce((sum, p) => sum + totals.get(p as Phase)!, 0);
      totals.set('rest of handler', Math.max(0, handlerMs - inPipeline));
      const shares = PHASES.map((phase) => ({ phase, percent: (100 * totals.get(phase)!) / totalMs }));
      const accounted = shares.reduce((sum, s) => sum + s.percent, 0);
      return [...shares, { phase: 'HTTP, routing, validation, queueing', percent: Math.max(0, 100 - accounted) }];
    },
    close() {
      unsubscribe(TIMING_CHANNEL, onTiming);
      handler.unsubscribe(hooks);
      runner.waitForPosition = original;
    },
  };
};

/**
 * Commands over HTTP on the embedded default: `clients` concurrent keep-alive clients, each its own user,
 * send `PUT /api/user/:id` with alternating languages (every request changes the profile, so each one
 * appends an event, waits for the read model and answers the resulting user) for `durationMs`.
 * The clients run in a worker_thread (createLoadGenerator), not in the server's event loop: on the 2-core bench
 * machine their own HTTP work would otherwise take turns with the server's and be counted as its queueing. The
 * phase shares are measured on the server side (timing and Fastify tracing channels), in a run after the measured one.
 */
export async function benchCommands(options: CommandsBenchOptions = {}): Promise<BenchFigure[]> {
  const clients = options.clients ?? 50;
  const durationMs = options.durationMs ?? 10_000;
  const warmupMs = options.warmupMs ?? 2_000;
  const log = options.log ?? (() => {});
  const server = await startTestServer();
  const load = createLoadGenerator(server.url);
  try {
    log(`commands: creating ${clients} users`);
    const users = await createBenchUsers(server, clients);
    const headBefore = await server.adapters.eventStore.headPosition();

    const callers = users.map((user) => ({
      method: 'PUT',
      path: `/api/user/${user.id}`,
      headers: { authorization: `Bearer ${user.token}` },
      bodies: [{ language: 'nl' }, { language: 'de' }],
    }));
    const run = (ms: number) => load.run(callers, ms);

    log(`commands: warm-up ${warmupMs} ms`);
    await run(warmupMs);
    log(`commands: ${clients} clients for ${durationMs} ms`);
    const measured = await run(durationMs);
    // the phase shares from a shorter run of their own: their instrumentation (Fastify's tracing channel, the timing
    // messages, a 'finish' listener per request) stays out of the throughput and latency figures
    const phaseMs = Math.min(durationMs, 4_000);
    log(`commands: phase shares, ${phaseMs} ms`);
    const phases = phaseTimer(server.projections.runner);
    phases.start();
    const phased = await run(phaseMs);
    const shares = phases.stop(phased.latencies.reduce((a, b) => a + b, 0));
    phases.close();
    const failed = measured.failed + phased.failed;
    if (failed > 0) log(`commands: non-200 answers ${JSON.stringify(Object.fromEntries(measured.failures))}, first: ${measured.sample}`);
    const appended = (await server.adapters.eventStore.headPosition()) - headBefore;
    return [
      atLeast(
        `commands over HTTP: PUT /api/user/:id, ${clients} clients`,
        Math.round(measured.latencies.length / measured.seconds),
        'commands/s',
        2_000,
      ),
      atMost('commands over HTTP: p95 latency', round(percentile(measured.latencies, 95), 2), 'ms', 25),
      info('commands over HTTP: p50 latency', round(percentile(measured.latencies, 50), 2), 'ms'),
      info('commands over HTTP: p99 latency', round(percentile(measured.latencies, 99), 2), 'ms'),
      ...shares.map(({ phase, percent }) => info(`commands over HTTP: share of latency in ${phase}`, round(percent, 1), '%')),
      atMost('commands over HTTP: failed answers', failed, 'requests', 0),
      info('commands over HTTP: events appended (warm-up included)', appended, 'events'),
    ];
  } finally {
    await load.close();
    await server.close();
  }
}
