import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../shared/queryClient';

/** Shows where the router ended up, for assertions on navigation. */
const Location = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

/** Renders `element` at `path` inside the app's providers; any other path shows the current location. */
export const renderAt = (
  element: ReactNode,
  { path, url = path, queryClient = createQueryClient() }: { path: string; url?: string; queryClient?: QueryClient },
) => {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Location /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
};
