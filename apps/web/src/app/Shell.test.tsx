import type { User } from '@stramien/api';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityKeys } from '../features/identity/session/queries';
import { storeToken } from '../features/identity/session/tokenStorage';
import { createNotificationStore } from '../features/notifications/notificationStore';
import { NotificationServicesContext, type NotificationServices } from '../features/notifications/services';
import { createQueryClient } from '../shared/queryClient';
import { userOf } from '../test/fixtures';
import { AppProviders } from './AppProviders';
import { NEWS_READ_AT_KEY } from './news/newsStore';
import { routes } from './routes';
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

/** The real route tree in memory with the user in the query cache; no server behind it. */
const renderShell = (url: string, user: User) => {
  storeToken('jwt-1', 3600);
  const queryClient = createQueryClient();
  queryClient.setQueryData(identityKeys.currentUser(), user);
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

  it("opens what's new, which says 'No updates yet...' and stores the read time", async () => {
    renderShell('/downloads', person());
    fireEvent.click(within(await openUserMenu()).getByTestId('whats-new'));
    expect(await screen.findByText('No updates yet...')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(NEWS_READ_AT_KEY)).not.toBeNull());
    expect(screen.queryByTestId('user-menu-unread')).toBeNull();
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
    expect(within(await screen.findByTestId('task-sidebar')).getByText('No tasks found')).toBeTruthy();
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
    fireEvent.click(within(overview).getByTestId('tasks-reload'));
    expect(screen.getAllByText('No tasks found').length).toBeGreaterThan(0);
    fireEvent.click(within(overview).getByTestId('tasks-overview-close'));
    await waitFor(() => expect(screen.queryByTestId('tasks-overview')).toBeNull());
  });
});

describe('the shell pages not built yet', () => {
  it.each([
    ['/knowledge-base', 'The knowledge base is not available yet'],
    ['/workflow-management', 'Workflow management is not available yet'],
  ])('%s says it is not available yet, in the shell', async (url, text) => {
    const { location } = renderShell(url, person());
    expect(within(await screen.findByTestId('not-available')).getByText(text)).toBeTruthy();
    expect(screen.getByTestId('user-menu')).toBeTruthy();
    expect(location()).toBe(url);
  });

  it('says it in Dutch and German too', async () => {
    renderShell('/knowledge-base', person());
    await screen.findByTestId('not-available');
    fireEvent.click(within(await openUserMenu()).getByTestId('language-nl'));
    await waitFor(() => expect(screen.getByTestId('not-available').textContent).toContain('De kennisbank is nog niet beschikbaar'));
    fireEvent.click(within(await openUserMenu()).getByTestId('language-de'));
    await waitFor(() => expect(screen.getByTestId('not-available').textContent).toContain('Die Wissensdatenbank ist noch nicht verfügbar'));
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
