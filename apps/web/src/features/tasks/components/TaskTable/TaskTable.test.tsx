import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../../app/AppProviders';
import { createQueryClient } from '../../../../shared/queryClient';
import { taskListEntries } from '../../taskListView';
import { taskItem } from '../../testing/fixtures';
import { TaskTable, type TaskTableProps } from './TaskTable';

const renderTable = (over: Partial<TaskTableProps> = {}) => {
  const tasks = Array.from({ length: 10_000 }, (_, i) => taskItem({ title: `Task ${i + 1}`, status: i % 3 === 0 ? 'closed' : 'open' }));
  const props: TaskTableProps = {
    entries: taskListEntries(tasks, 'none'),
    total: 10_000,
    sort: 'number',
    descending: false,
    onSort: vi.fn(),
    hasMore: false,
    loadingMore: false,
    onLoadMore: vi.fn(),
    projectName: () => '10 School',
    onStatus: vi.fn(),
    onPriority: vi.fn(),
    onAssignee: vi.fn(),
    ...over,
  };
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <TaskTable {...props} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { props, tasks };
};

describe('TaskTable', () => {
  // jsdom lays nothing out: the list's viewport is 1200 x 600 px here
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });
  afterEach(() => vi.restoreAllMocks());

  it('puts only the visible rows of 10,000 in the page', () => {
    renderTable();
    const rows = screen.getAllByTestId('task-row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('10000');
  });

  it('sorts by a column header', () => {
    const { props } = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Due' }));
    expect(props.onSort).toHaveBeenCalledWith('due');
  });

  it('changes the status inline, offering only the moves the task allows', () => {
    const { props, tasks } = renderTable();
    const open = tasks[1]!;
    const status = screen.getByLabelText(`Status of task ${open.number}`);
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Open', 'Closed', 'Canceled']);
    fireEvent.change(status, { target: { value: 'closed' } });
    expect(props.onStatus).toHaveBeenCalledWith(open, 'closed');
    const closed = tasks[0]!;
    expect(
      within(screen.getByLabelText(`Status of task ${closed.number}`))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Closed', 'Open']);
  });

  it('asks for the next page when its end comes into view', () => {
    const { props } = renderTable({ entries: taskListEntries([taskItem(), taskItem()], 'none'), total: 900, hasMore: true });
    expect(props.onLoadMore).toHaveBeenCalled();
  });

  it('heads each group', () => {
    const tasks = [taskItem({ priority: 'urgent' }), taskItem({ priority: 'urgent' }), taskItem({ priority: 'low' })];
    renderTable({ entries: taskListEntries(tasks, 'priority') });
    expect(screen.getAllByTestId('task-group').map((g) => g.textContent)).toEqual(['Urgent', 'Low']);
  });
});
