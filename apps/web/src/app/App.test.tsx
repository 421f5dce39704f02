import type { User } from '@stramien/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityKeys } from '../features/identity/session/queries';
import { projectKeys } from '../features/projects/queries';
import { LICENCE_KEY, TOKEN_KEY, dropExpiredToken, storeToken } from '../features/identity/session/tokenStorage';
import { createNotificationStore } from '../features/notifications/notificationStore';
import { NotificationServicesContext, type NotificationServices } from '../features/notifications/services';
import type { SocketLike } from '../features/notifications/socketClient';
import { createQueryClient } from '../shared/queryClient';
import { userOf } from '../test/fixtures';
import { AppProviders } from './AppProviders';
import { NAV_PIN_COOKIE } from './navPin';
import { routes } from './routes';
import { taskListQuery, taskPageQuery, todayTasksParams } from '../features/tasks/queries';
import { initialTaskListState, taskListQueryOf } from '../features/tasks/taskListView';

const licence = (id: string, name: string, primary: string | null = null) => ({ id, name, is_admin: false, theme: { primary } });

const userWith = (licenses: User['licenses']): User => userOf({ licenses });

const silentSocket = (): SocketLike => ({ send: () => {}, close: () => {}, onopen: null, onmessage: null, onclose: null, onerror: null });

const services: NotificationServices = {
  store: createNotificationStore(null),
  createSocket: silentSocket,
  authorise: async () => 'signature',
  loadRecent: async () => [],
  toast: () => {},
  markRead: async () => {},
  markAllRead: async () => {},
  clear: async () => {},
};

const NO_TASKS = { data: [], meta: { current_page: 1, per_page: 500, total: 0, last_page: 1 } };

/** The real route tree in memory, with the user already in the query cache (no server in these tests). */
const renderApp = (url: string, user?: User) => {
  const queryClient = createQueryClient();
  if (user) queryClient.setQueryData(identityKeys.currentUser(), user);
  // the dashboard lists the licence's projects: none here
  for (const licence of user?.licenses ?? []) queryClient.setQueryData(projectKeys.list(licence.id), []);
  // and no tasks: none due today, none in the task list
  queryClient.setQueryData(taskPageQuery(todayTasksParams()).queryKey, NO_TASKS);
  queryClient.setQueryData(taskListQuery({ query: taskListQueryOf(initialTaskListState) }).queryKey, {
    pages: [NO_TASKS],
    pageParams: [1],
  });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={queryClient}>
      <NotificationServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </NotificationServicesContext.Provider>
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, location };
};

describe('the app routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('without a token', () => {
    it('sends the user to Login with a redirect', async () => {
      const { location } = renderApp('/build');
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(location()).toBe('/login?redirect=%2Fbuild');
    });
  });

  describe('with a token that expired before the start', () => {
    it('removes it and sends the user to Login', async () => {
      storeToken('jwt-old', 60, Date.now() - 3_600_000);
      dropExpiredToken();
      const { location } = renderApp('/dashboard', userWith([licence('l-1', 'Bouwbedrijf')]));
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(location()).toBe('/login?redirect=%2Fdashboard');
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    });
  });

  describe('when the server refuses the session', () => {
    it("removes the token, says 'Session expired. Relogin please.' and goes to Login", async () => {
      storeToken('jwt-1', 3600);
      vi.stubGlobal('fetch', async () =>
        Response.json({ message: 'Session expired. Relogin please.', key: 'identity.sessionExpired' }, { status: 401 }),
      );
      const { location } = renderApp('/build');
      expect(await screen.findByText('Session expired. Relogin please.')).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(location()).toBe('/login?redirect=%2Fbuild');
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    });
  });

  describe('when the user fetch gets no answer (network down, cut off by a navigation)', () => {
    it('keeps the token, says the server cannot be reached and tries again on Reload', async () => {
      storeToken('jwt-1', 3600);
      let calls = 0;
      vi.stubGlobal('fetch', async () => {
        calls += 1;
        throw new TypeError('Failed to fetch');
      });
      renderApp('/build');
      expect(await screen.findByText('The server cannot be reached')).toBeTruthy();
      expect(localStorage.getItem(TOKEN_KEY)).toBe('jwt-1');
      const before = calls;
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      await waitFor(() => expect(calls).toBeGreaterThan(before));
      expect(localStorage.getItem(TOKEN_KEY)).toBe('jwt-1');
    });
  });

  describe('with a valid token', () => {
    it('shows the empty dashboard with the licence in the app bar and its colour', async () => {
      storeToken('jwt-1', 3600);
      renderApp('/dashboard', userWith([licence('l-1', 'Bouwbedrijf', '#d32f2f')]));
      expect(await screen.findByText('Nothing special yet')).toBeTruthy();
      expect(await screen.findByText('No tasks found')).toBeTruthy();
      expect(screen.getByTestId('licence-name').textContent).toBe('Bouwbedrijf');
      expect(screen.getByTestId('licence-name').tagName).toBe('SPAN');
      expect(document.documentElement.style.getPropertyValue('--stramien-primary')).toBe('#d32f2f');
    });

    it('shows the not-found page in the shell at an unknown path, and stays there', async () => {
      storeToken('jwt-1', 3600);
      const { location } = renderApp('/no/such/page', userWith([licence('l-1', 'Bouwbedrijf')]));
      expect(await screen.findByText('Page not found')).toBeTruthy();
      expect(screen.getByTestId('user-menu')).toBeTruthy();
      expect(location()).toBe('/no/such/page');
    });

    it('opens /tasks on the task list', async () => {
      storeToken('jwt-1', 3600);
      const { location } = renderApp('/tasks', userWith([licence('l-1', 'Bouwbedrijf')]));
      expect(await screen.findByText('No tasks found')).toBeTruthy();
      expect(location()).toBe('/tasks/list');
    });

    it.each([['/workflow-management/builder/7', 'Only licence admins build workflows']])(
      'opens %s, which says who may use it, and stays there',
      async (path, text) => {
        storeToken('jwt-1', 3600);
        const { location } = renderApp(path, userWith([licence('l-1', 'Bouwbedrijf')]));
        expect(await screen.findByText(text)).toBeTruthy();
        expect(location()).toBe(path);
      },
    );

    it('opens the knowledge base; an article address that cannot exist says so and stays there', async () => {
      storeToken('jwt-1', 3600);
      const { location } = renderApp('/knowledge-base/42', userWith([licence('l-1', 'Bouwbedrijf')]));
      expect(await screen.findByText('This article does not exist (any more)')).toBeTruthy();
      expect(location()).toBe('/knowledge-base/42');
    });

    it('asks for a licence first when the user has more than one and none is chosen', async () => {
      storeToken('jwt-1', 3600);
      const { location } = renderApp('/build', userWith([licence('l-1', 'Bouwbedrijf'), licence('l-2', 'Fabriek')]));
      fireEvent.click(await screen.findByTestId('licence-l-2'));
      await waitFor(() => expect(location()).toBe('/build'));
      expect(localStorage.getItem(LICENCE_KEY)).toBe('l-2');
    });

    it('lets the licence name lead to the picker when there is more than one licence', async () => {
      storeToken('jwt-1', 3600);
      localStorage.setItem(LICENCE_KEY, 'l-1');
      const { location } = renderApp('/dashboard', userWith([licence('l-1', 'Bouwbedrijf'), licence('l-2', 'Fabriek')]));
      fireEvent.click(await screen.findByTestId('licence-name'));
      await waitFor(() => expect(location()).toBe('/licenses?redirect=%2Fdashboard'));
    });

    it('switches the language from the user menu', async () => {
      storeToken('jwt-1', 3600);
      renderApp('/dashboard', userWith([licence('l-1', 'Bouwbedrijf')]));
      fireEvent.click(await screen.findByTestId('user-menu'));
      const dutch = await screen.findByTestId('language-nl');
      await act(async () => {
        fireEvent.click(dutch);
      });
      await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Meldingen'));
      expect(screen.getByText('Nog niets bijzonders')).toBeTruthy();
      expect(localStorage.getItem('stramien.language')).toBe('nl');
    });

    it('pins the navigation bar on first load and keeps an unpin in a cookie', async () => {
      storeToken('jwt-1', 3600);
      renderApp('/dashboard', userWith([licence('l-1', 'Bouwbedrijf')]));
      fireEvent.click(await screen.findByTestId('user-menu'));
      const pin = await screen.findByTestId('nav-pin');
      expect(pin.textContent).toContain('Unpin navigation bar');
      fireEvent.click(pin);
      expect(document.cookie).toContain(`${NAV_PIN_COOKIE}=0`);
    });

    it('logs out to /login and forgets the token', async () => {
      storeToken('jwt-1', 3600);
      const { location } = renderApp('/dashboard', userWith([licence('l-1', 'Bouwbedrijf')]));
      fireEvent.click(await screen.findByTestId('user-menu'));
      const menu = await screen.findByRole('menu');
      fireEvent.click(within(menu).getByText('Log out'));
      await waitFor(() => expect(location()).toBe('/login'));
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    });
  });
});
