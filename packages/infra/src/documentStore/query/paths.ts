import { QueryError } from './errors';
import { isPlainObject } from './values';

/**
 * One value a dotted path reaches in a document. A path that crosses an array of sub-documents
 * reaches one value per element, so a lookup yields several branches; `value` is undefined where
 * the path is missing. `dontIterate` marks an array reached by a numeric index into an array,
 * whose elements MongoDB does not match one by one.
 */
export interface Branch {
  value: unknown;
  dontIterate?: boolean;
}

const NUMERIC = /^\d+$/;

export const isNumericSegment = (segment: string): boolean => NUMERIC.test(segment);

export const splitPath = (path: string): string[] => {
  if (typeof path !== 'string' || path === '') throw new QueryError('A field path must be a non-empty string');
  const parts = path.split('.');
  if (parts.some((part) => part === '')) throw new QueryError(`Invalid field path '${path}': empty segment`);
  return parts;
};

const isIndexable = (value: unknown): value is Record<string, unknown> | unknown[] => Array.isArray(value) || isPlainObject(value);

const ownValue = (container: Record<string, unknown> | unknown[], key: string): unknown =>
  Object.prototype.hasOwnProperty.call(container, key) ? (container as Record<string, unknown>)[key] : undefined;

const lookupFrom = (container: Record<string, unknown> | unknown[], parts: readonly string[], index: number): Branch[] => {
  const part = parts[index]!;
  const last = index === parts.length - 1;
  if (Array.isArray(container) && !(isNumericSegment(part) && Number(part) < container.length)) return [];
  const value = ownValue(container, part);
  if (last) return [{ value, dontIterate: Array.isArray(container) && Array.isArray(value) }];
  if (!isIndexable(value)) return Array.isArray(container) ? [] : [{ value: undefined }];
  const branches = lookupFrom(value, parts, index + 1);
  if (Array.isArray(value)) {
    for (const element of value) {
      if (isPlainObject(element)) branches.push(...lookupFrom(element, parts, index + 1));
    }
  }
  return branches;
};

/**
 * Every value `parts` reaches in `root`, following MongoDB: a segment after an array applies to each
 * sub-document element, and a numeric segment also indexes into the array itself.
 */
export const lookup = (root: unknown, parts: readonly string[]): Branch[] => {
  if (Array.isArray(root)) {
    // an array matched as a document (an $elemMatch element) has no named fields
    return isNumericSegment(parts[0]!) ? lookupFrom(root, parts, 0) : [{ value: undefined }];
  }
  if (!isPlainObject(root)) return [{ value: undefined }];
  return lookupFrom(root, parts, 0);
};

/** the branch values, with the elements of each leaf array added after the array itself */
export const expandBranches = (branches: readonly Branch[]): unknown[] => {
  const values: unknown[] = [];
  for (const branch of branches) {
    values.push(branch.value);
    if (Array.isArray(branch.value) && !branch.dontIterate) values.push(...(branch.value as unknown[]));
  }
  return values;
};
