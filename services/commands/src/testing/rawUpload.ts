import { Agent, request } from 'node:http';

/**
 * A client for refused uploads as a browser sends them: node:http on a keep-alive agent with one socket, so the next
 * request of the agent waits for that socket. `upload` sends `head` and then zeros up to `size` bytes and answers the
 * status and body as soon as the answer comes (a refusal may come while the body is still being sent); `get` answers
 * a request's status. Each gives up after `patienceMs`, so a connection left hanging fails the test by name.
 */
export const keepAliveClient = (baseUrl: string, patienceMs = 20_000) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const within = <T>(what: string, run: (done: (value: T) => void, fail: (e: Error) => void) => void): Promise<T> =>
    new Promise<T>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`${what}: no answer within ${patienceMs} ms`)), patienceMs);
      run(
        (value) => {
          clearTimeout(timer);
          done(value);
        },
        (e) => {
          clearTimeout(timer);
          fail(e);
        },
      );
    });

  return {
    upload: (path: string, headers: Record<string, string>, head: Buffer, size: number) =>
      within<{ status: number; body: string }>(`POST ${path}`, (done, fail) => {
        let answered = false;
        const req = request(
          `${baseUrl}${path}`,
          { method: 'POST', agent, headers: { ...headers, 'content-length': String(size) } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => {
              answered = true;
              done({ status: res.statusCode ?? 0, body });
            });
          },
        );
        // once the server has answered, it may close the connection before the rest of the body went out
        req.on('error', (e) => {
          if (!answered) fail(e);
        });
        const chunk = Buffer.alloc(64 * 1024);
        let sent = 0;
        const write = () => {
          while (sent < size) {
            const part = sent === 0 ? Buffer.concat([head, chunk]).subarray(0, Math.min(size, head.length + chunk.length)) : chunk;
            const slice = part.subarray(0, Math.min(part.length, size - sent));
            sent += slice.length;
            if (!req.write(slice)) return void req.once('drain', write);
          }
          req.end();
        };
        write();
      }),
    get: (path: string, headers: Record<string, string> = {}) =>
      within<number>(`GET ${path}`, (done, fail) => {
        const req = request(`${baseUrl}${path}`, { method: 'GET', agent, headers }, (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
        });
        req.on('error', fail);
        req.end();
      }),
    close: () => agent.destroy(),
  };
};
