import type { User } from '@stramien/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/renderWithRouter';
import { SessionContext } from '../../identity/session/useSession';
import { projectCalls, projectKeys } from '../../projects/queries';
import { LICENCE_ID, projectView, sessionOf, userOf } from '../../projects/testing/fixtures';
import { AdminProjectsPage } from './AdminProjectsPage';

const renderPage = (user: User) => {
  const view = renderAt(
    <SessionContext.Provider value={sessionOf(user)}>
      <AdminProjectsPage />
    </SessionContext.Provider>,
    { path: '/admin/projects' },
  );
  act(() => {
    view.queryClient.setQueryData(projectKeys.list(LICENCE_ID, true), [
      projectView({ id: 'p-1', slug: '1-school', number: '1', name: 'School' }),
      projectView({ id: 'p-2', slug: '2-brug', number: '2', name: 'Brug', archived: true, is_member: false }),
    ]);
    view.queryClient.setQueryData(projectKeys.licence(LICENCE_ID), {
      id: LICENCE_ID,
      name: 'Bouw BV',
      theme: { primary: '#2e8be8', custom: false },
      manufacturing: false,
    });
  });
  return view;
};

afterEach(() => vi.restoreAllMocks());

describe('AdminProjectsPage', () => {
  it('lists every project of the licence with its status and archives one after confirmation', async () => {
    const archive = vi
      .spyOn(projectCalls, 'archive')
      .mockResolvedValue({ message: 'Project archived', data: projectView({ archived: true }), position: 4 });
    renderPage(userOf({}, true));
    const active = await screen.findByTestId('admin-project-1-school');
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(screen.getByTestId('admin-project-2-brug')).getByText('Archived')).toBeTruthy();
    fireEvent.click(within(active).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Archive' }).length).toBeGreaterThan(1));
    fireEvent.click(screen.getAllByRole('button', { name: 'Archive' }).at(-1)!);
    await waitFor(() => expect(archive).toHaveBeenCalledWith('p-1'));
    expect(await screen.findByText('Project archived')).toBeTruthy();
  });

  it("refuses a theme colour that is not 3 or 6 hex digits with 'Invalid HEX color.'", async () => {
    const update = vi.spyOn(projectCalls, 'updateLicence');
    renderPage(userOf({}, true));
    fireEvent.change(await screen.findByLabelText('Theme colour', { selector: 'input[type=text], input:not([type])' }), {
      target: { value: '#1234' },
    });
    fireEvent.click(within(screen.getByTestId('licence-settings')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid HEX color.')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('is closed to ordinary users', () => {
    renderPage(userOf());
    expect(screen.getByText('Only user admins can manage the projects of a licence')).toBeTruthy();
  });
});
