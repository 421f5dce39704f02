import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from './server';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('The web app’s static files', () => {
  let dist: string;
  let app: FastifyInstance;
  const script = `export const hello = ${JSON.stringify('stramien '.repeat(200))};\n`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'stramien-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-Ab12Cd34.js"></script>');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
    // too small to be worth compressing: the build writes no .br/.gz for it
    writeFileSync(join(dist, 'assets', 'tiny-Ef56Gh78.js'), 'export {};\n');
    app = createHttpServer({ logLevel: 'warn', webDist: dist });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  describe('a hashed asset', () => {
    it('is sent as the brotli file when the browser accepts br, cached as immutable for a year', async () => {
      const answer = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
    });

    it('is sent as the gzip file when the browser accepts only gzip', async () => {
      const answer = await get('/assets/index-Ab12Cd34.js', 'gzip');
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(answer.rawPayload).toString()).toBe(script);
    });

    it('is sent as it is to a client that accepts no compression, and when no compressed file exists', async () => {
      for (const [url, body] of [
        ['/assets/index-Ab12Cd34.js', script],
        ['/assets/tiny-Ef56Gh78.js', 'export {};\n'],
      ] as const) {
        const plain = await get(url, 'identity');
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers['cache-control']).toBe(IMMUTABLE);
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.body).toBe(body);
      }
      expect((await get('/assets/tiny-Ef56Gh78.js', 'br, gzip')).body).toBe('export {};\n');
    });
  });

  it('revalidates index.html on every load, wherever the client-side route points', async () => {
    for (const url of ['/', '/index.html', '/dashboard', '/projects/123/settings']) {
      const answer = await get(url, 'br, gzip');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.body, url).toContain('/assets/index-Ab12Cd34.js');
    }
    expect((await get('/favicon.svg', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for an asset that does not exist', async () => {
    expect((await get('/assets/missing-00000000.js', 'br')).statusCode).toBe(404);
  });
});
