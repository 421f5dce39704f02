import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { identityRoutes } from '@stramien/api';
import { DEMO, startTestServer } from '@stramien/commands/testing/testServer';
import { atMost, info, percentile, round, type BenchFigure } from './figures';
import { createHttpClient } from './http';
import { subscribedUserSocket } from './userSocket';

export interface NotificationsBenchOptions {
  /** sign-ins from a new device, one after another; default 100 */
  samples?: number;
  log?: (line: string) => void;
}

/**
 * Notification latency on the embedded default: a browser's socket subscribed to its user's private channel;
 * the same user signs in again and again from a new device id (each sign-in makes a notification for them).
 * Measured from the token response to the socket's notification message (0 when the push came first), from
 * the sign-in command's time (the event's occurredAt, millisecond clock) and from sending the token request.
 */
export async function benchNotificationLatency(options: NotificationsBenchOptions = {}): Promise<BenchFigure[]> {
  const samples = options.samples ?? 100;
  const log = options.log ?? (() => {});
  const server = await startTestServer();
  const http = createHttpClient(server.url, 2);
  let ws: WebSocket | undefined;
  try {
    const token = await server.signIn(DEMO.admin, `bench-${randomUUID()}`);
    const me = await server.api(token).call(identityRoutes.currentUser);

    /** arrival (performance.now and wall clock) and created_at (the command's time) of each pushed notification */
    const notifications: Array<{ at: number; wall: number; createdAt: string }> = [];
    let onNotification: (() => void) | undefined;
    ws = await subscribedUserSocket(server, { id: me.id, token }, (notification, at) => {
      notifications.push({ at, wall: Date.now(), createdAt: notification.created_at });
      onNotification?.();
    });

    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    const fromCommand: number[] = [];
    let pushedFirst = 0;
    log(`notifications: ${samples} sign-ins from new devices`);
    for (let i = 0; i < samples; i++) {
      const before = notifications.length;
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no notification within 10 s for sign-in ${i}`)), 10_000);
        onNotification = () => {
          if (notifications.length > before) {
            clearTimeout(timer);
            resolve();
          }
        };
      });
      const sentAt = performance.now();
      const answer = await http.call('POST', '/oauth/token', {
        grant_type: 'password',
        client_id: 'stramien-web',
        client_secret: 'stramien-web',
        username: DEMO.admin.email,
        password: DEMO.admin.password,
        device_id: `bench-device-${randomUUID()}`,
      });
      const answeredAt = performance.now();
      if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body}`);
      await arrived;
      const pushed = notifications[before]!;
      if (pushed.at < answeredAt) pushedFirst++;
      fromAnswer.push(Math.max(0, pushed.at - answeredAt));
      fromRequest.push(pushed.at - sentAt);
      fromCommand.push(pushed.wall - Date.parse(pushed.createdAt));
    }
    return [
      atMost('notification latency: token answer -> socket message, p95', round(percentile(fromAnswer, 95), 2), 'ms', 100),
      info('notification latency: token answer -> socket message, p50', round(percentile(fromAnswer, 50), 2), 'ms'),
      info('notification latency: sign-in event decided (occurredAt) -> socket message, p95', round(percentile(fromCommand, 95), 2), 'ms'),
      info(
        'notification latency: token request sent -> socket message (includes scrypt), p95',
        round(percentile(fromRequest, 95), 2),
        'ms',
      ),
      info('notification latency: pushes that arrived before the token answer', pushedFirst, `of ${samples}`),
    ];
  } finally {
    ws?.close();
    http.close();
    await server.close();
  }
}
