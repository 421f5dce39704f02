import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRawCaller, parseAnswer } from './rawHttp.mjs';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** a node:http server answering each request with what `answer` writes; resolves with its base URL */
const serve = async (answer: Parameters<typeof createServer>[1]): Promise<string> => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describe("the load generator's HTTP client (rawHttp.mjs)", () => {
  it('reads an answer only once all of it is there, by Content-Length or by chunks', () => {
    const sized = Buffer.from('HTTP/1.1 201 Created\r\nContent-Length: 5\r\n\r\nhello');
    for (let cut = 0; cut < sized.length; cut++) expect(parseAnswer(sized.subarray(0, cut))).toBeNull();
    expect(parseAnswer(sized)).toMatchObject({ status: 201, length: sized.length });
    expect(parseAnswer(sized)!.body.toString()).toBe('hello');
    const chunked = Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n');
    for (let cut = 0; cut < chunked.length; cut++) expect(parseAnswer(chunked.subarray(0, cut))).toBeNull();
    expect(parseAnswer(chunked)).toMatchObject({ status: 200, length: chunked.length });
    expect(parseAnswer(chunked)!.body.toString()).toBe('abcde');
  });

  it('sends method, path, headers and body, and reuses its connection for the next request', async () => {
    const seen: Array<{ method?: string; url?: string; auth?: string; body: string; port?: number }> = [];
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body, port: req.socket.remotePort });
        if (req.url === '/chunked') {
          res.write('{"a":');
          res.end('1}');
        } else res.writeHead(req.method === 'PUT' ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify({ got: body }));
      });
    });
    const { call, close } = createRawCaller(url);
    try {
      expect(await call('PUT', '/api/x', '{"n":1}', { authorization: 'Bearer t' })).toEqual({ status: 200, body: '{"got":"{\\"n\\":1}"}' });
      expect(await call('GET', '/missing', undefined)).toEqual({ status: 404, body: '{"got":""}' });
      expect(await call('GET', '/chunked', undefined)).toEqual({ status: 200, body: '{"a":1}' });
      expect(seen.map(({ method, url: path, auth }) => [method, path, auth])).toEqual([
        ['PUT', '/api/x', 'Bearer t'],
        ['GET', '/missing', undefined],
        ['GET', '/chunked', undefined],
      ]);
      // one kept-alive connection for requests one after another
      expect(new Set(seen.map((s) => s.port)).size).toBe(1);
      // requests at once: a connection each
      await Promise.all([call('PUT', '/a', '1'), call('PUT', '/b', '2'), call('PUT', '/c', '3')]);
      expect(new Set(seen.slice(3).map((s) => s.port)).size).toBe(3);
    } finally {
      close();
    }
  });

  it('drops a kept-alive connection the server resets while it is idle, and answers the next request on a new one', async () => {
    const sockets: Socket[] = [];
    const url = await serve((req, res) => {
      sockets.push(req.socket);
      res.end('ok');
    });
    const { call, close } = createRawCaller(url);
    try {
      expect(await call('GET', '/', undefined)).toEqual({ status: 200, body: 'ok' });
      sockets[0]!.resetAndDestroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await call('GET', '/', undefined)).toEqual({ status: 200, body: 'ok' });
      expect(sockets[1]).not.toBe(sockets[0]);
    } finally {
      close();
    }
  });

  it('fails a request whose connection the server closes before answering, and goes on with a new one', async () => {
    let n = 0;
    const url = await serve((req, res) => {
      if (n++ === 0) req.socket.destroy();
      else res.end('ok');
    });
    const { call, close } = createRawCaller(url);
    try {
      await expect(call('GET', '/', undefined)).rejects.toThrow();
      expect(await call('GET', '/', undefined)).toEqual({ status: 200, body: 'ok' });
    } finally {
      close();
    }
  });
});
