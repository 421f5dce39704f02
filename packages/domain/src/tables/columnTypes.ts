import { format, messages } from '../shared/messages';
import type { MessageValues } from '../shared/messageCatalogue';
import {
  DROPDOWN_OPTION_MAX,
  DROPDOWN_OPTIONS_MAX,
  EMAIL_CELL_MAX,
  LINK_CELL_MAX,
  RECORD_ID_MAX,
  SBS_CODE_CELL_MAX,
  TEXT_CELL_MAX,
  TEXT_FIELD_CELL_MAX,
  type ColumnType,
} from './constants';
import { tableMessages } from './messages';
import type { CellValue, Column, ColumnOptions } from './table';

/**
 * One validator per column type (spec 2 §3, §5; docs/tables.md "Column types and values"): an input value becomes
 * the stored value, or a per-cell message with its catalogue key (the browser renders the key in the user's
 * language, the API sends the English text). The API, the CSV import and the browser's cell editor all use these.
 */
export interface CellError {
  /** message catalogue key, e.g. 'validation.notWholeNumber' or 'tables.notAnOption' */
  key: string;
  /** the English text with its values filled in */
  message: string;
  values?: MessageValues;
}
export type CellResult = { ok: true; value: CellValue } | { ok: false; error: CellError };

export interface CellContext {
  /** the value comes from a CSV with decimal commas (Dutch and German Excel): '1.234,5' is 1234.5 */
  decimalComma?: boolean;
}

type Catalogue = { validation: typeof messages.validation; tables: typeof tableMessages };
const texts: Catalogue = { validation: messages.validation, tables: tableMessages };

const ok = (value: CellValue): CellResult => ({ ok: true, value });
const cellError = <C extends keyof Catalogue>(catalogue: C, name: keyof Catalogue[C] & string, values?: MessageValues): CellError => {
  const text = texts[catalogue][name] as string;
  return { key: `${catalogue}.${name}`, message: values ? format(text, values) : text, ...(values ? { values } : {}) };
};
const fail = <C extends keyof Catalogue>(catalogue: C, name: keyof Catalogue[C] & string, values?: MessageValues): CellResult => ({
  ok: false,
  error: cellError(catalogue, name, values),
});
const tooLong = (maximum: number): CellResult => fail('validation', 'tooLong', { maximum });

/** A scalar as text: strings as they are, numbers and booleans written out; anything else is not a cell value. */
const asText = (input: unknown): string | null =>
  typeof input === 'string' ? input : typeof input === 'number' || typeof input === 'boolean' ? String(input) : null;

const text =
  (max: number) =>
  (input: unknown): CellResult => {
    const value = asText(input);
    if (value === null) return fail('validation', 'notText');
    return value.length > max ? tooLong(max) : ok(value);
  };

const INTEGER = /^[+-]?\d+$/;
const integer = (input: unknown): CellResult => {
  const n = typeof input === 'number' ? input : typeof input === 'string' && INTEGER.test(input) ? Number(input) : NaN;
  return Number.isSafeInteger(n) ? ok(n) : fail('validation', 'notWholeNumber');
};

const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const THOUSANDS_WITH_DECIMAL_COMMA = /^[+-]?\d{1,3}(\.\d{3})+(,\d+)?$/;
const float = (input: unknown, _options: ColumnOptions, context: CellContext): CellResult => {
  if (typeof input === 'number') return Number.isFinite(input) ? ok(input) : fail('validation', 'notNumber');
  if (typeof input !== 'string') return fail('validation', 'notNumber');
  let written = input;
  if (context.decimalComma) {
    if (THOUSANDS_WITH_DECIMAL_COMMA.test(written)) written = written.replace(/\./g, '');
    written = written.replace(',', '.');
  }
  const n = FLOAT.test(written) ? Number(written) : NaN;
  return Number.isFinite(n) ? ok(n) : fail('validation', 'notNumber');
};

/** spec 2 §5: true, 1, '1' and 'true' are true; their opposites false (any case, for spreadsheets' TRUE) */
const boolean = (input: unknown): CellResult => {
  if (typeof input === 'boolean') return ok(input);
  if (input === 1 || input === 0) return ok(input === 1);
  if (typeof input === 'string') {
    const word = input.toLowerCase();
    if (word === 'true' || word === '1') return ok(true);
    if (word === 'false' || word === '0') return ok(false);
  }
  return fail('validation', 'notBoolean');
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** ISO 8601: a calendar date, or a date-time; stored as written */
const date = (input: unknown): CellResult => {
  const match = typeof input === 'string' ? DATE.exec(input) : null;
  if (!match) return fail('validation', 'invalidDate');
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const real = calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  // a real calendar date of four-digit year alone always parses: only a time part is left for Date.parse to check
  return real && (match[4] === undefined || !Number.isNaN(Date.parse(input as string)))
    ? ok(input as string)
    : fail('validation', 'invalidDate');
};

const link = (input: unknown): CellResult => {
  if (typeof input !== 'string') return fail('validation', 'invalidUrl');
  if (input.length > LINK_CELL_MAX) return tooLong(LINK_CELL_MAX);
  try {
    const url = new URL(input);
    return url.protocol === 'http:' || url.protocol === 'https:' ? ok(input) : fail('validation', 'invalidUrl');
  } catch {
    return fail('validation', 'invalidUrl');
  }
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = (input: unknown): CellResult => {
  if (typeof input !== 'string' || !EMAIL.test(input)) return fail('validation', 'invalidEmail');
  return input.length > EMAIL_CELL_MAX ? tooLong(EMAIL_CELL_MAX) : ok(input);
};

const dropdown = (input: unknown, options: ColumnOptions): CellResult => {
  const value = asText(input);
  const choices = dropdownChoices(options);
  return value !== null && choices.includes(value) ? ok(value) : fail('tables', 'notAnOption');
};

/** any code for now: the route checks it against the project's SBS (docs/tables.md "Open") */
const sbscode = (input: unknown): CellResult => {
  const value = asText(input);
  if (value === null || typeof input === 'boolean') return fail('validation', 'notText');
  return value.length > SBS_CODE_CELL_MAX ? tooLong(SBS_CODE_CELL_MAX) : ok(value);
};

/** the id of a record; that it is a live record of the column's target table is checked by the command */
const tableCell = (input: unknown): CellResult =>
  typeof input === 'string' && input.length <= RECORD_ID_MAX ? ok(input) : fail('validation', 'invalidId');

type Validator = (input: unknown, options: ColumnOptions, context: CellContext) => CellResult;

/** Each type's validator, for a value already known not to be empty (see validateCell). */
export const COLUMN_VALIDATORS: Readonly<Record<ColumnType, Validator>> = {
  text: text(TEXT_CELL_MAX),
  'text-field': text(TEXT_FIELD_CELL_MAX),
  integer,
  boolean,
  date,
  link,
  email,
  dropdown,
  float,
  sbscode,
  table: tableCell,
};

/** Text-like types keep their spaces; for the others surrounding spaces (CSV padding) are dropped first. */
const KEEPS_SPACES: ReadonlySet<ColumnType> = new Set<ColumnType>(['text', 'text-field']);

/**
 * A cell's input -> its stored value or a message. `null`, `undefined` and `''` are `null` (spec 2 §5: nullable
 * values pass through); for types other than text a value of spaces only is empty too.
 */
export const validateCell = (column: Pick<Column, 'type' | 'options'>, input: unknown, context: CellContext = {}): CellResult => {
  const value = typeof input === 'string' && !KEEPS_SPACES.has(column.type) ? input.trim() : input;
  if (value === null || value === undefined || value === '') return ok(null);
  return COLUMN_VALIDATORS[column.type](value, column.options, context);
};

/** The options of a dropdown column (empty for anything else). */
export const dropdownChoices = (options: ColumnOptions): string[] => {
  const list = options?.options;
  return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string') : [];
};

/** The table a `table` column points to (null for anything else). */
export const targetTableOf = (column: Pick<Column, 'type' | 'options'>): string | null => {
  const target = column.type === 'table' ? column.options?.table : undefined;
  return typeof target === 'string' ? target : null;
};

export type OptionsResult = { ok: true; options: ColumnOptions } | { ok: false; error: CellError };

const optionsFail = <C extends keyof Catalogue>(
  catalogue: C,
  name: keyof Catalogue[C] & string,
  values?: MessageValues,
): OptionsResult => ({
  ok: false,
  error: cellError(catalogue, name, values),
});

/**
 * `options_value` as sent (an object, or JSON text of one: spec 2 §3 "JSON, read as structured data") -> the
 * options a column of this type stores: dropdown `{options: string[]}` (trimmed, non-empty, unique), table
 * `{table: <tableId>}`, null for the other types (which accept null, nothing or `{}`).
 */
export const parseColumnOptions = (type: ColumnType, input: unknown): OptionsResult => {
  let value = input;
  if (typeof value === 'string') {
    if (value.trim() === '') value = null;
    else {
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        return optionsFail('validation', 'invalidFormat');
      }
    }
  }
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  switch (type) {
    case 'dropdown': {
      const list = object?.options;
      if (!Array.isArray(list) || list.length === 0 || !list.every((o) => typeof o === 'string' && o.trim() !== ''))
        return optionsFail('tables', 'dropdownOptionsRequired');
      const options = (list as string[]).map((o) => o.trim());
      if (options.length > DROPDOWN_OPTIONS_MAX) return optionsFail('validation', 'tooManyItems', { maximum: DROPDOWN_OPTIONS_MAX });
      if (options.some((o) => o.length > DROPDOWN_OPTION_MAX))
        return optionsFail('validation', 'tooLong', { maximum: DROPDOWN_OPTION_MAX });
      if (new Set(options).size !== options.length) return optionsFail('tables', 'duplicateOption');
      return { ok: true, options: { options } };
    }
    case 'table': {
      const table = object?.table;
      if (typeof table !== 'string' || table.trim() === '' || table.length > RECORD_ID_MAX)
        return optionsFail('tables', 'targetTableRequired');
      return { ok: true, options: { table: table.trim() } };
    }
    default:
      if (value === null || value === undefined || (object !== null && Object.keys(object).length === 0))
        return { ok: true, options: null };
      return optionsFail('tables', 'noOptionsForType');
  }
};
