import { describe, expect, it } from 'vitest';
import { backoffDelay, sleep } from './backoff';
import { createHealthRegistry, errorKind } from './healthRegistry';
import { supervise } from './supervise';

const quietLog = () => {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(m), error: (_e: unknown, m: string) => lines.push(m) } };
};

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap, less up to the jitter share', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 10, 100].map((a) => backoffDelay(a, { initialMs: 100, maxMs: 1_000 }, none))).toEqual([
      100, 200, 400, 800, 1_000, 1_000, 1_000,
    ]);
    expect(backoffDelay(3, { initialMs: 100, maxMs: 1_000, jitter: 0.5 }, () => 1)).toBe(200);
  });
});

describe('HealthRegistry', () => {
  it('reports every component with its state, retries, error kind and lag, and is ready only when all run', async () => {
    const { log } = quietLog();
    const health = createHealthRegistry({ log });
    const a = health.register('a', { lag: () => 3 });
    const b = health.register('b', { lag: () => new Promise(() => {}) });
    expect(health.ready()).toBe(false);
    a.running();
    b.retrying(Object.assign(new Error('connect ECONNREFUSED nats://user:secret@10.0.0.1:4222'), { code: 'ECONNREFUSED' }));
    b.retrying(new Error('again'));
    const report = await createHealthRegistry({ log, lagTimeoutMs: 20 }).report();
    expect(report).toMatchObject({ status: 'ok', components: [] });
    const lagBounded = createHealthRegistry({ log, lagTimeoutMs: 20 });
    lagBounded.register('slow', { lag: () => new Promise(() => {}) }).running();
    expect((await lagBounded.report()).components[0]).toMatchObject({ name: 'slow', state: 'running', lag: null });
    const full = await health.report();
    expect(full.status).toBe('degraded');
    expect(full.components[0]).toMatchObject({ name: 'a', state: 'running', lag: 3, retries: 0, lastError: null });
    expect(full.components[1]).toMatchObject({ name: 'b', state: 'retrying', retries: 2, lastError: 'Error' });
    expect(JSON.stringify(full)).not.toMatch(/secret|10\.0\.0\.1|ECONNREFUSED nats/);
    b.running();
    expect(health.ready()).toBe(true);
  }, 10_000);

  it('logs each change of state once, not each retry', () => {
    const { lines, log } = quietLog();
    const reporter = createHealthRegistry({ log }).register('forwarder');
    reporter.running();
    reporter.running();
    for (let i = 0; i < 5; i++) reporter.retrying(new Error('TIMEOUT'));
    reporter.running();
    reporter.stopped();
    expect(lines).toEqual([
      'forwarder running',
      'forwarder failed; retrying with backoff',
      expect.stringMatching(/^forwarder recovered after 5 retries \(retrying since /),
      'forwarder stopped',
    ]);
  });

  it('names an error by its code or class, never its message', () => {
    expect(errorKind(Object.assign(new Error('x'), { code: 'TIMEOUT' }))).toBe('TIMEOUT');
    expect(errorKind(new TypeError('secret path /etc/x'))).toBe('TypeError');
    expect(errorKind('a string with secrets')).toBe('string');
  });
});

describe('supervise', () => {
  it('retries a failing attempt with backoff until it runs, and stops at once while waiting', async () => {
    const { log } = quietLog();
    const health = createHealthRegistry({ log });
    let attempts = 0;
    const supervised = supervise({
      reporter: health.register('reader'),
      backoff: { initialMs: 5, maxMs: 20 },
      async run({ signal, running }) {
        attempts++;
        if (attempts < 4) throw new Error('down');
        running();
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
      },
    });
    await expect.poll(() => health.ready()).toBe(true);
    expect(attempts).toBe(4);
    await supervised.stop();
    expect((await health.report()).components[0]?.state).toBe('stopped');

    const waiting = supervise({ backoff: { initialMs: 60_000 }, run: () => Promise.reject(new Error('down')) });
    await sleep(10);
    const started = Date.now();
    await waiting.stop();
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('gives up waiting for an attempt that does not end within the stop timeout', async () => {
    const hung = supervise({ run: () => new Promise(() => {}) });
    const started = Date.now();
    await hung.stop(50);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
