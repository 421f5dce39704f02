import { z } from 'zod';
import { defineRoute } from '../shared/contract';

/** Notification types of the spec: task, download, default. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(['task', 'download', 'default', 'workflow_job_assigned', 'workflow_job_opened']),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** a notification's id: derived from its event and recipient ('<eventId>:<userId>') */
const notificationId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9:_-]+$/);

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
  markRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/:id/read',
    summary: 'Mark one notification of the signed-in user read (it keeps its first read time)',
    tag: 'notifications',
    auth: true,
    policy: { access: 'user' },
    params: z.object({ id: notificationId }),
    response: z.object({ data: notificationSchema }),
    alsoAnswers: [404],
  }),
  markAllRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Mark every unread notification of the signed-in user read',
    tag: 'notifications',
    auth: true,
    policy: { access: 'user' },
    response: z.object({ data: z.object({ count: z.number().int().nonnegative() }) }),
  }),
  clear: defineRoute({
    method: 'DELETE',
    path: '/api/notifications',
    summary: 'Clear (delete) every notification of the signed-in user',
    tag: 'notifications',
    auth: true,
    policy: { access: 'user' },
    response: z.object({ data: z.object({ count: z.number().int().nonnegative() }) }),
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
