import { randomUUID } from 'node:crypto';
import type { Bus, BusSubscription, HealthRegistry, Supervised } from '@stramien/infra';
import { supervise } from '@stramien/infra';
import type { EventEnvelope } from '@stramien/domain';
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
  /** the sign-in session of the token the socket authenticated with: signing out closes its sockets only */
  sessionId: string | null;
  channels: Set<string>;
}

/**
 * Events after which a user's open sockets must go (spec: sign-out, a password change, a disabled user or a removed
 * role): the client reconnects, and authenticates again, if it still may. Subscribed by type name, so a type no
 * context publishes (yet) is harmless.
 */
export const SOCKET_REVOKING_EVENTS = [
  'UserSignedOut',
  'UserPasswordChanged',
  'UserPasswordReset',
  'UserDisabled',
  'UserRemovedFromLicence',
  'ProjectMemberRemoved',
  'ProjectRoleRemoved',
  'TeamUserRemoved',
] as const;
export const SOCKET_CLOSE_REVOKED = 4001;

/** the socket hub's name in the health report */
export const SOCKET_HUB_COMPONENT = 'socket-hub';

/**
 * This instance's open sockets, their channels, and delivery of pushed notifications to them. Its subscriptions
 * (pushes, and the events that close sockets) are core subscriptions of this instance: the bus subscribes them again
 * after a reconnect, and a supervisor subscribes them anew, with backoff, when that fails.
 */
export const createSocketHub = (deps: { bus: Bus; channelAuth: ChannelAuth; health?: HealthRegistry }) => {
  const connections = new Map<string, Connection>();
  const reporter = deps.health?.register(SOCKET_HUB_COMPONENT);
  let supervised: Supervised | null = null;
  const send = (c: Connection, message: SocketServerMessage) => c.socket.send(JSON.stringify(message));

  const deliver = (channel: string, message: PushMessage) => {
    for (const c of connections.values()) {
      if (c.channels.has(channel)) send(c, { event: 'notification', channel, data: message.notification });
    }
  };

  const closeWhere = (match: (c: Connection) => boolean, reason: string) => {
    for (const [id, c] of connections) {
      if (!match(c)) continue;
      connections.delete(id);
      c.socket.close(SOCKET_CLOSE_REVOKED, reason);
    }
  };
  /** close every socket of a user (password changed, disabled, removed) */
  const closeUser = (userId: string, reason = 'access revoked') => closeWhere((c) => c.userId === userId, reason);
  /** close the sockets opened with one sign-in session's tokens */
  const closeSession = (sessionId: string, reason = 'signed out') => closeWhere((c) => c.sessionId === sessionId, reason);
  const revoke = (event: Pick<EventEnvelope, 'type' | 'data'>) => {
    const data = (event.data ?? {}) as { userId?: unknown; sessionId?: unknown };
    if (event.type === 'UserSignedOut') {
      if (typeof data.sessionId === 'string') closeSession(data.sessionId);
      return;
    }
    if (typeof data.userId === 'string') closeUser(data.userId);
  };

  return {
    connections,
    /** resolves once the first attempt has subscribed (or failed, and is being retried) */
    async start() {
      let settled!: () => void;
      const firstAttempt = new Promise<void>((resolve) => (settled = resolve));
      supervised = supervise({
        ...(reporter ? { reporter } : {}),
        async run({ signal, running }) {
          const subscriptions: BusSubscription[] = [];
          const options = reporter ? { health: reporter } : undefined;
          try {
            subscriptions.push(
              await deps.bus.subscribe<PushMessage>(PUSH_PATTERN, (m) => deliver(privateUserChannel(m.data.userId), m.data), options),
            );
            // every instance closes its own sockets: no queue group
            for (const type of SOCKET_REVOKING_EVENTS) {
              subscriptions.push(await deps.bus.subscribe<EventEnvelope>(`stramien.*.*.${type}`, (m) => revoke(m.data), options));
            }
            running();
            settled();
            await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          } finally {
            settled();
            for (const s of subscriptions) await s.unsubscribe().catch(() => undefined);
          }
        },
      });
      await firstAttempt;
    },
    async stop() {
      await supervised?.stop();
      supervised = null;
      for (const c of connections.values()) c.socket.close(1001, 'server shutting down');
      connections.clear();
    },
    /** a socket authenticated as `userId` (with a token of `sessionId`) joins the hub */
    attach(socket: HubSocket, userId: string, sessionId: string | null = null): string {
      const socketId = randomUUID();
      const connection: Connection = { socket, userId, sessionId, channels: new Set() };
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
    closeUser,
    closeSession,
    revoke,
  };
};
export type SocketHub = ReturnType<typeof createSocketHub>;
