import type { ColumnView } from '@stramien/api';
import type { ColumnType } from '@stramien/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders';
import { createQueryClient } from '../../../../shared/queryClient';
import { sbsKeys } from '../../../sbs/queries';
import { CellEditor, type CellEditorProps } from './CellEditor';

const column = (type: ColumnType, options_value: ColumnView['options_value'] = null): ColumnView => ({
  id: '7b0c2c4e-3f2d-4d7a-9d43-2d2a9f0b1c01',
  name: 'Cell',
  type,
  options_value,
  position: 0,
});

const renderEditor = (props: Partial<CellEditorProps> & Pick<CellEditorProps, 'column'>) => {
  const onCommit = vi.fn();
  const onCancel = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CellEditor value={null} onCommit={onCommit} onCancel={onCancel} {...props} />
    </AppProviders>,
  );
  return { onCommit, onCancel, field: screen.getByLabelText('Edit Cell') };
};

/** Types a text into the editor and presses Enter. */
const typeAndEnter = (field: HTMLElement, text: string) => {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter' });
};

describe('CellEditor', () => {
  describe.each([
    // type, a valid input and the value stored, an invalid input
    ['text', 'Kozijn K12', 'Kozijn K12', 'x'.repeat(1001)],
    ['integer', '12', 12, '1.5'],
    ['float', '2.75', 2.75, 'twee'],
    ['link', 'https://stramien.example/doc', 'https://stramien.example/doc', 'javascript:alert(1)'],
    ['email', 'bram@example.com', 'bram@example.com', 'bram-at-example'],
  ] as const)('a %s cell', (type, valid, stored, invalid) => {
    it('saves a valid value as the type stores it', () => {
      const { onCommit, field } = renderEditor({ column: column(type) });
      typeAndEnter(field, valid);
      expect(onCommit).toHaveBeenCalledWith(stored);
      expect(screen.queryByTestId('cell-error')).toBeNull();
    });

    it("keeps an invalid value on the cell with the domain's message and sends nothing", () => {
      const { onCommit, field } = renderEditor({ column: column(type) });
      typeAndEnter(field, invalid);
      expect(onCommit).not.toHaveBeenCalled();
      expect(screen.getByTestId('cell-error').textContent).not.toBe('');
    });
  });

  it('saves a date picked in the date field', () => {
    const { onCommit, field } = renderEditor({ column: column('date') });
    expect((field as HTMLInputElement).type).toBe('date');
    typeAndEnter(field, '2026-11-23');
    expect(onCommit).toHaveBeenCalledWith('2026-11-23');
  });

  it('saves a text field when it is left, and an emptied cell as null', () => {
    const { onCommit, field } = renderEditor({ column: column('text-field'), value: 'Eerste regel' });
    fireEvent.change(field, { target: { value: 'Eerste regel\nTweede regel' } });
    fireEvent.blur(field);
    expect(onCommit).toHaveBeenLastCalledWith('Eerste regel\nTweede regel');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    expect(onCommit).toHaveBeenLastCalledWith(null);
  });

  it('stores a ticked yes/no cell as true', () => {
    const { onCommit, field } = renderEditor({ column: column('boolean'), value: false });
    fireEvent.click(field);
    expect(onCommit).toHaveBeenCalledWith(true);
  });

  it("offers a dropdown's options and stores the one picked", () => {
    const { onCommit, field } = renderEditor({ column: column('dropdown', { options: ['Beton', 'Staal'] }) });
    expect([...(field as HTMLSelectElement).options].map((o) => o.text)).toEqual(['(empty)', 'Beton', 'Staal']);
    fireEvent.change(field, { target: { value: 'Staal' } });
    expect(onCommit).toHaveBeenCalledWith('Staal');
  });

  it("says 'No options found' for a dropdown without options", () => {
    const { field } = renderEditor({ column: column('dropdown', { options: [] }) });
    expect((field as HTMLSelectElement).options[0]?.text).toBe('No options found');
  });

  it('takes a typed SBS code with Enter', () => {
    const { onCommit, field } = renderEditor({ column: column('sbscode') });
    typeAndEnter(field, '21.10.03');
    expect(onCommit).toHaveBeenCalledWith('21.10.03');
  });

  it('picks a record of the target table in a table cell', () => {
    const target = '0d9e6c55-8f0e-4b7e-a1d4-6a3f9c7e2b10';
    const { onCommit, field } = renderEditor({
      column: column('table', { table: '5a1f2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b' }),
      choices: [{ id: target, label: 'Woning 12' }],
    });
    fireEvent.change(field, { target: { value: target } });
    expect(onCommit).toHaveBeenCalledWith(target);
  });

  it("shows the server's message for the cell, and Escape cancels", () => {
    const { onCancel, field } = renderEditor({ column: column('text'), value: 'A', error: "Choose one of the column's options." });
    expect(screen.getByTestId('cell-error').textContent).toBe("Choose one of the column's options.");
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
  });

  it('sends an unchanged value nowhere', () => {
    const { onCommit, onCancel, field } = renderEditor({ column: column('integer'), value: 12 });
    typeAndEnter(field, '12');
    expect(onCommit).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalled();
  });

  it("picks an sbscode cell's code from the project's SBS and saves it at once", async () => {
    const queryClient = createQueryClient();
    const node = { id: 'n-1', code: '21.10', label: 'Facade', parent_code: null, hasChildren: false, version: { id: 'p-1' } };
    queryClient.setQueryData(sbsKeys.search('p-1', 'p-1', '21', 'flat'), [node]);
    const onCommit = vi.fn();
    render(
      <AppProviders queryClient={queryClient}>
        <CellEditor column={column('sbscode')} projectId="p-1" value={null} onCommit={onCommit} onCancel={vi.fn()} />
      </AppProviders>,
    );
    const field = screen.getByLabelText('Edit Cell');
    fireEvent.change(field, { target: { value: '21' } });
    fireEvent.click(await screen.findByText('21.10'));
    expect(onCommit).toHaveBeenCalledWith('21.10');
    expect(screen.getByText('Facade')).toBeTruthy();
  });
});
