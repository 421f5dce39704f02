import type { User } from '@stramien/api';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { routes } from '../../app/routes';
import { identityKeys } from '../identity/session/queries';
import { storeToken } from '../identity/session/tokenStorage';
import { createNotificationStore } from '../notifications/notificationStore';
import { NotificationServicesContext, type NotificationServices } from '../notifications/services';
import { createQueryClient } from '../../shared/queryClient';
import { licenceOf, userOf } from '../../test/fixtures';

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

const user = (role: 'system admin' | 'licence admin' | 'user'): User =>
  userOf({ is_systemadmin: role === 'system admin', licenses: [licenceOf('l-1', 'Bouwbedrijf', { is_admin: role !== 'user' })] });

const renderAdmin = (url: string, role: Parameters<typeof user>[0]) => {
  storeToken('jwt-1', 3600);
  const queryClient = createQueryClient();
  queryClient.setQueryData(identityKeys.currentUser(), user(role));
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={queryClient}>
      <NotificationServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </NotificationServicesContext.Provider>
    </AppProviders>,
  );
  return { location: () => router.state.location.pathname };
};

const tabs = () => screen.queryAllByRole('tab').map((tab) => tab.getAttribute('data-testid'));

describe('the account admin area', () => {
  it('shows a system admin every tab in the order of the spec', async () => {
    const { location } = renderAdmin('/admin', 'system admin');
    await waitFor(() => expect(location()).toBe('/admin/companies'));
    expect(tabs()).toEqual([
      'admin-tab-companies',
      'admin-tab-projects',
      'admin-tab-users',
      'admin-tab-collections',
      'admin-tab-labels',
      'admin-tab-modules',
      'admin-tab-webhooks',
      'admin-tab-news',
      'admin-tab-knowledge-base',
    ]);
  });

  it('hides companies and modules from a licence admin and starts at projects', async () => {
    const { location } = renderAdmin('/admin', 'licence admin');
    await waitFor(() => expect(location()).toBe('/admin/projects'));
    expect(tabs()).toEqual(['admin-tab-projects', 'admin-tab-users', 'admin-tab-collections', 'admin-tab-labels', 'admin-tab-webhooks']);
  });

  it.each(['/admin/companies', '/admin/modules', '/admin/news', '/admin/knowledge-base'])(
    'guards %s against a licence admin',
    async (url) => {
      renderAdmin(url, 'licence admin');
      expect(await screen.findByTestId('no-access')).toBeTruthy();
      expect(screen.queryByTestId('admin-modules')).toBeNull();
      expect(screen.queryByTestId('admin-companies')).toBeNull();
      expect(screen.queryByTestId('admin-news')).toBeNull();
      expect(screen.queryByTestId('admin-knowledge-base')).toBeNull();
    },
  );

  it.each(['/admin', '/admin/labels', '/admin/users', '/admin/webhooks'])('keeps an ordinary user out of %s', async (url) => {
    renderAdmin(url, 'user');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(tabs()).toEqual([]);
  });
});
