import type { SortSpec } from '../documentStore';
import { QueryError } from './errors';
import { lookup, splitPath } from './paths';
import { compareValues, isPlainObject } from './values';

/**
 * MongoDB sort: by several keys in order; a missing field sorts as null; an array sorts by its
 * smallest element ascending and its largest descending; an empty array sorts before null.
 */

/** the key an empty array sorts by: below null */
const EMPTY_ARRAY = Symbol('empty array');

export type SortKey = unknown[];

interface CompiledSortField {
  parts: string[];
  direction: 1 | -1;
}

export interface CompiledSort {
  /** the values a document sorts by, computed once per document */
  keyOf(document: unknown): SortKey;
  compareKeys(a: SortKey, b: SortKey): number;
  compare(a: unknown, b: unknown): number;
}

const compareSortValues = (a: unknown, b: unknown): number => {
  if (a === EMPTY_ARRAY || b === EMPTY_ARRAY) return a === b ? 0 : a === EMPTY_ARRAY ? -1 : 1;
  return compareValues(a, b);
};

const sortValue = (document: unknown, field: CompiledSortField): unknown => {
  const branches = lookup(document, field.parts);
  let best: unknown;
  let found = false;
  const consider = (value: unknown): void => {
    if (!found) {
      best = value;
      found = true;
      return;
    }
    const order = compareSortValues(value, best);
    if (field.direction === 1 ? order < 0 : order > 0) best = value;
  };
  for (const branch of branches) {
    if (Array.isArray(branch.value) && !branch.dontIterate) {
      if (branch.value.length === 0) consider(EMPTY_ARRAY);
      for (const element of branch.value) consider(element);
    } else {
      consider(branch.value);
    }
  }
  return found ? best : undefined;
};

export const compileSort = (sort: SortSpec): CompiledSort => {
  if (!isPlainObject(sort)) throw new QueryError('A sort must be an object of fields to 1 or -1');
  const fields: CompiledSortField[] = Object.entries(sort).map(([path, direction]) => {
    const value: unknown = direction;
    if (value !== 1 && value !== -1) throw new QueryError(`Sort direction must be 1 or -1, got ${String(value)} at '${path}'`);
    return { parts: splitPath(path), direction: value };
  });
  const keyOf = (document: unknown): SortKey => fields.map((field) => sortValue(document, field));
  const compareKeys = (a: SortKey, b: SortKey): number => {
    for (let i = 0; i < fields.length; i++) {
      const order = compareSortValues(a[i], b[i]);
      if (order !== 0) return order * fields[i]!.direction;
    }
    return 0;
  };
  return { keyOf, compareKeys, compare: (a, b) => compareKeys(keyOf(a), keyOf(b)) };
};

/** a new array of `documents` in `sort` order; documents with equal keys keep their order */
export const sortDocuments = <T>(documents: readonly T[], sort: SortSpec): T[] => {
  const compiled = compileSort(sort);
  return documents
    .map((document, index) => ({ document, index, key: compiled.keyOf(document) }))
    .sort((a, b) => compiled.compareKeys(a.key, b.key) || a.index - b.index)
    .map((entry) => entry.document);
};
