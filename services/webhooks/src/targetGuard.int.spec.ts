import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTargetPolicy, sendWebhook, TargetRefusedError } from './targetGuard';

/** The SSRF corpus of issue 10: every target is refused before a byte reaches it, also behind DNS and redirects. */
let hits = 0;
let loopback: Server;
let redirector: Server;
let loopbackUrl = '';
let redirectorUrl = '';

const listen = (server: Server, host: string) =>
  new Promise<string>((resolve) => server.listen(0, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}/hook`)));

beforeAll(async () => {
  loopback = createServer((_req, res) => {
    hits++;
    res.writeHead(204).end();
  });
  loopbackUrl = await listen(loopback, '127.0.0.1');
  redirector = createServer((_req, res) => res.writeHead(307, { location: loopbackUrl }).end());
  redirectorUrl = await listen(redirector, '127.0.0.2');
});
afterAll(async () => {
  await new Promise((r) => loopback.close(r));
  await new Promise((r) => redirector.close(r));
});

const send = (url: string, allowed: string[] = [], lookup?: Parameters<typeof sendWebhook>[1]['lookup']) =>
  sendWebhook(url, { headers: {}, body: '{}', timeoutMs: 2_000, policy: createTargetPolicy(allowed), ...(lookup ? { lookup } : {}) });

describe('the webhook target guard', () => {
  const corpus = [
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.1/hook',
    'https://10.255.255.254/hook',
    'https://192.168.1.1/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
  ];
  for (const url of corpus) {
    it(`refuses ${url}`, async () => {
      await expect(send(url)).rejects.toBeInstanceOf(TargetRefusedError);
    });
  }

  it('refuses a public name that resolves to a private address', async () => {
    const lookup = ((_host: string, _options: unknown, callback: (e: null, a: Array<{ address: string; family: number }>) => void) =>
      callback(null, [{ address: '10.1.2.3', family: 4 }])) as never;
    await expect(send('https://erp.example.com/hook', [], lookup)).rejects.toBeInstanceOf(TargetRefusedError);
  });

  it('refuses plain http to a public address', async () => {
    const lookup = ((_host: string, _options: unknown, callback: (e: null, a: Array<{ address: string; family: number }>) => void) =>
      callback(null, [{ address: '93.184.215.14', family: 4 }])) as never;
    await expect(send('http://erp.example.com/hook', [], lookup)).rejects.toBeInstanceOf(TargetRefusedError);
  });

  it('refuses a redirect to loopback, even from an allowed network', async () => {
    await expect(send(redirectorUrl, ['127.0.0.2/32'])).rejects.toBeInstanceOf(TargetRefusedError);
    expect(hits).toBe(0);
  });

  it('sends to a network the installation allows', async () => {
    expect((await send(loopbackUrl, ['127.0.0.0/8'])).status).toBe(204);
    expect(hits).toBe(1);
  });
});
