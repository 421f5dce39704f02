import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { createKeepAliveCaller } from './keepAlive.mjs';
import { createPasswordHasher } from '@stramien/infra';
import { toUserStreamId, userDecider, userSchemas, type Actor } from '@stramien/domain';
import { identityRoutes } from '@stramien/api';
import { createCommandPipeline } from '@stramien/commands/pipeline/commandPipeline';
import { DEMO, type TestServer } from '@stramien/commands/testing/testServer';

export interface HttpAnswer {
  status: number;
  body: string;
}

/** A keep-alive HTTP/1.1 client for benchmarks: one pooled connection per concurrent caller; bodies sent as JSON. */
export const createHttpClient = (baseUrl: string, maxSockets: number) => {
  const caller = createKeepAliveCaller(baseUrl, maxSockets);
  return {
    call: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> =>
      caller.call(method, path, body === undefined ? undefined : JSON.stringify(body), headers),
    close: () => caller.close(),
  };
};

/** What a closed-loop run measured: the latencies of the 200 answers, the count of every other status, the run's length. */
export interface LoopRun {
  latencies: number[];
  failures: Map<number, number>;
  /** the non-200 answers, all statuses together */
  failed: number;
  /** the first non-200 answer's status and the start of its body, for the log */
  sample?: string;
  seconds: number;
}

/** What one closed-loop client sends, again and again: its n-th request carries `bodies[n % bodies.length]` (none if empty). */
export interface LoopCaller {
  method: string;
  path: string;
  headers: Record<string, string>;
  bodies: unknown[];
}

interface WorkerAnswer {
  type: 'done' | 'error';
  latencies: number[];
  failures: Array<[number, number]>;
  sample?: string;
  seconds: number;
  message?: string;
}

/**
 * The closed-loop load generator, in a worker_thread of its own (test/bench/loadWorker.mjs). Run in the server's
 * event loop, the clients' own HTTP work (serialising the requests, parsing the answers) would take turns with the
 * server on one thread and show up as the server's "queueing"; a real deployment's clients are other machines.
 * In a worker the clients use the machine's other core and the server has the main thread to itself, so the
 * figure is the server's throughput and latency at that many concurrent clients. Each client has a kept-alive
 * connection of its own (rawHttp.mjs: the machine's other core is shared with the server's threads, so the client
 * is a lean one), kept between runs (a warm-up run opens them).
 *
 * `run(callers, ms)`: `callers.length` clients, each sending its next request as soon as the last one is answered,
 * until `ms` have passed (a closed loop: the throughput is what the server sustains at that concurrency). Caller i's
 * n-th request counts n from i, so neighbours alternate their bodies.
 */
export const createLoadGenerator = (baseUrl: string) => {
  const worker = new Worker(new URL('./loadWorker.mjs', import.meta.url), { workerData: { baseUrl } });
  return {
    run(callers: LoopCaller[], ms: number): Promise<LoopRun> {
      return new Promise((resolve, reject) => {
        const onError = (error: Error) => {
          worker.off('message', onMessage);
          reject(error);
        };
        const onMessage = (answer: WorkerAnswer) => {
          worker.off('error', onError);
          if (answer.type === 'error') return reject(new Error(`load generator: ${answer.message}`));
          const failures = new Map(answer.failures);
          const failed = [...failures.values()].reduce((a, b) => a + b, 0);
          resolve({ latencies: answer.latencies, failures, failed, sample: answer.sample, seconds: answer.seconds });
        };
        worker.once('message', onMessage);
        worker.once('error', onError);
        worker.postMessage({ type: 'run', callers, ms });
      });
    },
    async close() {
      worker.postMessage({ type: 'close' });
      await worker.terminate();
    },
  };
};

export interface BenchUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

/**
 * Registers `count` users in the demo licence through the command pipeline (cheap scrypt parameters, so
 * signing them in is quick) and signs each one in.
 */
export const createBenchUsers = async (server: TestServer, count: number): Promise<BenchUser[]> => {
  const adminToken = await server.signIn(DEMO.admin);
  const admin = await server.api(adminToken).call(identityRoutes.currentUser);
  const licenceId = admin.licenses[0]?.id;
  if (!licenceId) throw new Error('the demo admin has no licence');
  const pipeline = createCommandPipeline({ eventStore: server.adapters.eventStore });
  const hasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });
  const system: Actor = { userId: 'system', licenceId, isSystemAdmin: true };
  const context = { actor: system, correlationId: randomUUID(), causationId: 'bench' };
  const now = new Date().toISOString();
  const users: Array<Omit<BenchUser, 'token'>> = [];
  let position = 0;
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const email = `bench-${i}-${id.slice(0, 8)}@stramien.test`;
    const password = `Bench#${randomUUID()}`;
    const streamId = toUserStreamId(id);
    const passwordHash = await hasher.hash(password);
    await pipeline({
      decider: userDecider,
      schemas: userSchemas,
      streamId,
      command: {
        type: 'RegisterUser',
        data: { userId: id, email, firstname: 'Bench', lastname: `User ${i}`, language: 'en', passwordHash, isSystemAdmin: false },
        metadata: { actor: system, now },
      },
      context,
    });
    const added = await pipeline({
      decider: userDecider,
      schemas: userSchemas,
      streamId,
      command: { type: 'AddUserToLicence', data: { licenceId, isAdmin: false }, metadata: { actor: system, now } },
      context,
    });
    position = added.position;
    users.push({ id, email, password });
  }
  if (!(await server.projections.runner.waitForPosition(position, 30_000)))
    throw new Error('read models did not catch up with the bench users');
  const signedIn: BenchUser[] = [];
  for (const u of users) signedIn.push({ ...u, token: await server.signIn({ email: u.email, password: u.password }) });
  return signedIn;
};
