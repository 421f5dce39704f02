import type { ColumnView, RecordView } from '@stramien/api';
import { validateCell, type CellValue, type Column, type ColumnType } from '@stramien/domain';
import { renderServerMessage } from '../../shared/apiErrors';

type ColumnLike = Pick<ColumnView, 'type' | 'options_value'>;

/** A column as the API shows it -> the shape the domain's column rules read (`options_value` is `options` there). */
export const asColumn = (column: ColumnLike): Pick<Column, 'type' | 'options'> => ({
  type: column.type as ColumnType,
  options: column.options_value as Column['options'],
});

/** A cell value as an editor's text ('' for null). */
export const editText = (value: CellValue): string => (value === null || value === undefined ? '' : String(value));

export type CellCheck = { ok: true; value: CellValue } | { ok: false; message: string };

/**
 * Checks an edited value with the domain's rules of the column's type (the server's own, docs/tables.md "Column
 * types and values") and answers the value to store or the message, in the user's language.
 */
export const checkCell = (column: ColumnLike, input: unknown): CellCheck => {
  const result = validateCell(asColumn(column), input);
  if (result.ok) return { ok: true, value: result.value };
  const { key, values, message } = result.error;
  return { ok: false, message: renderServerMessage({ key, values }, message) };
};

/** A record's label for a reader: its first filled cell (columns in their order), else the start of its id. */
export const recordLabel = (columns: readonly ColumnView[], record: RecordView): string => {
  const first = [...columns]
    .sort((a, b) => a.position - b.position)
    .find((c) => {
      const value = record.values[c.id];
      return value !== null && value !== undefined && value !== '';
    });
  return first ? String(record.values[first.id]) : record.id.slice(0, 8);
};
