import { z } from 'zod';
import { defineRoute } from '../shared/contract';

/** Notification types of the spec: task, download, default. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(['task', 'download', 'default']),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const broadcastingAuthRequestSchema = z.object({
  socket_id: z.string().min(1).max(100),
  channel_name: z.string().min(1).max(200),
});

export const notificationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    summary: 'Newest notifications of the signed-in user',
    tag: 'notifications',
    auth: true,
    policy: { access: 'user' },
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }).optional(),
    response: z.object({ data: z.array(notificationSchema) }),
  }),
  broadcastingAuth: defineRoute({
    method: 'POST',
    path: '/api/broadcasting/auth',
    summary: 'Authorise a WebSocket to join a private channel',
    tag: 'notifications',
    auth: true,
    policy: { access: 'user' },
    body: broadcastingAuthRequestSchema,
    response: z.object({ auth: z.string() }),
  }),
};

/**
 * WebSocket protocol at /ws?token=<jwt> (the socket itself is authorised by the JWT):
 *  server -> {event:'connected', socket_id}
 *  client -> {event:'subscribe', channel, auth}     (auth from POST /api/broadcasting/auth; 'global' needs none)
 *  server -> {event:'subscribed', channel} | {event:'error', message}
 *  server -> {event:'notification', channel, data: Notification}
 * Channels: 'private-user.<userId>' and 'global'.
 */
export const socketServerMessageSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('connected'), socket_id: z.string() }),
  z.object({ event: z.literal('subscribed'), channel: z.string() }),
  z.object({ event: z.literal('error'), message: z.string() }),
  z.object({ event: z.literal('notification'), channel: z.string(), data: notificationSchema }),
]);
export type SocketServerMessage = z.infer<typeof socketServerMessageSchema>;
export const privateUserChannel = (userId: string): string => `private-user.${userId}`;
export const GLOBAL_CHANNEL = 'global';
