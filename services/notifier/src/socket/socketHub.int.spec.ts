import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInProcessBus, type Bus } from '@stramien/infra';
import { createChannelAuth } from './channelAuth';
import { createSocketHub, SOCKET_CLOSE_REVOKED, SOCKET_REVOKING_EVENTS, type HubSocket, type SocketHub } from './socketHub';

/** A socket end as the hub sees it, recording how it was closed. */
const socketEnd = () => {
  const closeListeners: Array<() => void> = [];
  const end = {
    closedWith: null as number | null,
    send: () => {},
    close(code?: number) {
      end.closedWith = code ?? 1000;
      closeListeners.forEach((l) => l());
    },
    on(event: 'message' | 'close', listener: (data?: unknown) => void) {
      if (event === 'close') closeListeners.push(listener as () => void);
      return end;
    },
  };
  return end satisfies HubSocket;
};

let bus: Bus;
let hub: SocketHub;
beforeEach(async () => {
  bus = createInProcessBus();
  hub = createSocketHub({ bus, channelAuth: createChannelAuth(new TextEncoder().encode('k'.repeat(40))) });
  await hub.start();
});
afterEach(async () => {
  await hub.stop();
  await bus.close();
});

const publish = async (category: string, type: string, data: unknown) => {
  await bus.publish(`stramien.l1.${category}.${type}`, { id: 'e1', type, data });
  await bus.flush();
};

describe('SocketHub', () => {
  describe('when a session signs out', () => {
    it('closes the sockets of that session only', async () => {
      const [a1, a2, b] = [socketEnd(), socketEnd(), socketEnd()];
      hub.attach(a1, 'u1', 's-a');
      hub.attach(a2, 'u1', 's-a');
      hub.attach(b, 'u1', 's-b');
      await publish('user', 'UserSignedOut', { userId: 'u1', sessionId: 's-a' });
      expect([a1.closedWith, a2.closedWith, b.closedWith]).toEqual([SOCKET_CLOSE_REVOKED, SOCKET_CLOSE_REVOKED, null]);
      expect(hub.connections.size).toBe(1);
    });
  });

  describe.each(SOCKET_REVOKING_EVENTS.filter((t) => t !== 'UserSignedOut'))('after %s', (type) => {
    it("closes every socket of the event's user and no one else's", async () => {
      const [mine, other] = [socketEnd(), socketEnd()];
      hub.attach(mine, 'u1', 's1');
      hub.attach(other, 'u2', 's2');
      await publish(type.startsWith('Project') ? 'project' : type.startsWith('Team') ? 'team' : 'user', type, {
        userId: 'u1',
        projectId: 'p1',
      });
      expect(mine.closedWith).toBe(SOCKET_CLOSE_REVOKED);
      expect(other.closedWith).toBeNull();
    });
  });

  it('ignores a revoking event without a user', async () => {
    const socket = socketEnd();
    hub.attach(socket, 'u1', 's1');
    await publish('project', 'ProjectRoleRemoved', { projectId: 'p1', roleId: 'r1' });
    expect(socket.closedWith).toBeNull();
  });
});
