import type { Project, User } from '@stramien/api';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { changeLanguage } from '../../shared/i18n';
import { createQueryClient } from '../../shared/queryClient';
import { SessionContext } from '../identity/session/useSession';
import { PROJECT_TOUR_ID } from './components/ProjectTour';
import { CURRENT_PROJECT_KEY } from './currentProject';
import { projectCalls, projectKeys } from './queries';
import { sessionKeys } from '../workflows/sessions/queries';
import { projectRoutes } from './routes';
import { LICENCE_ID, memberView, projectView, sessionOf, userOf } from './testing/fixtures';

const renderProject = (project: Project, user: User = userOf(), url = `/project/${project.slug}`) => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(projectKeys.bySlug(LICENCE_ID, project.slug), project);
  queryClient.setQueryData(sessionKeys.overview(project.id), []);
  const router = createMemoryRouter([...projectRoutes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={queryClient}>
      <SessionContext.Provider value={sessionOf(user)}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </AppProviders>,
  );
  return router;
};

afterEach(() => vi.restoreAllMocks());

describe('the project overview', () => {
  it('shows the project card, every navigation item, the links and the sessions empty state to a project admin', async () => {
    renderProject(projectView({ external_links: [{ id: 'k1', name: 'Drive', link: 'https://drive.example.com', color: '#2e8be8' }] }));
    const header = await screen.findByTestId('project-header');
    expect(header.textContent).toContain('Nieuwbouw');
    expect(
      within(screen.getByTestId('project-navigation'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Tasks', 'Workflows', 'Tables', 'SBS dashboard', 'Labels', 'Project settings']);
    expect(screen.getByTestId('project-link').getAttribute('href')).toBe('https://drive.example.com');
    expect(screen.getByText('No Sessions found within project')).toBeTruthy();
    expect(screen.queryByTestId('connect-overlay')).toBeNull();
    expect(JSON.parse(localStorage.getItem(CURRENT_PROJECT_KEY) ?? '{}')).toMatchObject({ id: 'p-1', slug: '2024-01-nieuwbouw' });
  });

  it('shows a member no links and only the general apps their teams allow', async () => {
    renderProject(memberView({ generalPermissions: { workflows: true, tables: false, sbs: false, labels: false, tasks: false } }));
    const nav = await screen.findByTestId('project-navigation');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Workflows']);
    expect(screen.queryByTestId('project-links')).toBeNull();
  });

  it('tells a member without team apps how to get them, and offers no settings', async () => {
    renderProject(memberView());
    const nav = await screen.findByTestId('project-navigation');
    expect(within(nav).queryAllByRole('button')).toEqual([]);
    expect(nav.textContent).toContain('Ask a project admin to add you to a team');
    expect(screen.getByTestId('project-header').textContent).toContain('Your role: Member');
  });

  it("puts a non-member licence admin behind 'You are not added to this project, connect first' until they connect", async () => {
    const outside = memberView({ is_member: false, role: null });
    const connected = projectView();
    const connect = vi
      .spyOn(projectCalls, 'connect')
      .mockResolvedValue({ message: 'You are now a member of this project', data: connected, position: 9 });
    renderProject(outside, userOf({}, true));
    const overlay = await screen.findByTestId('connect-overlay');
    expect(overlay.textContent).toContain('You are not added to this project, connect first');
    fireEvent.click(within(overlay).getByTestId('connect-button'));
    await waitFor(() => expect(screen.queryByTestId('connect-overlay')).toBeNull());
    expect(connect).toHaveBeenCalledWith('p-1');
    expect(await screen.findByText('You are now a member of this project')).toBeTruthy();
  });

  it('speaks Dutch', async () => {
    await act(() => changeLanguage('nl'));
    renderProject(memberView({ is_member: false, role: null }), userOf({}, true));
    expect((await screen.findByTestId('connect-overlay')).textContent).toContain(
      'Je bent niet aan dit project toegevoegd, maak eerst verbinding',
    );
    expect(screen.getByText('Geen sessies gevonden binnen dit project')).toBeTruthy();
  });

  it('opens the settings only for those who may change them', async () => {
    renderProject(memberView(), userOf(), '/project/2024-01-nieuwbouw/settings');
    expect(await screen.findByText('Only project admins can change the project settings')).toBeTruthy();
  });

  it('shows the guided tour once', async () => {
    renderProject(projectView());
    expect((await screen.findByTestId('guided-tour')).textContent).toContain('Your project');
    fireEvent.click(screen.getByTestId('guided-tour-skip'));
    await waitFor(() => expect(screen.queryByTestId('guided-tour')).toBeNull());
    expect(localStorage.getItem(`stramien.tour.${PROJECT_TOUR_ID}`)).toBe('seen');
  });

  it('lets a project admin add a link and shows the server message', async () => {
    const createLink = vi.spyOn(projectCalls, 'createLink').mockResolvedValue({
      message: 'Successfully created link',
      data: { id: 'k2', name: 'Wiki', link: 'https://wiki.example.com', color: null },
      position: 7,
    });
    renderProject(projectView());
    fireEvent.click(await screen.findByTestId('link-add'));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Wiki' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://wiki.example.com' } });
    fireEvent.click(screen.getByTestId('link-save'));
    expect(await screen.findByText('Successfully created link')).toBeTruthy();
    expect(createLink).toHaveBeenCalledWith('p-1', { name: 'Wiki', link: 'https://wiki.example.com', color: null });
  });

  it("shows the server's message in the user's language", async () => {
    await changeLanguage('nl');
    vi.spyOn(projectCalls, 'createLink').mockResolvedValue({
      message: 'Successfully created link',
      data: { id: 'k2', name: 'Wiki', link: 'https://wiki.example.com', color: null },
      position: 7,
    });
    renderProject(projectView());
    fireEvent.click(await screen.findByTestId('link-add'));
    fireEvent.change(await screen.findByLabelText('Naam'), { target: { value: 'Wiki' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://wiki.example.com' } });
    fireEvent.click(screen.getByTestId('link-save'));
    expect(await screen.findByText('Link aangemaakt')).toBeTruthy();
  });
});
