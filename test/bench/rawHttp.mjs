// The load generator's HTTP/1.1 client (loadWorker.mjs): each request on a kept-alive socket of its own, written as
// one buffer, its answer read by a parser of just what the benches' answers use (the status line, Content-Length or
// chunked transfer coding). node:http's client spent ~100-140 µs of the machine's other core per request on a
// 2-core machine where the server's projections, fsyncs and checkpoints run too (docs/performance.md 43.).
import { connect } from 'node:net';

const CRLFCRLF = Buffer.from('\r\n\r\n');

/** status, headers (lower-case names) and the body's bytes of one answer in `buffer`, or null while incomplete */
export const parseAnswer = (buffer) => {
  const headEnd = buffer.indexOf(CRLFCRLF);
  if (headEnd === -1) return null;
  const head = buffer.toString('latin1', 0, headEnd);
  const lines = head.split('\r\n');
  const status = Number(lines[0].slice(9, 12));
  const headers = {};
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(':');
    if (colon > 0) headers[lines[i].slice(0, colon).trim().toLowerCase()] = lines[i].slice(colon + 1).trim();
  }
  const start = headEnd + 4;
  if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
    const parts = [];
    let at = start;
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', at);
      if (lineEnd === -1) return null;
      const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
      if (Number.isNaN(size)) throw new Error('rawHttp: a malformed chunk size');
      const dataStart = lineEnd + 2;
      if (size === 0) {
        // the last chunk, then trailers (if any) up to a blank line
        const end = buffer.indexOf(CRLFCRLF, lineEnd);
        if (end === -1) return null;
        return { status, headers, body: Buffer.concat(parts), length: end + 4 };
      }
      if (buffer.length < dataStart + size + 2) return null;
      parts.push(buffer.subarray(dataStart, dataStart + size));
      at = dataStart + size + 2;
    }
  }
  const length = Number(headers['content-length'] ?? 0);
  if (buffer.length < start + length) return null;
  return { status, headers, body: buffer.subarray(start, start + length), length: start + length };
};

/** a request as one buffer: request line, Host, the caller's headers, and the JSON text (or nothing) */
const requestBytes = (host, method, path, payload, headers) => {
  let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (payload === undefined) return Buffer.from(`${head}content-length: 0\r\n\r\n`);
  const body = Buffer.from(payload);
  return Buffer.concat([Buffer.from(`${head}content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`), body]);
};

/** kept-alive sockets to `baseUrl`, one per request in flight; `call` resolves with the answer's status and body */
export const createRawCaller = (baseUrl) => {
  const url = new URL(baseUrl);
  const port = Number(url.port || 80);
  const idle = [];
  const all = new Set();
  const open = () =>
    new Promise((resolve, reject) => {
      const socket = connect({ host: url.hostname, port, noDelay: true }, () => resolve(socket));
      // kept: an idle socket's error (the server resetting it) must not be an uncaught one; its 'close' drops it
      socket.on('error', reject);
      all.add(socket);
      socket.on('close', () => {
        all.delete(socket);
        const at = idle.indexOf(socket);
        if (at !== -1) idle.splice(at, 1);
      });
    });
  const call = async (method, path, payload, headers = {}) => {
    const socket = idle.pop() ?? (await open());
    return new Promise((resolve, reject) => {
      let buffer = Buffer.alloc(0);
      const onData = (chunk) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        let answer;
        try {
          answer = parseAnswer(buffer);
        } catch (error) {
          done();
          socket.destroy();
          reject(error);
          return;
        }
        if (answer === null) return;
        done();
        if (answer.headers.connection?.toLowerCase() === 'close') socket.destroy();
        else idle.push(socket);
        resolve({ status: answer.status, body: answer.body.toString('utf8') });
      };
      const onEnd = () => {
        done();
        reject(new Error('rawHttp: the server closed the connection before its answer'));
      };
      const onError = (error) => {
        done();
        reject(error);
      };
      const done = () => {
        socket.off('data', onData);
        socket.off('close', onEnd);
        socket.off('error', onError);
      };
      socket.on('data', onData);
      socket.on('close', onEnd);
      socket.on('error', onError);
      socket.write(requestBytes(url.host, method, path, payload, headers));
    });
  };
  return {
    call,
    close: () => {
      for (const socket of all) socket.destroy();
    },
  };
};
