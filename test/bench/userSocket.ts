import WebSocket from 'ws';
import { notificationRoutes, privateUserChannel, type SocketServerMessage } from '@stramien/api';
import type { TestServer } from '@stramien/commands/testing/testServer';

export type SocketNotification = Extract<SocketServerMessage, { event: 'notification' }>['data'];

/**
 * A browser's socket as the benches need it: opened with the user's token, subscribed to the user's private channel
 * (broadcasting auth as the web app does it), handing each notification to `onNotification` with its arrival time
 * (performance.now()). Resolves once the server confirmed the subscription.
 */
export const subscribedUserSocket = async (
  server: TestServer,
  user: { id: string; token: string },
  onNotification: (notification: SocketNotification, at: number) => void,
): Promise<WebSocket> => {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${user.token}`);
  const channel = privateUserChannel(user.id);
  let subscribed: { resolve: () => void; reject: (e: Error) => void } | undefined;
  const socketId = await new Promise<string>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (raw) => {
      const at = performance.now();
      const message = JSON.parse(String(raw)) as SocketServerMessage;
      if (message.event === 'connected') resolve(message.socket_id);
      else if (message.event === 'notification') onNotification(message.data, at);
      else if (message.event === 'subscribed') subscribed?.resolve();
      else if (message.event === 'error') subscribed?.reject(new Error(message.message));
    });
  });
  const { auth } = await server
    .api(user.token)
    .call(notificationRoutes.broadcastingAuth, { body: { socket_id: socketId, channel_name: channel } });
  await new Promise<void>((resolve, reject) => {
    subscribed = { resolve, reject };
    ws.send(JSON.stringify({ event: 'subscribe', channel, auth }));
  });
  return ws;
};
