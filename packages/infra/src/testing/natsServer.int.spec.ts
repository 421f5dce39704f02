import { connect } from 'nats';
import { describe, expect, it } from 'vitest';
import { startNatsServer } from './natsServer';

describe('startNatsServer', () => {
  it('starts a JetStream-enabled server that accepts connections, and stops it', async () => {
    const server = await startNatsServer();
    expect(server.url).toBe(`nats://127.0.0.1:${server.port}`);
    const nc = await connect({ servers: server.url });
    const jsm = await nc.jetstreamManager();
    expect((await jsm.getAccountInfo()).streams).toBe(0);
    await nc.close();
    await server.stop();
    await expect(connect({ servers: server.url, reconnect: false })).rejects.toThrow();
    await server.stop();
  });

  describe('when the binary is missing', () => {
    it('says how to install it', async () => {
      await expect(startNatsServer({ binary: '/nonexistent/nats-server' })).rejects.toThrow(
        'nats-server not found: npm test installs it (apt-get install nats-server)',
      );
    });
  });
});

describe('a halted server', () => {
  it('refuses connections until started again on the same port, with its streams', async () => {
    const server = await startNatsServer();
    const nc = await connect({ servers: server.url, reconnectTimeWait: 100, maxReconnectAttempts: -1 });
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: 'KEPT', subjects: ['kept.>'] });
    await server.halt();
    await expect(connect({ servers: server.url, reconnect: false })).rejects.toThrow();
    await server.start();
    await expect.poll(async () => (await jsm.streams.info('KEPT').catch(() => null))?.config.name, { timeout: 10_000 }).toBe('KEPT');
    await nc.close();
    await server.stop();
  });
});
