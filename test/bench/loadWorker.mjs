// The load generator of the closed-loop HTTP benches, run in a worker_thread (see `createLoadGenerator` in
// http.ts): the clients' request serialising and response parsing then use the other core, not the server's
// event loop. Plain JavaScript on node: modules (and rawHttp.mjs, its lean HTTP/1.1 client) only, so the worker starts
// without the TypeScript loader and without loading the server's packages.
import { parentPort, workerData } from 'node:worker_threads';
import { createRawCaller } from './rawHttp.mjs';

const { baseUrl } = workerData;
const { call, close } = createRawCaller(baseUrl);

/** each caller's next n, kept from one run to the next so a caller's bodies go on alternating after a warm-up */
const next = [];

/**
 * `callers.length` clients, each sending its next request as soon as the last one is answered, until `ms` have
 * passed. Caller i's n-th request (n counting from i) carries `bodies[n % bodies.length]`.
 */
const closedLoop = async (callers, ms) => {
  const latencies = [];
  const failures = new Map();
  let sample;
  const deadline = Date.now() + ms;
  const startedAt = process.hrtime.bigint();
  await Promise.all(
    callers.map(async ({ method, path, headers, bodies }, caller) => {
      const payloads = bodies.map((b) => (b === undefined || b === null ? undefined : JSON.stringify(b)));
      for (let n = next[caller] ?? caller; Date.now() < deadline; n = next[caller]) {
        next[caller] = n + 1;
        const sentAt = process.hrtime.bigint();
        const answer = await call(method, path, payloads.length > 0 ? payloads[n % payloads.length] : undefined, headers);
        if (answer.status === 200) latencies.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
        else {
          failures.set(answer.status, (failures.get(answer.status) ?? 0) + 1);
          sample ??= `${answer.status} ${answer.body.slice(0, 300)}`;
        }
      }
    }),
  );
  return { latencies, failures: [...failures], sample, seconds: Number(process.hrtime.bigint() - startedAt) / 1e9 };
};

parentPort.on('message', (message) => {
  if (message.type === 'close') {
    close();
    parentPort.close();
    return;
  }
  closedLoop(message.callers, message.ms).then(
    (run) => parentPort.postMessage({ type: 'done', ...run }),
    (error) => parentPort.postMessage({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
