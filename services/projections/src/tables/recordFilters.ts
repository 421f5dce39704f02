import {
  OPERATORS_BY_COLUMN_TYPE,
  VALUELESS_OPERATORS,
  type TableQueryBody,
  type TableQueryCondition,
  type TableQueryOperator,
} from '@stramien/api';
import { DomainError, format, messages, tableMessages, validateCell, type CellValue, type Column } from '@stramien/domain';
import type { Filter } from '@stramien/infra';
import { encodeCell, type StoredCell } from './tableDocs';

/**
 * Turns the filters of `GET /records` and the conditions of the query builder into a read-model filter over
 * `v.<columnId>`, each value read by its column's type (the domain's validators), each operator checked against the
 * column type (OPERATORS_BY_COLUMN_TYPE). Every refusal is collected per field and answered at once: 400 with the
 * field messages, nothing read.
 */
class FieldErrors {
  readonly errors: Record<string, string[]> = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new DomainError(messages.shared.invalidInput, 400, this.errors);
  }
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const cellValue = (column: Column, input: unknown, field: string, errors: FieldErrors): StoredCell | undefined => {
  const result = validateCell(column, input);
  if (!result.ok) {
    errors.add(field, result.error.message);
    return undefined;
  }
  return encodeCell(result.value);
};

const columnOf = (columns: readonly Column[], columnId: string, field: string, errors: FieldErrors): Column | undefined => {
  const column = columns.find((c) => c.columnId === columnId);
  if (!column) errors.add(field, tableMessages.unknownColumn);
  return column;
};

/** The sort column, checked against the columns of the moment asked. */
export const checkSortColumn = (columns: readonly Column[], columnId: string | undefined, field: string): void => {
  if (columnId === undefined) return;
  const errors = new FieldErrors();
  columnOf(columns, columnId, field, errors);
  errors.throwIfAny();
};

export interface ReadFilter {
  filter: Filter;
  /** columns compared for equality in every answer (they lead the index the query asks for) */
  equalityColumns: string[];
  /** comparisons only (no text search): the store counts it in SQL through its indexes */
  plain: boolean;
}

/** `filter[<columnId>]=value` of GET /records: equality, the value read by the column's type ('' and null: empty). */
export const equalityFilter = (columns: readonly Column[], filters: Record<string, string>): ReadFilter => {
  const errors = new FieldErrors();
  const filter: Filter = {};
  for (const [columnId, raw] of Object.entries(filters)) {
    const field = `filter[${columnId}]`;
    const column = columnOf(columns, columnId, field, errors);
    if (!column) continue;
    const value = cellValue(column, raw, field, errors);
    if (value !== undefined) filter[`v.${columnId}`] = value;
  }
  errors.throwIfAny();
  return { filter, equalityColumns: Object.keys(filters), plain: true };
};

const hasValue = (value: TableQueryCondition['value']): boolean =>
  Array.isArray(value) ? value.some((v) => v !== null && v !== '') : value !== undefined && value !== null && value !== '';

/** spec 2 §5: a condition counts only when both operator and value are set (`empty`, `not_empty` take no value). */
export const isActiveCondition = (c: TableQueryCondition): c is TableQueryCondition & { operator: TableQueryOperator } =>
  !!c.operator && (VALUELESS_OPERATORS.includes(c.operator) || hasValue(c.value));

const listOf = (value: TableQueryCondition['value']): CellValue[] => (Array.isArray(value) ? value : [value ?? null]);

const conditionFilter = (
  column: Column,
  operator: TableQueryOperator,
  value: TableQueryCondition['value'],
  field: string,
  errors: FieldErrors,
): Filter | null => {
  const path = `v.${column.columnId}`;
  const allowed = OPERATORS_BY_COLUMN_TYPE[column.type] ?? [];
  if (!allowed.includes(operator)) {
    errors.add(`${field}.operator`, format(messages.validation.invalidOption, { options: allowed.join(', ') }));
    return null;
  }
  const one = (input: unknown): StoredCell | undefined => cellValue(column, input, `${field}.value`, errors);
  const scalar = (): StoredCell | undefined => {
    if (Array.isArray(value)) {
      errors.add(`${field}.value`, messages.validation.invalidValue);
      return undefined;
    }
    return one(value);
  };
  switch (operator) {
    case 'empty':
      return { [path]: null };
    case 'not_empty':
      return { [path]: { $ne: null } };
    case 'equals': {
      const v = scalar();
      return v === undefined ? null : { [path]: v };
    }
    case 'not_equals': {
      const v = scalar();
      return v === undefined ? null : { [path]: { $ne: v } };
    }
    case 'lt':
    case 'gt': {
      const v = scalar();
      return v === undefined ? null : { [path]: { [operator === 'lt' ? '$lt' : '$gt']: v } };
    }
    case 'between': {
      const pair = listOf(value);
      if (!Array.isArray(value) || pair.length !== 2) {
        errors.add(`${field}.value`, format(messages.validation.tooFewItems, { minimum: 2 }));
        return null;
      }
      const [low, high] = pair.map(one);
      return low === undefined || high === undefined ? null : { [path]: { $gte: low, $lte: high } };
    }
    case 'contains':
    case 'starts_with': {
      if (Array.isArray(value) || value === null || value === undefined || typeof value === 'boolean') {
        errors.add(`${field}.value`, messages.validation.notText);
        return null;
      }
      const text = escapeRegex(String(value));
      return { [path]: { $regex: operator === 'contains' ? text : `^${text}`, $options: 'i' } };
    }
    case 'in': {
      const values = listOf(value).map(one);
      return values.some((v) => v === undefined) ? null : { [path]: { $in: values } };
    }
  }
};

/**
 * The query builder's conditions (AND/OR groups, combined by `match`) as one filter; conditions that do not count
 * are left out, and so are groups left empty.
 */
export const conditionsFilter = (columns: readonly Column[], body: Pick<TableQueryBody, 'match' | 'conditions'>): ReadFilter => {
  const errors = new FieldErrors();
  const groups: { match: 'AND' | 'OR'; filters: Filter[]; equals: string[] }[] = [];
  let plain = true;
  (body.conditions ?? []).forEach((group, g) => {
    const filters: Filter[] = [];
    const equals: string[] = [];
    group.conditions.forEach((condition, i) => {
      if (!isActiveCondition(condition)) return;
      const field = `conditions.${g}.conditions.${i}`;
      const column = columnOf(columns, condition.column, `${field}.column`, errors);
      if (!column) return;
      const filter = conditionFilter(column, condition.operator, condition.value, field, errors);
      if (filter) filters.push(filter);
      if (condition.operator === 'equals') equals.push(column.columnId);
      if (condition.operator === 'contains' || condition.operator === 'starts_with') plain = false;
    });
    if (filters.length > 0) groups.push({ match: group.match ?? 'AND', filters, equals });
  });
  errors.throwIfAny();
  const groupFilter = (group: (typeof groups)[number]): Filter =>
    group.filters.length === 1 ? group.filters[0]! : { [group.match === 'OR' ? '$or' : '$and']: group.filters };
  const match = body.match ?? 'AND';
  const filter: Filter =
    groups.length === 0
      ? {}
      : groups.length === 1
        ? groupFilter(groups[0]!)
        : { [match === 'OR' ? '$or' : '$and']: groups.map(groupFilter) };
  // equality that holds for every answer: an AND of AND groups (or one group)
  const conjunctive = groups.length === 1 || match === 'AND';
  const equalityColumns = conjunctive ? groups.flatMap((g) => (g.match === 'AND' || g.filters.length === 1 ? g.equals : [])) : [];
  return { filter, equalityColumns, plain };
};
