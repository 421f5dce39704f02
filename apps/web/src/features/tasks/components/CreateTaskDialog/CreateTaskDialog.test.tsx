import { ApiError, type Project } from '@stramien/api';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../../app/AppProviders';
import { createQueryClient } from '../../../../shared/queryClient';
import { projectKeys } from '../../../projects/queries';
import { taskCalls, taskKeys } from '../../queries';
import { taskOf } from '../../testing/fixtures';
import { CreateTaskDialog } from './CreateTaskDialog';

const projects = [{ id: 'p-1', number: '10', name: 'School' }] as Pick<Project, 'id' | 'name' | 'number'>[];
const member = { id: 'u-2', name: 'Bram Jansen', email: 'bram@example.com', role: { id: 'r-1', name: 'Lid', is_projectadmin: false } };

const renderDialog = (props: { projectId?: string } = {}) => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(projectKeys.members('p-1'), [member]);
  queryClient.setQueryData(taskKeys.labels('l-1', 'p-1'), [
    { id: 'lab-1', title: 'Ruwbouw', color: '#ff0000', project: null, license: { id: 'l-1' } },
  ]);
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <CreateTaskDialog licenceId="l-1" projects={projects} onClose={onClose} {...props} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { onClose };
};

afterEach(() => vi.restoreAllMocks());

describe('CreateTaskDialog', () => {
  it("shows the spec's messages on an empty submit and keeps labels and the SBS code shut until a project is chosen", async () => {
    renderDialog();
    expect((screen.getByLabelText('SBS code') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByLabelText('Ruwbouw')).toBeNull();
    fireEvent.click(screen.getByTestId('create-task-submit'));
    expect((await screen.findByTestId('create-task-message')).textContent).toBe('Please fill in the tasks title');
    expect(screen.getByText('Please add an assigned user')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Project/), { target: { value: 'p-1' } });
    expect((screen.getByLabelText('SBS code') as HTMLInputElement).disabled).toBe(false);
    expect(await screen.findByLabelText('Ruwbouw')).toBeTruthy();
  });

  it('keeps a given project fixed', () => {
    renderDialog({ projectId: 'p-1' });
    expect((screen.getByLabelText(/Project/) as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText(/Project/) as HTMLSelectElement).value).toBe('p-1');
  });

  it("shows the server's field errors on their fields", async () => {
    vi.spyOn(taskCalls, 'create').mockRejectedValue(
      new ApiError(422, 'The assigned user has no access to this project.', {
        assigned_to: ['The assigned user has no access to this project.'],
      }),
    );
    renderDialog({ projectId: 'p-1' });
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Kozijnen plaatsen' } });
    fireEvent.change(screen.getByLabelText('Assigned user'), { target: { value: 'u-2' } });
    fireEvent.click(screen.getByTestId('create-task-submit'));
    await waitFor(() => expect(screen.getAllByText('The assigned user has no access to this project.').length).toBe(2));
  });

  it('creates the task and closes', async () => {
    const create = vi.spyOn(taskCalls, 'create').mockResolvedValue({
      message: "Successfully created task 'Kozijnen plaatsen'",
      data: taskOf({ title: 'Kozijnen plaatsen' }),
      position: 4,
    });
    const { onClose } = renderDialog({ projectId: 'p-1' });
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Kozijnen plaatsen' } });
    fireEvent.change(screen.getByLabelText('Assigned user'), { target: { value: 'u-2' } });
    fireEvent.click(screen.getByTestId('create-task-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create.mock.calls[0]![0]).toMatchObject({ project: 'p-1', title: 'Kozijnen plaatsen', assigned_to: 'u-2', license: 'l-1' });
    expect(await screen.findByText("Successfully created task 'Kozijnen plaatsen'")).toBeTruthy();
  });
});
