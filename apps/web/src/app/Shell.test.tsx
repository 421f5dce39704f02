import { identityRoutes, newsRoutes, type RouteContract, type User } from '@stramien/api';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityKeys } from '../features/identity/session/queries';
import { readToken, storeToken } from '../features/identity/session/tokenStorage';
import { createNotificationStore } from '../features/notifications/notificationStore';
import { NotificationServicesContext, type NotificationServices } from '../features/notifications/services';
import { api } from '../shared/api';
import { createQueryClient } from '../shared/queryClient';
import { userOf } from '../test/fixtures';
import { AppProviders } from './AppProviders';
import { routes } from './routes';
import { taskPageQuery, todayTasksParams } from '../features/tasks/queries';
import { myTasksParams } from './sidebars/TasksOverview';
import { closeAllSidebars } from './sidebars/sidebarStore';
import { DASHBOARD_TOUR_ID } from './tour/dashboardTour';
import { tourStorageKey } from './tour/useGuidedTour';

const licence = (id: string, name: string, isAdmin = false) => ({ id, name, is_admin: isAdmin, theme: { primary: null } });

const person = (over: Partial<User> = {}): User => userOf({ licenses: [licence('l-1', 'Bouwbedrijf')], ...over });

const services: NotificationServices = {
  store: createNotificationStore(null),
  createSocket: () => ({ send: () => {}, close: () => {}, onopen: null, onmessage: null, onclose: null, onerror: null }),
  authorise: async () => 'signature',
  loadRecent: async () => [],
  toast: () => {},
  markRead: async () => {},
  markAllRead: async () => {},
  clear: async () => {},
};

const NO_TASKS = { data: [], meta: { current_page: 1, per_page: 500, total: 0, last_page: 1 } };

/** The real route tree in memory with the user in the query cache; no server behind it. */
const renderShell = (url: string, user: User) => {
  storeToken('jwt-1', 3600);
  const queryClient = createQueryClient();
  queryClient.setQueryData(identityKeys.currentUser(), user);
  // no server behind it: the task lists of the sidebars are empty
  for (const params of [todayTasksParams(), myTasksParams('open')]) queryClient.setQueryData(taskPageQuery(params).queryKey, NO_TASKS);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <NotificationServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </NotificationServicesContext.Provider>
    </AppProviders>,
  );
  return { ...view, router, location: () => router.state.location.pathname };
};

const openUserMenu = async () => {
  fireEvent.click(await screen.findByTestId('user-menu'));
  return screen.findByRole('menu');
};

const ALWAYS = [
  'nav-pin',
  'profile-settings',
  'workflow-management',
  'downloads-link',
  'support-portal',
  'build-info-link',
  'documentation-link',
  'api-reference-link',
  'whats-new',
  'logout',
];

afterEach(() => {
  closeAllSidebars();
  vi.restoreAllMocks();
});

describe('the user menu', () => {
  describe('for an ordinary user with one licence', () => {
    it('offers every item of the spec except account admin and changing licence', async () => {
      renderShell('/downloads', person());
      const menu = await openUserMenu();
      for (const id of ALWAYS) expect(within(menu).getByTestId(id)).toBeTruthy();
      expect(within(menu).queryByTestId('account-admin')).toBeNull();
      expect(within(menu).queryByTestId('change-licence')).toBeNull();
    });
  });

  describe('for a licence admin with two licences', () => {
    it('also offers account admin and changing licence', async () => {
      localStorage.setItem('stramien.licenceId', 'l-1');
      renderShell('/downloads', person({ licenses: [licence('l-1', 'Bouwbedrijf', true), licence('l-2', 'Fabriek')] }));
      const menu = await openUserMenu();
      for (const id of [...ALWAYS, 'account-admin', 'change-licence']) expect(within(menu).getByTestId(id)).toBeTruthy();
    });
  });

  describe('for a system admin', () => {
    it('offers account admin, which opens /admin', async () => {
      const { location } = renderShell('/downloads', person({ is_systemadmin: true }));
      fireEvent.click(within(await openUserMenu()).getByTestId('account-admin'));
      await waitFor(() => expect(location()).toBe('/admin/companies'));
    });
  });

  it.each([
    ['profile-settings', '/settings'],
    ['workflow-management', '/workflow-management'],
    ['downloads-link', '/downloads'],
    ['build-info-link', '/build'],
    ['documentation-link', '/knowledge-base'],
  ])('leads %s to %s', async (id, path) => {
    const { location } = renderShell('/knowledge-base', person());
    fireEvent.click(within(await openUserMenu()).getByTestId(id));
    await waitFor(() => expect(location()).toBe(path));
  });

  it("opens the support portal in a new tab with the user's token", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderShell('/downloads', person());
    fireEvent.click(within(await openUserMenu()).getByTestId('support-portal'));
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/#token=jwt-1$/), '_blank', 'noopener,noreferrer');
  });

  it('logs out at once: the revocation starts with the token, and the user is on Login before the server answers', async () => {
    const tokens: (string | null)[] = [];
    vi.spyOn(api, 'send').mockImplementation((async (route: RouteContract) => {
      if (route !== identityRoutes.signOut) throw new Error('no server in this test');
      tokens.push(readToken());
      return new Promise(() => {}); // the server never answers
    }) as typeof api.send);
    const { location } = renderShell('/downloads', person());
    fireEvent.click(within(await openUserMenu()).getByTestId('logout'));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(tokens).toEqual(['jwt-1']);
    expect(readToken()).toBeNull();
  });

  it("shows the unread dot, opens what's new, which stores the read time on the server, and the dot goes", async () => {
    const item = { id: 'n-1', title: 'Boards', description: 'New', image: null, tags: [], updated_at: '2026-03-02T00:00:00.000Z' };
    const news = { ...item, auto_open: false, button_url: null, button_title: null };
    const call = vi.spyOn(api, 'send').mockImplementation((async (route: RouteContract) => {
      if (route === newsRoutes.whatsNew) return { data: [news], read_at: '2026-03-01T00:00:00.000Z' };
      if (route === newsRoutes.markRead) return { read_at: '2026-03-05T00:00:00.000Z', position: 3 };
      throw new Error('no server in this test');
    }) as typeof api.send);
    renderShell('/downloads', person());
    expect(await screen.findByTestId('user-menu-unread')).toBeTruthy();
    fireEvent.click(within(await openUserMenu()).getByTestId('whats-new'));
    expect(await screen.findByText('Boards')).toBeTruthy();
    await waitFor(() => expect(call.mock.calls.some(([route]) => route === newsRoutes.markRead)).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('user-menu-unread')).toBeNull());
  });

  it("says 'No updates yet...' in what's new when there is no news", async () => {
    renderShell('/downloads', person());
    fireEvent.click(within(await openUserMenu()).getByTestId('whats-new'));
    expect(await screen.findByText('No updates yet...')).toBeTruthy();
  });

  it('links the API reference in a new tab, apart from the documentation', async () => {
    renderShell('/downloads', person());
    const link = within(await openUserMenu()).getByTestId('api-reference-link');
    expect(link.textContent).toBe('API reference');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toBe('/api/docs');
    expect(screen.getByTestId('documentation-link').getAttribute('href')).not.toBe('/api/docs');
  });
});

describe('the app bar sidebars', () => {
  it("toggles today's tasks sidebar, which says 'No tasks found'", async () => {
    renderShell('/downloads', person());
    const toggle = await screen.findByTestId('today-tasks-toggle');
    fireEvent.click(toggle);
    expect(await within(await screen.findByTestId('task-sidebar')).findByText('No tasks found')).toBeTruthy();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByTestId('task-sidebar')).toBeNull());
  });

  it('opens the tasks overview with My Tasks, its filters, reload and close', async () => {
    renderShell('/downloads', person());
    fireEvent.click(await screen.findByTestId('tasks-overview-toggle'));
    const overview = await screen.findByTestId('tasks-overview');
    expect(within(overview).getByText('My Tasks')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Overdue' })).toBeTruthy();
    expect(await screen.findByText('No tasks found')).toBeTruthy();
    // reload asks the server again: it still has none
    const call = vi.spyOn(api, 'call').mockResolvedValue(NO_TASKS);
    fireEvent.click(within(overview).getByTestId('tasks-reload'));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(await screen.findByText('No tasks found')).toBeTruthy();
    fireEvent.click(within(overview).getByTestId('tasks-overview-close'));
    await waitFor(() => expect(screen.queryByTestId('tasks-overview')).toBeNull());
  });
});

describe('the workflow management pages', () => {
  it.each([['/workflow-management', 'Only licence admins build workflows']])(
    '%s tells a user who is not a licence admin who may use it, in the shell',
    async (url, text) => {
      const { location } = renderShell(url, person());
      expect(within(await screen.findByTestId('workflows-not-allowed')).getByText(text)).toBeTruthy();
      expect(screen.getByTestId('user-menu')).toBeTruthy();
      expect(location()).toBe(url);
    },
  );

  it('says it in Dutch and German too', async () => {
    renderShell('/workflow-management', person());
    await screen.findByTestId('workflows-not-allowed');
    fireEvent.click(within(await openUserMenu()).getByTestId('language-nl'));
    await waitFor(() =>
      expect(screen.getByTestId('workflows-not-allowed').textContent).toContain('Alleen licentiebeheerders bouwen workflows'),
    );
    fireEvent.click(within(await openUserMenu()).getByTestId('language-de'));
    await waitFor(() =>
      expect(screen.getByTestId('workflows-not-allowed').textContent).toContain('Nur Lizenzadministratoren erstellen Workflows'),
    );
  });
});

describe('the dashboard tour', () => {
  it('shows once: after finishing it, the next visit has no tour', async () => {
    const first = renderShell('/dashboard', person());
    expect((await screen.findByTestId('guided-tour-title')).textContent).toBe('Welcome to Stramien');
    for (let step = 1; step < 6; step++) fireEvent.click(screen.getByTestId('guided-tour-next'));
    expect(screen.getByTestId('guided-tour-progress').textContent).toBe('Step 6 of 6');
    fireEvent.click(screen.getByTestId('guided-tour-done'));
    expect(screen.queryByTestId('guided-tour')).toBeNull();
    expect(localStorage.getItem(tourStorageKey(DASHBOARD_TOUR_ID))).toBe('seen');
    first.unmount();

    renderShell('/dashboard', person());
    await screen.findByTestId('user-menu');
    expect(screen.queryByTestId('guided-tour')).toBeNull();
  });

  it('counts skipping as seen and points at the element of each step', async () => {
    renderShell('/dashboard', person());
    await screen.findByTestId('guided-tour');
    fireEvent.click(screen.getByTestId('guided-tour-next'));
    await waitFor(() => expect(screen.getByTestId('projects-button').classList.contains('stramien-tour__target')).toBe(true));
    fireEvent.click(screen.getByTestId('guided-tour-skip'));
    expect(screen.queryByTestId('guided-tour')).toBeNull();
    expect(screen.getByTestId('projects-button').classList.contains('stramien-tour__target')).toBe(false);
    expect(localStorage.getItem(tourStorageKey(DASHBOARD_TOUR_ID))).toBe('seen');
  });

  it('speaks the chosen language', async () => {
    renderShell('/dashboard', person());
    await screen.findByTestId('guided-tour');
    fireEvent.click(within(await openUserMenu()).getByTestId('language-de'));
    await act(async () => {});
    await waitFor(() => expect(screen.getByTestId('guided-tour-title').textContent).toBe('Willkommen bei Stramien'));
  });

  it('is not on other pages', async () => {
    renderShell('/downloads', person());
    await screen.findByTestId('downloads-page');
    expect(screen.queryByTestId('guided-tour')).toBeNull();
  });
});
