import { ApiError, type ModuleDefinitionView } from '@stramien/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../../shared/i18n';
import { renderAt } from '../../../../test/renderWithRouter';
import { CreateProjectDialog, type CreateProjectBody } from './CreateProjectDialog';

const modules: ModuleDefinitionView[] = [
  { id: 'fourd', name: '4D Planning', icon: 'timeline-events', route: '4d', category: 'planning', manufacturing: false },
  { id: 'build-order', name: 'Build Order', icon: 'sort', route: 'build-order', category: 'planning', manufacturing: false },
];

const open = (onCreate: (body: CreateProjectBody) => Promise<void>) =>
  renderAt(<CreateProjectDialog isOpen onClose={() => {}} modules={modules} onCreate={onCreate} />, { path: '/' });

describe('CreateProjectDialog', () => {
  it("says 'Required.' for a missing name, number or role name and sends nothing", async () => {
    const onCreate = vi.fn(async () => {});
    open(onCreate);
    const roleNames = within(screen.getByTestId('create-project-roles')).getAllByLabelText('Role name');
    fireEvent.change(roleNames[1]!, { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('create-project-submit'));
    expect(await screen.findAllByText('Required.')).toHaveLength(3);
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('sends name, number, description, the chosen modules and the roles with is_projectadmin', async () => {
    const onCreate = vi.fn(async (_body: CreateProjectBody) => {});
    open(onCreate);
    fireEvent.change(screen.getByLabelText('Number'), { target: { value: ' P-7 ' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Brug' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Over de rivier' } });
    fireEvent.click(screen.getByLabelText('Build Order'));
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    const roleNames = within(screen.getByTestId('create-project-roles')).getAllByLabelText('Role name');
    fireEvent.change(roleNames[2]!, { target: { value: 'Uitvoerder' } });
    const switches = within(screen.getByTestId('create-project-roles')).getAllByLabelText('Project admin');
    fireEvent.click(switches[2]!);
    fireEvent.click(screen.getByTestId('create-project-submit'));
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect(onCreate.mock.calls[0]![0]).toEqual({
      name: 'Brug',
      number: 'P-7',
      description: 'Over de rivier',
      modules: ['build-order'],
      roles: [
        { name: 'Project admin', is_projectadmin: true },
        { name: 'Member', is_projectadmin: false },
        { name: 'Uitvoerder', is_projectadmin: true },
      ],
    });
  });

  it("shows the server's field messages", async () => {
    open(async () => {
      throw new ApiError(400, 'The given data was invalid.', { name: ['Required.'] });
    });
    fireEvent.change(screen.getByLabelText('Number'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('create-project-submit'));
    expect(await screen.findByText('Required.')).toBeTruthy();
  });

  it('speaks Dutch and German', async () => {
    await act(() => changeLanguage('nl'));
    open(async () => {});
    expect(screen.getByRole('button', { name: 'Project aanmaken' })).toBeTruthy();
    expect(screen.getAllByDisplayValue('Projectbeheerder')).toHaveLength(1);
    await act(() => changeLanguage('de'));
    expect(screen.getByRole('button', { name: 'Projekt anlegen' })).toBeTruthy();
  });
});
