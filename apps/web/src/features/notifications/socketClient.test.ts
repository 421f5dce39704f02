import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectNotificationSocket, socketUrl, type SocketLike } from './socketClient';

class FakeSocket implements SocketLike {
  readonly sent: unknown[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  serverSends(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop() {
    this.onclose?.(new CloseEvent('close'));
  }
}

const connect = () => {
  const sockets: FakeSocket[] = [];
  const connection = connectNotificationSocket({
    url: 'ws://localhost/ws?token=t',
    userId: 'u-1',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    authorise: async () => 'sig',
    onNotification: () => {},
  });
  return { sockets, connection };
};

describe('notification socket client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('builds ws:// or wss:// on the page host', () => {
    expect(socketUrl('a b', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws?token=a%20b');
    expect(socketUrl('t', { protocol: 'https:', host: 'cde.example' })).toBe('wss://cde.example/ws?token=t');
  });

  it('doubles the reconnect delay up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  describe('when the connection drops', () => {
    it('reconnects after the backoff delay, longer each time', () => {
      const { sockets } = connect();
      sockets[0]?.drop();
      vi.advanceTimersByTime(999);
      expect(sockets).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(2);
      sockets[1]?.drop();
      vi.advanceTimersByTime(1999);
      expect(sockets).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(3);
    });

    it('starts the backoff over after a successful connect', () => {
      const { sockets } = connect();
      sockets[0]?.drop();
      vi.advanceTimersByTime(1000);
      sockets[1]?.serverSends({ event: 'connected', socket_id: 's-2' });
      sockets[1]?.drop();
      vi.advanceTimersByTime(1000);
      expect(sockets).toHaveLength(3);
    });
  });

  describe('when closed by the app', () => {
    it('closes the socket and does not reconnect', () => {
      const { sockets, connection } = connect();
      connection.close();
      expect(sockets[0]?.closed).toBe(true);
      sockets[0]?.drop();
      vi.advanceTimersByTime(60_000);
      expect(sockets).toHaveLength(1);
    });
  });
});
