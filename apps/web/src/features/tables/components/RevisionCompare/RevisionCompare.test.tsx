import type { ColumnView, RevisionCompare as Comparison } from '@stramien/api';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders';
import { createQueryClient } from '../../../../shared/queryClient';
import { RevisionCompare } from './RevisionCompare';

const name: ColumnView = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Naam', type: 'text', options_value: null, position: 0 };
const done: ColumnView = { id: 'c0000000-0000-4000-8000-000000000002', name: 'Gereed', type: 'boolean', options_value: null, position: 1 };
const count: ColumnView = { id: 'c0000000-0000-4000-8000-000000000003', name: 'Aantal', type: 'integer', options_value: null, position: 2 };

const comparison = (over: Partial<Comparison> = {}): Comparison => ({
  from: { revision: null, position: 10 },
  to: { revision: null, position: 20 },
  columns: [name, done, count],
  added: [{ id: 'r-added', values: { [name.id]: 'Woning 14', [done.id]: false, [count.id]: 3 } }],
  removed: [{ id: 'r-removed', values: { [name.id]: 'Woning 2', [done.id]: true, [count.id]: null } }],
  changed: [
    {
      id: 'r-changed',
      values: { [name.id]: 'Woning 7', [done.id]: true, [count.id]: 5 },
      cells: [
        { column: { id: done.id, name: 'Gereed' }, from: false, to: true },
        { column: { id: count.id, name: 'Aantal' }, from: 4, to: 5 },
      ],
    },
  ],
  capped: false,
  ...over,
});

const renderCompare = (data: Comparison) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RevisionCompare comparison={data} />
    </AppProviders>,
  );

describe('RevisionCompare', () => {
  it('lists the added and removed records with their cells, and each changed cell as before and after', () => {
    renderCompare(comparison());
    const added = screen.getByTestId('compare-added');
    expect(added.textContent).toContain('Added records');
    expect(within(added).getAllByRole('row')[1]!.textContent).toBe('Woning 14No3');
    const removed = screen.getByTestId('compare-removed');
    expect(within(removed).getAllByRole('row')[1]!.textContent).toBe('Woning 2 Yes');
    const changes = screen.getAllByTestId('compare-change').map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(changes).toEqual([
      ['Woning 7', 'Gereed', 'No', ' Yes'],
      ['Aantal', '4', '5'],
    ]);
  });

  it('says when there are no differences, and when the lists are capped', () => {
    const { unmount } = renderCompare(comparison({ added: [], removed: [], changed: [] }));
    expect(screen.getByTestId('compare-none').textContent).toContain('No differences');
    unmount();
    renderCompare(comparison({ capped: true }));
    expect(screen.getByText('More records differ than are shown here.')).toBeTruthy();
  });
});
