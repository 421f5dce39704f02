import type { Project } from '@stramien/api';
import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../shared/queryClient';
import { SessionContext } from '../identity/session/useSession';
import { projectKeys } from '../projects/queries';
import { projectRoutes } from '../projects/routes';
import { LICENCE_ID, projectView, sessionOf, userOf } from '../projects/testing/fixtures';
import { sbsKeys } from './queries';

const node = (id: string, code: string, parent_code: string | null) => ({
  id,
  code,
  label: `Label ${code}`,
  parent_code,
  hasChildren: false,
  version: { id: 'p-1' },
});

const renderManagement = (project: Project, manage: boolean) => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(projectKeys.bySlug(LICENCE_ID, project.slug), project);
  queryClient.setQueryData(sbsKeys.permissions(project.id), { read: true, manage });
  queryClient.setQueryData(sbsKeys.versions(project.id), [{ id: project.id, name: 'Default', isDefault: true, created_at: null }]);
  queryClient.setQueryData(sbsKeys.list(project.id, project.id, ''), [node('n1', 'A', null), node('n2', 'A.1', 'A')]);
  const router = createMemoryRouter(projectRoutes, { initialEntries: [`/project/${project.slug}/sbs/management`] });
  render(
    <AppProviders queryClient={queryClient}>
      <SessionContext.Provider value={sessionOf(userOf())}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </AppProviders>,
  );
};

describe('SBS management', () => {
  it('says so to a user without the SBS management right', async () => {
    renderManagement(projectView(), false);
    expect(await screen.findByText('SBS management needs the SBS management right in this project.')).toBeTruthy();
    expect(screen.queryByTestId('sbs-management')).toBeNull();
  });

  it("lists the version's records and offers to delete the selected ones", async () => {
    renderManagement(projectView(), true);
    expect((await screen.findByTestId('sbs-list')).textContent).toContain('Label A.1');
    const bulk = screen.getByRole('button', { name: 'Delete 0 selected' }) as HTMLButtonElement;
    expect(bulk.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select all'));
    expect((screen.getByRole('button', { name: 'Delete 2 selected' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Delete version' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
