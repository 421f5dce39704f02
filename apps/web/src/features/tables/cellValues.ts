import type { ColumnView } from '@stramien/api';
import { validateCellValue, type CellValue } from '@stramien/domain';
import { renderServerMessage } from '../../shared/apiErrors';

type ColumnLike = Pick<ColumnView, 'type' | 'options_value'>;

/** A dropdown column's options (`options_value.options`), [] for any other column. */
export const dropdownOptions = (column: ColumnLike): string[] => {
  const options = (column.options_value as { options?: unknown } | null)?.options;
  return Array.isArray(options) ? options.filter((o): o is string => typeof o === 'string') : [];
};

/** The table a `table` column points to (`options_value.table`), else null. */
export const targetTableOf = (column: ColumnLike): string | null => {
  const table = (column.options_value as { table?: unknown } | null)?.table;
  return column.type === 'table' && typeof table === 'string' ? table : null;
};

/** A cell value as an editor's text ('' for null). */
export const editText = (value: CellValue): string => (value === null || value === undefined ? '' : String(value));

export type CellCheck = { ok: true; value: CellValue } | { ok: false; message: string };

/**
 * Checks an edited value with the domain's rules of the column's type (the server's own, docs/tables.md "Column
 * types and values") and answers the value to store or the message, in the user's language.
 */
export const checkCell = (column: ColumnLike, input: unknown): CellCheck => {
  const result = validateCellValue({ type: column.type, options: column.options_value ?? null }, input);
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, message: renderServerMessage(result.message, result.text) };
};
