// The keep-alive HTTP/1.1 caller of the benches' helpers (http.ts `createHttpClient`: setup calls and the timed
// queries, on node:http's Agent with a bounded pool). The closed-loop load generator has a leaner client of its own
// (rawHttp.mjs), as its CPU is shared with the server's threads.
import { Agent, request } from 'node:http';

/** a pool of `maxSockets` kept-alive connections to `baseUrl`; `call` sends a JSON text (or nothing) */
export const createKeepAliveCaller = (baseUrl, maxSockets) => {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const url = new URL(baseUrl);
  /** one request; resolves with the answer's status and body once the body has been read */
  const call = (method, path, payload, headers = {}) =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers:
            payload !== undefined
              ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : headers,
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { call, close: () => agent.destroy() };
};
