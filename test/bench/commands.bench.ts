import { startTestServer } from '@stramien/commands/testing/testServer';
import { atLeast, atMost, elapsedMs, info, percentile, round, type BenchFigure } from './figures';
import { createBenchUsers, createHttpClient } from './http';

export interface CommandsBenchOptions {
  /** concurrent clients, each with its own user and token; default 50 */
  clients?: number;
  /** measured time; default 10 s (after a 2 s warm-up) */
  durationMs?: number;
  warmupMs?: number;
  log?: (line: string) => void;
}

/**
 * Commands over HTTP on the embedded default: `clients` concurrent keep-alive clients, each its own user,
 * send `PUT /api/user/:id` with alternating languages (every request changes the profile, so each one
 * appends an event, waits for the read model and answers the resulting user) for `durationMs`.
 */
export async function benchCommands(options: CommandsBenchOptions = {}): Promise<BenchFigure[]> {
  const clients = options.clients ?? 50;
  const durationMs = options.durationMs ?? 10_000;
  const warmupMs = options.warmupMs ?? 2_000;
  const log = options.log ?? (() => {});
  const server = await startTestServer();
  const http = createHttpClient(server.url, clients);
  try {
    log(`commands: creating ${clients} users`);
    const users = await createBenchUsers(server, clients);
    const headBefore = await server.adapters.eventStore.headPosition();

    const run = async (ms: number) => {
      const latencies: number[] = [];
      const failures = new Map<number, number>();
      const deadline = Date.now() + ms;
      const startedAt = process.hrtime.bigint();
      await Promise.all(
        users.map(async (user, i) => {
          const headers = { authorization: `Bearer ${user.token}` };
          for (let n = i; Date.now() < deadline; n++) {
            const sentAt = process.hrtime.bigint();
            const answer = await http.call('PUT', `/api/user/${user.id}`, { language: n % 2 === 0 ? 'nl' : 'de' }, headers);
            if (answer.status === 200) latencies.push(elapsedMs(sentAt));
            else failures.set(answer.status, (failures.get(answer.status) ?? 0) + 1);
          }
        }),
      );
      return { latencies, failures, seconds: elapsedMs(startedAt) / 1000 };
    };

    log(`commands: warm-up ${warmupMs} ms`);
    await run(warmupMs);
    log(`commands: ${clients} clients for ${durationMs} ms`);
    const measured = await run(durationMs);
    const failed = [...measured.failures.values()].reduce((a, b) => a + b, 0);
    if (failed > 0) log(`commands: non-200 answers ${JSON.stringify(Object.fromEntries(measured.failures))}`);
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
      atMost('commands over HTTP: failed answers', failed, 'requests', 0),
      info('commands over HTTP: events appended (warm-up included)', appended, 'events'),
    ];
  } finally {
    http.close();
    await server.close();
  }
}
