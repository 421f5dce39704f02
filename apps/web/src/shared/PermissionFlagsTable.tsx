import { Button, Checkbox, HTMLTable } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';

export const PERMISSION_FLAGS = ['read', 'write'] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

export interface PermissionFlagsRow {
  id: string;
  /** what the row gives access to, or to whom: a team's name, a table's name */
  label: string;
  read: boolean;
  write: boolean;
}

interface PermissionFlagsTableProps {
  rows: readonly PermissionFlagsRow[];
  /** the first column's heading */
  heading: string;
  /** the flags' headings and the remove button's label, in the caller's namespace */
  flagLabel: (flag: PermissionFlag) => string;
  removeLabel: (row: PermissionFlagsRow) => string;
  onChange: (row: PermissionFlagsRow, flag: PermissionFlag, on: boolean) => void;
  onRemove: (row: PermissionFlagsRow) => void;
  /** a change is under way: the checkboxes wait */
  changing: boolean;
  /** the row being removed, if any */
  removing: string | undefined;
  className: string;
  actionsClassName: string;
  rowTestId?: string;
}

/**
 * One read/write permission per row, changed in place and removed by the row's button: a table's permissions per
 * team (table settings) and a team's permissions per table (teams) are the same grant seen from either side.
 */
export const PermissionFlagsTable = ({
  rows,
  heading,
  flagLabel,
  removeLabel,
  onChange,
  onRemove,
  changing,
  removing,
  className,
  actionsClassName,
  rowTestId,
}: PermissionFlagsTableProps) => (
  <HTMLTable compact striped className={className}>
    <thead>
      <tr>
        <th scope="col">{heading}</th>
        {PERMISSION_FLAGS.map((flag) => (
          <th scope="col" key={flag}>
            {flagLabel(flag)}
          </th>
        ))}
        <th scope="col" />
      </tr>
    </thead>
    <tbody>
      {rows.map((row) => (
        <tr key={row.id} data-testid={rowTestId}>
          <td>{row.label}</td>
          {PERMISSION_FLAGS.map((flag) => (
            <td key={flag}>
              <Checkbox
                aria-label={`${row.label}: ${flagLabel(flag)}`}
                checked={row[flag]}
                disabled={changing}
                onChange={(event) => onChange(row, flag, event.currentTarget.checked)}
              />
            </td>
          ))}
          <td className={actionsClassName}>
            <Button
              variant="minimal"
              size="small"
              intent="danger"
              icon={<TrashIcon />}
              aria-label={removeLabel(row)}
              loading={removing === row.id}
              onClick={() => onRemove(row)}
            />
          </td>
        </tr>
      ))}
    </tbody>
  </HTMLTable>
);
