import type { Project } from '@stramien/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../shared/queryClient';
import { SessionContext } from '../../identity/session/useSession';
import { projectKeys } from '../queries';
import { LICENCE_ID, memberView, moduleView, projectView, sessionOf, userOf } from '../testing/fixtures';
import { ProjectAppsMenu } from './ProjectAppsMenu';

const modules = [
  moduleView({ id: 'project-gantt', name: 'Project Gantt' }),
  moduleView({ id: 'build-order', name: 'Build Order' }),
  moduleView({ id: 'fourd', name: '4D Planning', accessible: false }),
];

const renderMenu = (url: string, project: Project) => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(projectKeys.bySlug(LICENCE_ID, project.slug), project);
  const router = createMemoryRouter([{ path: '*', element: <ProjectAppsMenu /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={queryClient}>
      <SessionContext.Provider value={sessionOf(userOf())}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </AppProviders>,
  );
  return router;
};

afterEach(() => vi.restoreAllMocks());

describe('ProjectAppsMenu', () => {
  it('is not there while no project is open', () => {
    renderMenu('/dashboard', projectView());
    expect(screen.queryByTestId('project-apps')).toBeNull();
  });

  it('lists the accessible modules by name and the general apps a project admin may open, with settings', async () => {
    const router = renderMenu('/project/2024-01-nieuwbouw', projectView({ modules }));
    fireEvent.click(await screen.findByTestId('project-apps'));
    const menu = await screen.findByTestId('project-apps-menu');
    expect(
      within(menu)
        .getAllByTestId(/^apps-module-/)
        .map((e) => e.textContent),
    ).toEqual(['Build Order', 'Project Gantt']);
    expect(
      within(menu)
        .getAllByTestId(/^apps-general-/)
        .map((e) => e.textContent),
    ).toEqual(['Tasks', 'Workflows', 'Tables', 'SBS dashboard', 'Labels']);
    expect(within(menu).getByTestId('apps-settings')).toBeTruthy();
    fireEvent.change(within(menu).getByLabelText('Search apps'), { target: { value: 'gantt' } });
    expect(
      within(menu)
        .getAllByTestId(/^apps-module-/)
        .map((e) => e.textContent),
    ).toEqual(['Project Gantt']);
    fireEvent.change(within(menu).getByLabelText('Search apps'), { target: { value: 'tables' } });
    expect(within(menu).queryAllByTestId(/^apps-module-/)).toEqual([]);
    expect(within(menu).getAllByText('No options found')).toHaveLength(1);
    fireEvent.change(within(menu).getByLabelText('Search apps'), { target: { value: 'nothing like it' } });
    expect(within(menu).getAllByText('No options found')).toHaveLength(2);
    fireEvent.change(within(menu).getByLabelText('Search apps'), { target: { value: 'gantt' } });
    fireEvent.click(within(menu).getByTestId('apps-module-project-gantt'));
    expect(router.state.location.pathname).toBe('/project/2024-01-nieuwbouw/module/project-gantt');
  });

  it('shows a member only the general apps their teams allow, and no settings', async () => {
    renderMenu(
      '/project/2024-01-nieuwbouw/settings',
      memberView({ generalPermissions: { workflows: false, tables: true, sbs: false, labels: false, tasks: true } }),
    );
    fireEvent.click(await screen.findByTestId('project-apps'));
    const menu = await screen.findByTestId('project-apps-menu');
    expect(
      within(menu)
        .getAllByTestId(/^apps-general-/)
        .map((e) => e.textContent),
    ).toEqual(['Tasks', 'Tables']);
    expect(within(menu).queryByTestId('apps-settings')).toBeNull();
  });

  it("copies the project id and says 'Copied project id to clipboard'", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderMenu('/project/2024-01-nieuwbouw', projectView());
    fireEvent.click(await screen.findByTestId('project-apps'));
    fireEvent.click(await screen.findByTestId('apps-copy-id'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('p-1'));
    expect(await screen.findByText('Copied project id to clipboard')).toBeTruthy();
  });
});
