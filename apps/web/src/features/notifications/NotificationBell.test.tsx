import type { Notification } from '@stramien/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n';
import { renderAt } from '../../test/renderWithRouter';
import { NotificationBell } from './NotificationBell';
import { createNotificationStore } from './notificationStore';
import type { NotificationServices } from './services';
import type { SocketLike } from './socketClient';

/** An in-memory socket: records what the client sends and lets the test play the server. */
class FakeSocket implements SocketLike {
  readonly sent: unknown[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  serverSends(message: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }
}

const notification = (id: string, message: string, createdAt: string): Notification => ({
  id,
  type: 'default',
  data: { message, status: 'info' },
  created_at: createdAt,
  read_at: null,
});

const setup = async (recent: Notification[] = []) => {
  const sockets: FakeSocket[] = [];
  const toasts: string[] = [];
  const authorised: [string, string][] = [];
  const calls: string[] = [];
  const services: NotificationServices = {
    store: createNotificationStore(null),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    authorise: async (socketId, channel) => {
      authorised.push([socketId, channel]);
      return `signature-for-${channel}`;
    },
    loadRecent: async () => recent,
    toast: (text) => void toasts.push(text),
    markRead: async (id) => void calls.push(`read ${id}`),
    markAllRead: async () => void calls.push('read all'),
    clear: async () => void calls.push('clear'),
  };
  const view = renderAt(<NotificationBell userId="u-1" token="jwt-1" services={services} />, { path: '/dashboard' });
  // the socket client loads after the first paint
  await waitFor(() => expect(sockets).toHaveLength(1));
  return { ...view, sockets, toasts, authorised, services, calls };
};

const openList = () => {
  fireEvent.click(screen.getByTestId('notification-bell'));
  return screen.findByTestId('notification-list');
};

describe('NotificationBell', () => {
  it('is labelled Notifications and shows the empty state', async () => {
    await setup();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBe(screen.getByTestId('notification-bell'));
    const list = await openList();
    expect(within(list).getByText('No updates yet...')).toBeTruthy();
  });

  it('joins the global and the private channel once the socket is connected', async () => {
    const { sockets, authorised } = await setup();
    const socket = sockets[0];
    if (!socket) throw new Error('no socket opened');
    expect(socket.url).toMatch(/\/ws\?token=jwt-1$/);
    socket.serverSends({ event: 'connected', socket_id: 's-1' });
    await waitFor(() =>
      expect(socket.sent).toEqual([
        { event: 'subscribe', channel: 'global' },
        { event: 'subscribe', channel: 'private-user.u-1', auth: 'signature-for-private-user.u-1' },
      ]),
    );
    expect(authorised).toEqual([['s-1', 'private-user.u-1']]);
  });

  describe('when a notification arrives on the socket', () => {
    it('counts it as unread, lists it newest first and toasts it', async () => {
      const { sockets, toasts } = await setup([notification('n-1', 'Export finished', '2025-03-01T09:00:00Z')]);
      const socket = sockets[0];
      if (!socket) throw new Error('no socket opened');
      await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));

      socket.serverSends({ event: 'connected', socket_id: 's-1' });
      socket.serverSends({
        event: 'notification',
        channel: 'private-user.u-1',
        data: notification('n-2', 'Task assigned to you', '2025-03-01T10:00:00Z'),
      });

      expect(screen.getByTestId('notification-count').textContent).toBe('2');
      expect(toasts).toEqual(['Task assigned to you']);
      const list = await openList();
      expect(
        within(list)
          .getAllByTestId('notification-item')
          .map((item) => item.textContent),
      ).toEqual([expect.stringContaining('Task assigned to you'), expect.stringContaining('Export finished')]);
    });

    it('does not count the same notification twice', async () => {
      const { sockets, toasts } = await setup();
      const socket = sockets[0];
      if (!socket) throw new Error('no socket opened');
      const once = notification('n-1', 'Hello', '2025-03-01T10:00:00Z');
      socket.serverSends({ event: 'notification', channel: 'global', data: once });
      socket.serverSends({ event: 'notification', channel: 'global', data: once });
      expect(screen.getByTestId('notification-count').textContent).toBe('1');
      expect(toasts).toEqual(['Hello']);
    });

    it('ignores a message of an unknown type', async () => {
      const { sockets } = await setup();
      sockets[0]?.serverSends({
        event: 'notification',
        channel: 'global',
        data: { id: 'x', type: 'mystery', data: {}, created_at: '', read_at: null },
      });
      expect(screen.queryByTestId('notification-count')).toBeNull();
    });
  });

  it('empties the list with Clear, on the server too', async () => {
    const { sockets, calls } = await setup();
    sockets[0]?.serverSends({ event: 'notification', channel: 'global', data: notification('n-1', 'Hello', '2025-03-01T10:00:00Z') });
    const list = await openList();
    fireEvent.click(within(list).getByRole('button', { name: 'Clear' }));
    expect(within(list).getByText('No updates yet...')).toBeTruthy();
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(calls).toEqual(['clear']);
  });

  it('marks a notification read when it is clicked, on the server too, and only once', async () => {
    const { sockets, calls } = await setup();
    sockets[0]?.serverSends({ event: 'notification', channel: 'global', data: notification('n-1', 'Hello', '2025-03-01T10:00:00Z') });
    const list = await openList();
    fireEvent.click(within(list).getByText('Hello'));
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(within(list).getByTestId('notification-item').getAttribute('data-unread')).toBe('false');
    fireEvent.click(within(list).getByText('Hello'));
    expect(calls).toEqual(['read n-1']);
  });

  it('marks every notification read with All read', async () => {
    const { sockets, calls } = await setup();
    for (const id of ['n-1', 'n-2'])
      sockets[0]?.serverSends({ event: 'notification', channel: 'global', data: notification(id, `Hello ${id}`, '2025-03-01T10:00:00Z') });
    expect(screen.getByTestId('notification-count').textContent).toBe('2');
    const list = await openList();
    fireEvent.click(within(list).getByRole('button', { name: 'All read' }));
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(
      within(list)
        .getAllByTestId('notification-item')
        .map((i) => i.getAttribute('data-unread')),
    ).toEqual(['false', 'false']);
    expect(calls).toEqual(['read all']);
  });

  it('opens the task of a task notification, saying what changed', async () => {
    const { sockets, router } = await setup();
    sockets[0]?.serverSends({
      event: 'notification',
      channel: 'private-user.u-1',
      data: {
        id: 't-1',
        type: 'task',
        data: { taskId: 'task-9', taskTitle: 'Pour the foundation', change: 'status', status: 'closed' },
        created_at: '2025-03-01T10:00:00Z',
        read_at: null,
      },
    });
    const list = await openList();
    fireEvent.click(within(list).getByText('Task "Pour the foundation" was closed'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/task-9'));
  });

  it('follows a language switch without reconnecting', async () => {
    const { sockets } = await setup();
    await act(() => changeLanguage('de'));
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Benachrichtigungen');
    await act(() => changeLanguage('nl'));
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Meldingen');
    expect(sockets).toHaveLength(1);
  });

  it('closes the socket when it unmounts', async () => {
    const { sockets, unmount } = await setup();
    unmount();
    expect(sockets[0]?.closed).toBe(true);
  });
});
