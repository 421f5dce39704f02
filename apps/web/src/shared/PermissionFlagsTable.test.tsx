import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PermissionFlagsTable, type PermissionFlagsRow } from './PermissionFlagsTable';

const rows: PermissionFlagsRow[] = [
  { id: 'p1', label: 'Kozijnen', read: true, write: false },
  { id: 'p2', label: 'Wanden', read: true, write: true },
];
const draw = (over: Partial<Parameters<typeof PermissionFlagsTable>[0]> = {}) => {
  const onChange = vi.fn();
  const onRemove = vi.fn();
  render(
    <PermissionFlagsTable
      rows={rows}
      heading="Table"
      flagLabel={(flag) => (flag === 'read' ? 'Read' : 'Write')}
      removeLabel={(row) => `Remove ${row.label}`}
      onChange={onChange}
      onRemove={onRemove}
      changing={false}
      removing={undefined}
      className="t"
      actionsClassName="a"
      {...over}
    />,
  );
  return { onChange, onRemove };
};

describe('PermissionFlagsTable', () => {
  it('shows each grant by its label with its flags', () => {
    draw();
    expect((screen.getByLabelText('Kozijnen: Read') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Kozijnen: Write') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Wanden: Write') as HTMLInputElement).checked).toBe(true);
  });

  it('asks for a flag change and a removal of the row clicked', () => {
    const { onChange, onRemove } = draw();
    fireEvent.click(screen.getByLabelText('Kozijnen: Write'));
    expect(onChange).toHaveBeenCalledWith(rows[0], 'write', true);
    fireEvent.click(screen.getByLabelText('Remove Wanden'));
    expect(onRemove).toHaveBeenCalledWith(rows[1]);
  });

  it('holds the checkboxes while a change is under way', () => {
    draw({ changing: true });
    expect((screen.getByLabelText('Wanden: Read') as HTMLInputElement).disabled).toBe(true);
  });
});
