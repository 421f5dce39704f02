import { createSocket, type Socket } from 'node:dgram';
import { pbkdf2 } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostResolver, type HostLookup } from './hostResolver';

/**
 * Two real name servers on loopback UDP: one that never answers (a resolver timing out), one that answers every A
 * question with 203.0.113.7 and counts the questions it gets.
 */
let silent: Socket;
let answering: Socket;
let questions = 0;
let unanswered = 0;
const addressOf = (s: Socket) => `127.0.0.1:${(s.address() as AddressInfo).port}`;

/** a DNS answer to `query`: one A record 203.0.113.7 for A questions, no records (NOERROR) otherwise */
const answer = (query: Buffer): Buffer => {
  let end = 12;
  while (query[end] !== 0) end += query[end]! + 1;
  const question = query.subarray(12, end + 5);
  const isA = query.readUInt16BE(end + 1) === 1;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(0x8180, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(isA ? 1 : 0, 6);
  const record = Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 203, 0, 113, 7]);
  return Buffer.concat([header, question, ...(isA ? [record] : [])]);
};

const bind = (onMessage?: (socket: Socket, msg: Buffer, port: number) => void) =>
  new Promise<Socket>((resolve) => {
    const socket = createSocket('udp4');
    if (onMessage) socket.on('message', (msg, remote) => onMessage(socket, msg, remote.port));
    socket.bind(0, '127.0.0.1', () => resolve(socket));
  });

beforeAll(async () => {
  silent = await bind(() => unanswered++);
  answering = await bind((socket, msg, port) => {
    questions++;
    socket.send(answer(msg), port, '127.0.0.1');
  });
});
afterAll(() => {
  silent.close();
  answering.close();
});

const resolveWith = (lookup: HostLookup, host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    lookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

describe('the webhook host resolver', () => {
  it('holds no thread of the pool while a name server is silent: file reads and crypto go on beside 64 lookups', async () => {
    const lookup = createHostResolver({ servers: [addressOf(silent)], timeoutMs: 1_500 });
    let lookupsSettled = false;
    const lookups = Promise.allSettled(Array.from({ length: 64 }, (_, i) => resolveWith(lookup, `host-${i}.example.test`))).then((all) => {
      lookupsSettled = true;
      return all;
    });
    // getaddrinfo would take the pool's four threads for the whole timeout and queue these behind them
    await Promise.all([
      ...Array.from({ length: 8 }, () => readFile(import.meta.filename)),
      ...Array.from({ length: 4 }, () => new Promise((r, j) => pbkdf2('x', 'salt', 1, 32, 'sha256', (e, k) => (e ? j(e) : r(k))))),
    ]);
    expect(lookupsSettled).toBe(false);
    const settled = await lookups;
    expect(settled.every((s) => s.status === 'rejected' && (s.reason as NodeJS.ErrnoException).code === 'ENOTFOUND')).toBe(true);
  });

  it('asks once per host for concurrent deliveries and keeps the answer for its time to live', async () => {
    let clock = 0;
    const lookup = createHostResolver({ servers: [addressOf(answering)], ttlMs: 30_000, now: () => clock });
    const before = questions;
    const all = await Promise.all(Array.from({ length: 16 }, () => resolveWith(lookup, 'erp.example.test')));
    expect(all.every((a) => a.length === 1 && a[0]!.address === '203.0.113.7' && a[0]!.family === 4)).toBe(true);
    // one A and one AAAA question for sixteen deliveries
    expect(questions - before).toBe(2);
    clock = 29_999;
    await resolveWith(lookup, 'ERP.example.test');
    expect(questions - before).toBe(2);
    clock = 30_000;
    await resolveWith(lookup, 'erp.example.test');
    expect(questions - before).toBe(4);
  });

  it('keeps a failure for its time to live too, and answers loopback for localhost names without asking', async () => {
    let clock = 0;
    const lookup = createHostResolver({ servers: [addressOf(silent)], timeoutMs: 300, ttlMs: 30_000, now: () => clock });
    await expect(resolveWith(lookup, 'gone.example.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const asked = unanswered;
    expect(asked).toBeGreaterThan(0);
    clock = 10_000;
    await expect(resolveWith(lookup, 'gone.example.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    // the kept failure answers without asking the silent server again
    expect(unanswered).toBe(asked);
    expect(await resolveWith(lookup, 'hooks.localhost')).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
  });
});
