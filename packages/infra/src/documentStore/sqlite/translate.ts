import type { Filter, SortSpec } from '../documentStore';
import { isOperatorObject } from '../query/matches';
import { isPlainObject } from '../query/values';
import { ARRAY, BOOLEAN, OBJECT, type PathShape } from './shape';

/**
 * Translates the part of a MongoDB filter SQLite can evaluate into a WHERE clause over the `_id` column, the
 * columns holding the indexed paths' values (`columnOf`: the ones the collection's indexes are built on, so SQLite
 * uses them) and `json_extract(doc, '<path>')` for any other path.
 *
 * The translation is always a superset: every document MongoDB would match satisfies the SQL, so the
 * JavaScript engine re-checking the rows gives the exact answer. It is `exact` when the SQL alone
 * selects exactly the matching documents, which lets the store push LIMIT/OFFSET and COUNT to SQL.
 * Conditions it cannot translate safely are left out (a superset), and a negation is only
 * translated around an exact condition.
 */

export type SqlValue = string | number | null;

export interface SqlCondition {
  /** null: no SQL condition (every row) */
  sql: string | null;
  params: SqlValue[];
  exact: boolean;
}

export type ShapeOf = (path: string) => PathShape;

/** the SQL function the store registers for $regex: (pattern, flags, value) -> 0 | 1 */
export const REGEXP_FUNCTION = 'stramien_regexp';

const regexCache = new Map<string, RegExp>();

/** the implementation of REGEXP_FUNCTION: 1 when `value` is a string `pattern` matches */
export const sqlRegexp = (pattern: unknown, flags: unknown, value: unknown): number => {
  if (typeof value !== 'string' || typeof pattern !== 'string') return 0;
  const key = `${String(flags)}/${pattern}`;
  let regex = regexCache.get(key);
  if (regex === undefined) {
    if (regexCache.size >= 256) regexCache.clear();
    regex = new RegExp(pattern, typeof flags === 'string' ? flags : '');
    regexCache.set(key, regex);
  }
  return regex.test(value) ? 1 : 0;
};

const EVERYTHING: SqlCondition = { sql: null, params: [], exact: true };
const NOTHING: SqlCondition = { sql: '0', params: [], exact: true };
const UNTRANSLATED: SqlCondition = { sql: null, params: [], exact: false };

/** `'$."a"."b"'` as an SQL literal, or null for a path json_extract cannot name */
export const jsonPathLiteral = (path: string): string | null => {
  const parts = path.split('.');
  if (parts.some((part) => part === '' || /["\\'\u0000-\u001f]/.test(part))) return null;
  return `'$${parts.map((part) => `."${part}"`).join('')}'`;
};

/**
 * The column of the collection's table holding `json_extract(doc, path)` for a path, if it has one (the embedded
 * store gives every indexed path a column of its own, kept equal to that expression by every write).
 */
export type ColumnOf = (path: string) => string | undefined;

/** the SQL expression a field path is read with in filters and sorts: its column when it has one, else json_extract */
export const fieldExpression = (path: string, columnOf?: ColumnOf): string | null => {
  if (path === '_id') return '_id';
  const literal = jsonPathLiteral(path);
  if (literal === null) return null;
  return columnOf?.(path) ?? `json_extract(doc, ${literal})`;
};

interface Target {
  path: string;
  /** the value at the path (json_extract or the _id column) */
  expression: string;
  /** json_each over the path, for a path whose value may be an array */
  literal: string | null;
  flags: number;
}

const isScalar = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

const sqlValue = (value: string | number | boolean | null): SqlValue => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** whether SQL equality/range on this operand sees exactly what MongoDB sees at a path with `flags` */
const exactFor = (operand: string | number | boolean | null, flags: number): boolean => {
  if ((flags & ARRAY) !== 0) return false;
  if (operand === null) return true;
  if (typeof operand === 'string') return (flags & OBJECT) === 0;
  if (typeof operand === 'number') return (flags & BOOLEAN) === 0;
  // a boolean is 1 or 0 in SQL, so numbers 1 and 0 also match
  return false;
};

const and = (conditions: SqlCondition[]): SqlCondition => {
  const parts = conditions.filter((condition) => condition.sql !== null);
  if (parts.some((condition) => condition.sql === '0' && condition.exact)) return NOTHING;
  return {
    sql: parts.length === 0 ? null : parts.map((condition) => (parts.length === 1 ? condition.sql : `(${condition.sql})`)).join(' AND '),
    params: parts.flatMap((condition) => condition.params),
    exact: conditions.every((condition) => condition.exact),
  };
};

const or = (conditions: SqlCondition[]): SqlCondition => {
  if (conditions.some((condition) => condition.sql === null))
    return conditions.every((condition) => condition.exact) ? EVERYTHING : UNTRANSLATED;
  return {
    sql: conditions.map((condition) => `(${condition.sql})`).join(' OR '),
    params: conditions.flatMap((condition) => condition.params),
    exact: conditions.every((condition) => condition.exact),
  };
};

/** NOT, treating an unknown (NULL) result as false, as MongoDB's negations match missing fields */
const not = (condition: SqlCondition): SqlCondition => {
  if (!condition.exact) return UNTRANSLATED;
  if (condition.sql === null) return NOTHING;
  return { sql: `NOT ifnull((${condition.sql}), 0)`, params: condition.params, exact: true };
};

/** a comparison on one SQL value expression, type-bracketed as MongoDB compares */
const compareValue = (
  expression: string,
  operator: string,
  operand: string | number | boolean | null,
): { sql: string; params: SqlValue[] } | null => {
  if (operator === '$eq')
    return operand === null ? { sql: `${expression} IS NULL`, params: [] } : { sql: `${expression} = ?`, params: [sqlValue(operand)] };
  if (operand === null)
    return operator === '$gte' || operator === '$lte' ? { sql: `${expression} IS NULL`, params: [] } : { sql: '0', params: [] };
  const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator];
  if (sign === undefined) return null;
  if (typeof operand === 'number') {
    // numbers sort below text in SQLite: bound a lower limit by the first text value
    return operator === '$gt' || operator === '$gte'
      ? { sql: `${expression} ${sign} ? AND ${expression} < ''`, params: [operand] }
      : { sql: `${expression} ${sign} ?`, params: [operand] };
  }
  if (typeof operand === 'string') {
    return operator === '$lt' || operator === '$lte'
      ? { sql: `${expression} ${sign} ? AND ${expression} >= ''`, params: [operand] }
      : { sql: `${expression} ${sign} ?`, params: [operand] };
  }
  return null;
};

/** `operator operand` on the target: on the value itself, or on any element where it may be an array */
const comparison = (target: Target, operator: string, operand: unknown): SqlCondition => {
  if (!isScalar(operand)) return UNTRANSLATED;
  if ((target.flags & ARRAY) !== 0) {
    if (operand === null || target.literal === null) return UNTRANSLATED;
    const inner = compareValue('value', operator, operand);
    if (inner === null) return UNTRANSLATED;
    return { sql: `EXISTS (SELECT 1 FROM json_each(doc, ${target.literal}) WHERE ${inner.sql})`, params: inner.params, exact: false };
  }
  const sql = compareValue(target.expression, operator, operand);
  if (sql === null) return UNTRANSLATED;
  // a boolean is 1 or 0 in SQL: its JSON type tells it from the numbers 1 and 0, so the equality is exact
  if (typeof operand === 'boolean' && target.literal !== null)
    return { sql: `${sql.sql} AND json_type(doc, ${target.literal}) = '${String(operand)}'`, params: sql.params, exact: true };
  return { sql: sql.sql, params: sql.params, exact: exactFor(operand, target.flags) };
};

const regex = (target: Target, pattern: unknown, options: unknown): SqlCondition => {
  const source = pattern instanceof RegExp ? pattern.source : pattern;
  if (typeof source !== 'string') return UNTRANSLATED;
  const flags = [...(pattern instanceof RegExp ? pattern.flags : ''), ...(typeof options === 'string' ? options : '')]
    .filter((flag) => 'imsu'.includes(flag))
    .join('');
  if ((target.flags & ARRAY) !== 0) {
    if (target.literal === null) return UNTRANSLATED;
    return {
      sql: `EXISTS (SELECT 1 FROM json_each(doc, ${target.literal}) WHERE ${REGEXP_FUNCTION}(?, ?, value))`,
      params: [source, flags],
      exact: false,
    };
  }
  return { sql: `${REGEXP_FUNCTION}(?, ?, ${target.expression})`, params: [source, flags], exact: (target.flags & OBJECT) === 0 };
};

/**
 * Lists up to this long become one `=` term per value (the planner sees each value and makes an index IN-list of
 * them); a longer list is one JSON parameter read with json_each, so a list of any length stays within SQLite's
 * limits on bound variables and expression depth.
 */
export const IN_LIST_TERMS_MAX = 100;

const inList = (target: Target, operand: unknown): SqlCondition => {
  if (!Array.isArray(operand) || !operand.every(isScalar)) return UNTRANSLATED;
  if (operand.length === 0) return NOTHING;
  if (operand.length <= IN_LIST_TERMS_MAX) return or(operand.map((item) => comparison(target, '$eq', item)));
  const values = operand.filter((item) => item !== null);
  const withNull = values.length < operand.length;
  const list = JSON.stringify(values.map(sqlValue));
  if ((target.flags & ARRAY) !== 0) {
    // as comparison: null is not translated where the path may hold arrays
    if (withNull || target.literal === null) return UNTRANSLATED;
    return {
      sql: `EXISTS (SELECT 1 FROM json_each(doc, ${target.literal}) WHERE value IN (SELECT value FROM json_each(?)))`,
      params: [list],
      exact: false,
    };
  }
  const inSql = `${target.expression} IN (SELECT value FROM json_each(?))`;
  return {
    sql: withNull ? `(${target.expression} IS NULL OR ${inSql})` : inSql,
    params: [list],
    exact: operand.every((item) => exactFor(item, target.flags)),
  };
};

const existence = (target: Target, wanted: unknown): SqlCondition => {
  if (target.expression === '_id') return wanted ? EVERYTHING : NOTHING;
  if ((target.flags & ARRAY) !== 0 || target.literal === null) return UNTRANSLATED;
  return { sql: `json_type(doc, ${target.literal}) IS ${wanted ? 'NOT ' : ''}NULL`, params: [], exact: true };
};

const size = (target: Target, operand: unknown): SqlCondition => {
  if (typeof operand !== 'number') return UNTRANSLATED;
  // no array on the way to the path, so there is one value there: the array or not
  if ((target.flags & ARRAY) === 0) return NOTHING;
  if (target.literal === null) return UNTRANSLATED;
  return {
    sql: `json_type(doc, ${target.literal}) = 'array' AND json_array_length(doc, ${target.literal}) = ?`,
    params: [operand],
    exact: true,
  };
};

const operators = (target: Target, conditions: Record<string, unknown>): SqlCondition =>
  and(
    Object.entries(conditions).map(([operator, operand]): SqlCondition => {
      switch (operator) {
        case '$eq':
          return operand instanceof RegExp ? UNTRANSLATED : comparison(target, '$eq', operand);
        case '$ne':
          return operand instanceof RegExp ? UNTRANSLATED : not(comparison(target, '$eq', operand));
        case '$gt':
        case '$gte':
        case '$lt':
        case '$lte':
          return comparison(target, operator, operand);
        case '$in':
          return inList(target, operand);
        case '$nin':
          return not(inList(target, operand));
        case '$exists':
          return existence(target, operand);
        case '$regex':
          return regex(target, operand, conditions.$options);
        case '$options':
          return EVERYTHING;
        case '$size':
          return size(target, operand);
        case '$all':
          return Array.isArray(operand) && operand.length > 0 && operand.every(isScalar)
            ? and(operand.map((item) => comparison(target, '$eq', item)))
            : UNTRANSLATED;
        case '$not':
          return operand instanceof RegExp
            ? not(regex(target, operand, undefined))
            : isPlainObject(operand)
              ? not(operators(target, operand))
              : UNTRANSLATED;
        default:
          return UNTRANSLATED;
      }
    }),
  );

const field = (path: string, condition: unknown, shapeOf: ShapeOf, columnOf: ColumnOf | undefined): SqlCondition => {
  const expression = fieldExpression(path, columnOf);
  if (expression === null) return UNTRANSLATED;
  let flags = 0;
  if (path !== '_id') {
    const shape = shapeOf(path);
    if (!shape.translatable) return UNTRANSLATED;
    flags = shape.flags;
  }
  const target: Target = { path, expression, literal: path === '_id' ? null : jsonPathLiteral(path), flags };
  if (condition instanceof RegExp) return regex(target, condition, undefined);
  if (isOperatorObject(condition)) return operators(target, condition);
  return comparison(target, '$eq', condition);
};

/** the SQL superset of `filter` (validate the filter with compileFilter first) */
export const translateFilter = (filter: Filter | undefined, shapeOf: ShapeOf, columnOf?: ColumnOf): SqlCondition => {
  if (!filter) return EVERYTHING;
  const sub = (list: unknown[]): SqlCondition[] => list.map((item) => translateFilter(item as Filter, shapeOf, columnOf));
  return and(
    Object.entries(filter).map(([key, condition]): SqlCondition => {
      if (key === '$and' && Array.isArray(condition)) return and(sub(condition));
      if (key === '$or' && Array.isArray(condition)) return or(sub(condition));
      if (key === '$nor' && Array.isArray(condition)) return not(or(sub(condition)));
      if (key === '$comment') return EVERYTHING;
      if (key.startsWith('$')) return UNTRANSLATED;
      return field(key, condition, shapeOf, columnOf);
    }),
  );
};

/** the ORDER BY terms giving MongoDB's order, or null when a sort path may hold arrays, booleans or sub-documents */
export const translateSortTerms = (
  sort: SortSpec,
  shapeOf: ShapeOf,
  columnOf?: ColumnOf,
): Array<{ expression: string; direction: 'ASC' | 'DESC' }> | null => {
  const terms: Array<{ expression: string; direction: 'ASC' | 'DESC' }> = [];
  for (const [path, direction] of Object.entries(sort)) {
    const expression = fieldExpression(path, columnOf);
    if (expression === null) return null;
    if (path !== '_id') {
      const shape = shapeOf(path);
      if (!shape.translatable || (shape.flags & (ARRAY | BOOLEAN | OBJECT)) !== 0) return null;
    }
    terms.push({ expression, direction: direction === -1 ? 'DESC' : 'ASC' });
  }
  return terms;
};

/** ORDER BY terms giving MongoDB's order, or null when a sort path may hold arrays, booleans or sub-documents */
export const translateSort = (sort: SortSpec, shapeOf: ShapeOf, columnOf?: ColumnOf): string | null =>
  translateSortTerms(sort, shapeOf, columnOf)
    ?.map((term) => `${term.expression} ${term.direction}`)
    .join(', ') ?? null;

/**
 * A filter's shape: everything that decides its SQL (paths, operators, nesting, list lengths, the types of its
 * values, and the values that change the SQL itself: null, booleans, regular expressions, $exists and $options),
 * with its string and finite number values (the "leaves", which only ever become bound parameters) taken out.
 * Filters of one shape translate to the same SQL with their leaves bound in place of each other's.
 * `key` is null for a filter not worth caching (a list long enough to become one JSON parameter, an unknown object).
 */
export interface FilterShape {
  key: string | null;
  leaves: Array<string | number>;
}

const LITERAL_OPERANDS = new Set(['$exists', '$options']);

export const filterShape = (filter: Filter | undefined): FilterShape => {
  const leaves: Array<string | number> = [];
  let cacheable = true;
  const walk = (value: unknown): string => {
    if (typeof value === 'string') {
      leaves.push(value);
      return 's';
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `N${String(value)}`;
      leaves.push(value);
      return 'n';
    }
    if (value === null) return 'null';
    if (value === undefined) return 'u';
    if (typeof value === 'boolean') return value ? 'T' : 'F';
    if (value instanceof RegExp) return `R${JSON.stringify([value.source, value.flags])}`;
    if (value instanceof Date) return 'D';
    if (Array.isArray(value)) {
      if (value.length > IN_LIST_TERMS_MAX) cacheable = false;
      return `[${value.map(walk).join(',')}]`;
    }
    if (isPlainObject(value)) {
      let key = '{';
      for (const field of Object.keys(value)) {
        const operand = value[field];
        key += `${JSON.stringify(field)}:${LITERAL_OPERANDS.has(field) ? `L${literal(operand)}` : walk(operand)},`;
      }
      return `${key}}`;
    }
    cacheable = false;
    return '?';
  };
  const literal = (value: unknown): string => {
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' || value === null)
      return JSON.stringify(value);
    cacheable = false;
    return '?';
  };
  const key = filter === undefined ? '' : walk(filter);
  return { key: cacheable ? key : null, leaves };
};

/** where a parameter of a cached translation comes from: a leaf of the filter (its index) or a constant */
export type ParameterSlot = number | { value: SqlValue };

export interface ConditionTemplate {
  sql: string | null;
  exact: boolean;
  slots: ParameterSlot[];
}

/**
 * Translates a filter once for all filters of its shape (see filterShape): its leaves are replaced by distinct
 * stand-ins, and each parameter of the translation is traced back to the leaf it came from. Null when a parameter
 * cannot be traced (then the filter is translated anew each time).
 */
export const conditionTemplate = (filter: Filter | undefined, shapeOf: ShapeOf, columnOf?: ColumnOf): ConditionTemplate | null => {
  const standIns = new Map<SqlValue, number>();
  let count = 0;
  const replace = (value: unknown): unknown => {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) {
      const index = count++;
      const standIn = typeof value === 'string' ? `\u0000${index}\u0000` : (index + 1) * 1e-300;
      standIns.set(standIn, index);
      return standIn;
    }
    if (Array.isArray(value)) return value.map(replace);
    if (isPlainObject(value)) {
      const copy: Record<string, unknown> = {};
      for (const field of Object.keys(value)) copy[field] = LITERAL_OPERANDS.has(field) ? value[field] : replace(value[field]);
      return copy;
    }
    return value;
  };
  const condition = translateFilter(replace(filter) as Filter | undefined, shapeOf, columnOf);
  const slots: ParameterSlot[] = [];
  for (const param of condition.params) {
    const leaf = standIns.get(param);
    if (leaf !== undefined) slots.push(leaf);
    else if (typeof param === 'string' && param.includes('\u0000')) return null;
    else slots.push({ value: param });
  }
  return { sql: condition.sql, exact: condition.exact, slots };
};
