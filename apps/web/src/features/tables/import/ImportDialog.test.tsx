import type { Project, TableView } from '@stramien/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../shared/queryClient';
import { SessionContext } from '../../identity/session/useSession';
import { projectKeys } from '../../projects/queries';
import { projectRoutes } from '../../projects/routes';
import { LICENCE_ID, projectView, sessionOf, userOf } from '../../projects/testing/fixtures';
import { tableKeys } from '../queries';

const tableOf = (project: Project, write: boolean): TableView => ({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Kozijnen',
  project: { id: project.id },
  columns: [
    { id: 'c-code', name: 'Code', type: 'text', options_value: null, position: 1 },
    { id: 'c-width', name: 'Breedte', type: 'float', options_value: null, position: 2 },
  ],
  relations: [],
  record_count: 0,
  record_count_capped: false,
  module: false,
  access: { manage: false, write, read: true },
});

/** The records page of a table the user may write (or only read), its definition held as the server answered it. */
const renderRecords = (write: boolean) => {
  const project = projectView();
  const table = tableOf(project, write);
  const queryClient = createQueryClient();
  queryClient.setQueryData(projectKeys.bySlug(LICENCE_ID, project.slug), project);
  queryClient.setQueryData(tableKeys.detail(table.id), table);
  const router = createMemoryRouter(projectRoutes, { initialEntries: [`/project/${project.slug}/tables/${table.id}`] });
  render(
    <AppProviders queryClient={queryClient}>
      <SessionContext.Provider value={sessionOf(userOf())}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </AppProviders>,
  );
};

const csv = (text: string) => new File([text], 'kozijnen.csv', { type: 'text/csv' });

describe('the import wizard on the records page', () => {
  it('is offered to users who may write the table, not to readers', async () => {
    renderRecords(false);
    expect(await screen.findByTestId('records-toolbar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('previews a dropped file in the browser and maps its columns by name, pointing out a column chosen twice', async () => {
    renderRecords(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    // dropped on the wizard (the browser flow picks it with the file input)
    fireEvent.drop(await within(dialog).findByTestId('import-drop'), {
      dataTransfer: { files: [csv('\ufeffcode;Breedte;Opmerking\r\nK-1;1,25;"twee\r\nregels"\r\n')] },
    });

    const preview = await within(dialog).findByTestId('import-preview');
    expect(within(dialog).getByTestId('import-delimiter').textContent).toBe('Separator: semicolon (;)');
    expect([...preview.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Row', 'code', 'Breedte', 'Opmerking']);
    expect(within(preview).getByText(/twee\s+regels/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));

    const select = (header: string) => within(dialog).getByLabelText(`Table column for ${header}`) as HTMLSelectElement;
    expect([select('code').value, select('Breedte').value, select('Opmerking').value]).toEqual(['c-code', 'c-width', '']);
    const check = within(dialog).getByRole('button', { name: 'Check the file' }) as HTMLButtonElement;
    expect(check.disabled).toBe(false);
    fireEvent.change(select('Opmerking'), { target: { value: 'c-code' } });
    await waitFor(() =>
      expect(within(dialog).getByTestId('import-mapping-double').textContent).toBe('Code is chosen for more than one column of the file.'),
    );
    expect(check.disabled).toBe(true);
    fireEvent.change(select('Opmerking'), { target: { value: '' } });
    await waitFor(() => expect(within(dialog).queryByTestId('import-mapping-double')).toBeNull());
    expect(check.disabled).toBe(false);
  });
});
