import type { Project, User } from '@stramien/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n';
import { renderAt } from '../../test/renderWithRouter';
import { SessionContext } from '../identity/session/useSession';
import { projectCalls, projectKeys } from '../projects/queries';
import { LICENCE_ID, memberView, projectView, sessionOf, userOf } from '../projects/testing/fixtures';
import { DashboardPage } from './DashboardPage';
import { taskPageQuery, todayTasksParams } from '../tasks/queries';

const renderDashboard = (projects: Project[], user: User = userOf()) => {
  const view = renderAt(
    <SessionContext.Provider value={sessionOf(user)}>
      <DashboardPage />
    </SessionContext.Provider>,
    { path: '/dashboard' },
  );
  act(() => {
    view.queryClient.setQueryData(projectKeys.list(LICENCE_ID), projects);
    view.queryClient.setQueryData(taskPageQuery(todayTasksParams()).queryKey, {
      data: [],
      meta: { current_page: 1, per_page: 500, total: 0, last_page: 1 },
    });
  });
  return view;
};

const projects = [
  projectView({ id: 'p-1', slug: '10-school', number: '10', name: 'School' }),
  memberView({ id: 'p-2', slug: '2-brug', number: '2', name: 'Brug' }),
  projectView({ id: 'p-3', slug: '30-kade', number: '30', name: 'Kade', is_favorite: true }),
];
const cardNames = () =>
  within(screen.getByTestId('project-cards'))
    .getAllByRole('link')
    .map((c) => c.getAttribute('aria-label'));

afterEach(() => vi.restoreAllMocks());

describe('the dashboard', () => {
  it('shows the project cards, favourites first, then by number', async () => {
    renderDashboard(projects);
    await screen.findByTestId('project-cards');
    expect(cardNames()).toEqual(['30 Kade', '2 Brug', '10 School']);
  });

  it('finds projects by name or number', async () => {
    renderDashboard(projects);
    fireEvent.change(await screen.findByLabelText('Search projects'), { target: { value: 'bru' } });
    expect(cardNames()).toEqual(['2 Brug']);
    fireEvent.change(screen.getByLabelText('Search projects'), { target: { value: 'nothing like it' } });
    expect(screen.getByText('No projects found')).toBeTruthy();
  });

  it("says 'Nothing special yet' without projects, and 'No tasks found' for today", async () => {
    renderDashboard([]);
    expect(await screen.findByText('Nothing special yet')).toBeTruthy();
    expect(screen.getByText('No tasks found')).toBeTruthy();
  });

  it('makes a clicked card the current project and opens it', async () => {
    const { router } = renderDashboard(projects);
    fireEvent.click(await screen.findByTestId('project-card-2-brug'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/2-brug'));
    expect(JSON.parse(localStorage.getItem('stramien.currentProject') ?? '{}')).toMatchObject({ id: 'p-2' });
  });

  it('shows the server message when a favourite is added', async () => {
    const favorite = vi
      .spyOn(projectCalls, 'favorite')
      .mockResolvedValue({ message: 'Project added to favorites', data: { ...projects[0]!, is_favorite: true }, position: 3 });
    renderDashboard(projects);
    fireEvent.click(within(await screen.findByTestId('project-card-10-school')).getByTestId('favorite-toggle'));
    expect(await screen.findByText('Project added to favorites')).toBeTruthy();
    expect(favorite).toHaveBeenCalledWith('p-1', true);
    await waitFor(() => expect(cardNames().slice(0, 2).sort()).toEqual(['10 School', '30 Kade']));
  });

  it("offers 'create project' to user admins only", async () => {
    renderDashboard(projects);
    await screen.findByTestId('project-cards');
    expect(screen.queryByTestId('create-project')).toBeNull();
  });

  it('creates a project and opens it', async () => {
    const created = projectView({ id: 'p-9', slug: '9-nieuw', number: '9', name: 'Nieuw' });
    const create = vi.spyOn(projectCalls, 'create').mockResolvedValue({ message: 'Project created', data: created, position: 5 });
    const { router, queryClient } = renderDashboard(projects, userOf({}, true));
    act(() => queryClient.setQueryData(projectKeys.licenceModules(LICENCE_ID), []));
    fireEvent.click(await screen.findByTestId('create-project'));
    fireEvent.change(await screen.findByLabelText('Number'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nieuw' } });
    fireEvent.click(screen.getByTestId('create-project-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/9-nieuw'));
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ license: LICENCE_ID, name: 'Nieuw', number: '9' }));
    expect(await screen.findByText('Project created')).toBeTruthy();
  });

  it('speaks German', async () => {
    await act(() => changeLanguage('de'));
    renderDashboard([]);
    expect(await screen.findByText('Noch nichts Besonderes')).toBeTruthy();
    expect(screen.getByLabelText('Projekte suchen')).toBeTruthy();
  });

  it("shows the server's message of a favourite in German", async () => {
    await act(() => changeLanguage('de'));
    vi.spyOn(projectCalls, 'favorite').mockResolvedValue({
      message: 'Project added to favorites',
      data: { ...projects[0]!, is_favorite: true },
      position: 3,
    });
    renderDashboard(projects);
    fireEvent.click(within(await screen.findByTestId('project-card-10-school')).getByTestId('favorite-toggle'));
    expect(await screen.findByText('Projekt zu Favoriten hinzugefügt')).toBeTruthy();
  });
});
