import { GLOBAL_CHANNEL, privateUserChannel, socketServerMessageSchema, type Notification } from '@stramien/api';

/** The part of a WebSocket the client uses; the browser's WebSocket fits, and so does a test's fake. */
export interface SocketLike {
  send: (data: string) => void;
  close: () => void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** POST /api/broadcasting/auth: the signature that lets this socket join a private channel. */
export type ChannelAuthoriser = (socketId: string, channel: string) => Promise<string>;

export interface NotificationSocketOptions {
  url: string;
  userId: string;
  createSocket: SocketFactory;
  authorise: ChannelAuthoriser;
  onNotification: (notification: Notification, channel: string) => void;
  /**
   * the user's private channel is joined (after every connect): what was pushed before (or while the socket was
   * away) did not reach this socket, so the caller loads the recent notifications again
   */
  onJoined?: () => void;
  /** reconnect backoff: the first delay and the cap, in ms */
  backoff?: { initialMs: number; maxMs: number };
}

export const DEFAULT_BACKOFF = { initialMs: 1_000, maxMs: 30_000 };

/** Delay before reconnect attempt `attempt` (0-based): doubling from initialMs up to maxMs. */
export const backoffDelay = (attempt: number, backoff = DEFAULT_BACKOFF): number =>
  Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt);

/** `ws(s)://<host>/ws?token=<jwt>` on the page's own host. */
export const socketUrl = (token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws?token=${encodeURIComponent(token)}`;

/**
 * Keeps a WebSocket to the notifier open: on `connected` it joins the global channel and the user's private
 * channel (authorised by the API), hands every notification to `onNotification`, and reconnects with backoff
 * when the connection drops.
 */
export const connectNotificationSocket = (options: NotificationSocketOptions): { close: () => void } => {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let socket: SocketLike | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const subscribe = (target: SocketLike, channel: string, auth?: string) =>
    target.send(JSON.stringify(auth === undefined ? { event: 'subscribe', channel } : { event: 'subscribe', channel, auth }));

  const onConnected = async (target: SocketLike, socketId: string) => {
    attempt = 0;
    subscribe(target, GLOBAL_CHANNEL);
    const channel = privateUserChannel(options.userId);
    try {
      const auth = await options.authorise(socketId, channel);
      if (!closed && socket === target) subscribe(target, channel, auth);
    } catch (error) {
      console.warn(`[notifications] could not join ${channel}`, error);
    }
  };

  const handle = (target: SocketLike, raw: unknown) => {
    let data: unknown;
    try {
      data = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      console.info('[notifications] ignored a message that is not JSON');
      return;
    }
    const parsed = socketServerMessageSchema.safeParse(data);
    if (!parsed.success) {
      // unknown (global) notification types are only logged (spec §8)
      console.info('[notifications] ignored an unknown message', data);
      return;
    }
    const message = parsed.data;
    switch (message.event) {
      case 'connected':
        void onConnected(target, message.socket_id);
        break;
      case 'notification':
        options.onNotification(message.data, message.channel);
        break;
      case 'error':
        console.warn('[notifications] socket error:', message.message);
        break;
      case 'subscribed':
        if (message.channel === privateUserChannel(options.userId)) options.onJoined?.();
        break;
    }
  };

  const open = () => {
    timer = null;
    if (closed) return;
    let target: SocketLike;
    try {
      target = options.createSocket(options.url);
    } catch (error) {
      console.warn('[notifications] could not open the socket', error);
      scheduleReconnect();
      return;
    }
    socket = target;
    target.onmessage = (event) => {
      if (socket === target) handle(target, event.data);
    };
    target.onclose = () => {
      if (socket !== target) return;
      socket = null;
      scheduleReconnect();
    };
    target.onerror = () => {
      // a close event follows and reconnects
    };
  };

  const scheduleReconnect = () => {
    if (closed || timer !== null) return;
    timer = setTimeout(open, backoffDelay(attempt, backoff));
    attempt += 1;
  };

  open();

  return {
    close: () => {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      const current = socket;
      socket = null;
      current?.close();
    },
  };
};
