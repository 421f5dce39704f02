import { randomUUID } from 'node:crypto';
import type { Bus, BusSubscription } from '@stramien/infra';
import { GLOBAL_CHANNEL, privateUserChannel, type SocketServerMessage } from '@stramien/api';
import { PUSH_PATTERN, type PushMessage } from '../notifications/notifier';
import type { ChannelAuth } from './channelAuth';

/** What the hub needs of a socket: the `ws` WebSocket satisfies it. */
export interface HubSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: unknown) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

interface Connection {
  socket: HubSocket;
  userId: string;
  channels: Set<string>;
}

/** This instance's open sockets, their channels, and delivery of pushed notifications to them. */
export const createSocketHub = (deps: { bus: Bus; channelAuth: ChannelAuth }) => {
  const connections = new Map<string, Connection>();
  let subscription: BusSubscription | null = null;
  const send = (c: Connection, message: SocketServerMessage) => c.socket.send(JSON.stringify(message));

  const deliver = (channel: string, message: PushMessage) => {
    for (const c of connections.values()) {
      if (c.channels.has(channel)) send(c, { event: 'notification', channel, data: message.notification });
    }
  };

  return {
    connections,
    async start() {
      subscription = await deps.bus.subscribe<PushMessage>(PUSH_PATTERN, (m) => deliver(privateUserChannel(m.data.userId), m.data));
    },
    async stop() {
      await subscription?.unsubscribe();
      for (const c of connections.values()) c.socket.close(1001, 'server shutting down');
      connections.clear();
    },
    /** a socket authenticated as `userId` joins the hub */
    attach(socket: HubSocket, userId: string): string {
      const socketId = randomUUID();
      const connection: Connection = { socket, userId, channels: new Set() };
      connections.set(socketId, connection);
      socket.on('close', () => connections.delete(socketId));
      socket.on('message', (raw) => {
        let msg: { event?: unknown; channel?: unknown; auth?: unknown };
        try {
          msg = JSON.parse(String(raw)) as typeof msg;
        } catch {
          return send(connection, { event: 'error', message: 'Malformed message' });
        }
        if (msg.event !== 'subscribe' || typeof msg.channel !== 'string')
          return send(connection, { event: 'error', message: 'Unknown message' });
        const channel = msg.channel;
        const allowed =
          channel === GLOBAL_CHANNEL ||
          (channel === privateUserChannel(userId) &&
            deps.channelAuth.verify(socketId, channel, typeof msg.auth === 'string' ? msg.auth : undefined));
        if (!allowed) return send(connection, { event: 'error', message: `Not authorised for ${channel}` });
        connection.channels.add(channel);
        send(connection, { event: 'subscribed', channel });
      });
      send(connection, { event: 'connected', socket_id: socketId });
      return socketId;
    },
    /** close every socket of a user (sign-out, disabled user) */
    closeUser(userId: string) {
      for (const [id, c] of connections) {
        if (c.userId === userId) {
          c.socket.close(4001, 'signed out');
          connections.delete(id);
        }
      }
    },
  };
};
export type SocketHub = ReturnType<typeof createSocketHub>;
