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
