import type { Doc, Filter, UpdateOperators } from '../documentStore';
import { QueryError } from './errors';
import { compileFilter, compileValuePredicate, isOperatorObject } from './matches';
import { isNumericSegment, splitPath } from './paths';
import { compareStrings, isPlainObject, valuesEqual, type PlainObject } from './values';

/**
 * MongoDB update semantics: $set $unset $inc $push ($each, $position, $slice) $pull (a value or a
 * condition) $addToSet ($each) on dotted paths, or a plain object that replaces the document but
 * keeps its _id. The input document is never mutated.
 */

export type Update = UpdateOperators | PlainObject;

const SUPPORTED = new Set(['$set', '$unset', '$inc', '$push', '$pull', '$addToSet']);
const KNOWN_UNSUPPORTED = new Set(['$rename', '$min', '$max', '$mul', '$setOnInsert', '$currentDate', '$pop', '$pullAll', '$bit']);

const PUSH_MODIFIERS: ReadonlySet<string> = new Set(['$each', '$position', '$slice']);
const ADD_TO_SET_MODIFIERS: ReadonlySet<string> = new Set(['$each']);

const show = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

interface Operation {
  operator: string;
  path: string;
  parts: string[];
  argument: unknown;
}

type Container = PlainObject | unknown[];

/** true when `update` holds no operator and so replaces the document */
export const isReplacement = (update: Update): boolean => {
  if (!isPlainObject(update)) throw new QueryError(`An update must be an object, got ${show(update)}`);
  const keys = Object.keys(update);
  const operators = keys.filter((key) => key.startsWith('$')).length;
  if (operators > 0 && operators < keys.length) throw new QueryError('An update cannot mix operators and fields');
  return operators === 0;
};

const comparePaths = (a: Operation, b: Operation): number => {
  const length = Math.min(a.parts.length, b.parts.length);
  for (let i = 0; i < length; i++) {
    const x = a.parts[i]!;
    const y = b.parts[i]!;
    if (x === y) continue;
    if (isNumericSegment(x) && isNumericSegment(y)) return Number(x) - Number(y);
    return compareStrings(x, y);
  }
  return a.parts.length - b.parts.length;
};

const operationsOf = (update: PlainObject): Operation[] => {
  const operations: Operation[] = [];
  for (const [operator, fields] of Object.entries(update)) {
    if (!SUPPORTED.has(operator)) {
      throw new QueryError(
        KNOWN_UNSUPPORTED.has(operator) ? `Unsupported update operator ${operator}` : `Unknown update operator ${operator}`,
      );
    }
    if (!isPlainObject(fields)) throw new QueryError(`${operator} needs an object of fields, got ${show(fields)}`);
    for (const [path, argument] of Object.entries(fields)) {
      const parts = splitPath(path);
      if (parts.some((part) => part.startsWith('$'))) throw new QueryError(`Positional or $-prefixed paths are not supported: '${path}'`);
      operations.push({ operator, path, parts, argument });
    }
  }
  for (let i = 0; i < operations.length; i++) {
    for (let j = i + 1; j < operations.length; j++) {
      const a = operations[i]!.path;
      const b = operations[j]!.path;
      if (a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`))
        throw new QueryError(`Updating the path '${a}' would create a conflict at '${b}'`);
    }
  }
  // MongoDB (5.0+) applies update operators to fields in lexicographic order, numeric names numerically
  return operations.sort(comparePaths);
};

const readSlot = (container: Container, key: string): unknown => {
  if (Array.isArray(container)) return container[Number(key)];
  return Object.prototype.hasOwnProperty.call(container, key) ? container[key] : undefined;
};

const writeSlot = (container: Container, key: string, value: unknown, path: string): void => {
  if (Array.isArray(container)) {
    if (!isNumericSegment(key)) throw new QueryError(`Cannot create field '${key}' in an array (path '${path}')`);
    const index = Number(key);
    while (container.length < index) container.push(null);
    container[index] = value;
    return;
  }
  container[key] = value;
};

/**
 * the container holding the last segment of `parts`; with `create`, missing sub-documents are made
 * (an error where a scalar is in the way), without it a missing or scalar step yields undefined
 */
const containerOf = (root: PlainObject, operation: Operation, create: boolean): Container | undefined => {
  const { parts, path } = operation;
  let current: Container = root;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    if (Array.isArray(current) && !isNumericSegment(part)) {
      if (!create) return undefined;
      throw new QueryError(`Cannot create field '${part}' in an array (path '${path}')`);
    }
    let next = readSlot(current, part);
    if (next === undefined) {
      if (!create) return undefined;
      next = {};
      writeSlot(current, part, next, path);
    }
    if (!isPlainObject(next) && !Array.isArray(next)) {
      if (!create) return undefined;
      throw new QueryError(`Cannot create field '${parts[i + 1]}' in element {${part}: ${show(next)}} (path '${path}')`);
    }
    current = next;
  }
  return current;
};

const lastOf = (operation: Operation): string => operation.parts[operation.parts.length - 1]!;

const eachOf = (operator: string, argument: unknown, modifiers: ReadonlySet<string>): { items: unknown[]; options: PlainObject } => {
  if (!isPlainObject(argument) || !Object.keys(argument).some((key) => key.startsWith('$'))) return { items: [argument], options: {} };
  for (const key of Object.keys(argument)) {
    if (!modifiers.has(key)) throw new QueryError(`Unsupported ${operator} modifier ${key} (supported: ${[...modifiers].join(', ')})`);
  }
  if (!Array.isArray(argument.$each)) throw new QueryError(`${operator} with modifiers needs $each as an array`);
  return { items: argument.$each as unknown[], options: argument };
};

const arrayAt = (container: Container, operation: Operation): unknown[] => {
  const current = readSlot(container, lastOf(operation));
  if (current === undefined) {
    const created: unknown[] = [];
    writeSlot(container, lastOf(operation), created, operation.path);
    return created;
  }
  if (!Array.isArray(current)) throw new QueryError(`${operation.operator} needs an array at '${operation.path}', found ${show(current)}`);
  return current;
};

const integerOption = (options: PlainObject, name: string): number | undefined => {
  const value = options[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new QueryError(`${name} needs an integer, got ${show(value)}`);
  return value;
};

const pullPredicate = (condition: unknown): ((element: unknown) => boolean) => {
  if (condition instanceof RegExp || isOperatorObject(condition)) return compileValuePredicate(condition);
  if (isPlainObject(condition)) {
    // a document condition is a query applied to each sub-document element
    const predicate = compileFilter(condition as Filter);
    return (element) => isPlainObject(element) && predicate(element);
  }
  return (element) => valuesEqual(element, condition);
};

const apply = (root: PlainObject, operation: Operation): void => {
  const { operator, argument, path } = operation;
  switch (operator) {
    case '$set': {
      writeSlot(containerOf(root, operation, true)!, lastOf(operation), structuredClone(argument), path);
      return;
    }
    case '$unset': {
      const container = containerOf(root, operation, false);
      if (container === undefined) return;
      const key = lastOf(operation);
      if (Array.isArray(container)) {
        if (isNumericSegment(key) && Number(key) < container.length) container[Number(key)] = null;
      } else {
        delete container[key];
      }
      return;
    }
    case '$inc': {
      if (typeof argument !== 'number') throw new QueryError(`$inc needs a number for '${path}', got ${show(argument)}`);
      const container = containerOf(root, operation, true)!;
      const current = readSlot(container, lastOf(operation));
      if (current !== undefined && typeof current !== 'number')
        throw new QueryError(`Cannot apply $inc to the non-numeric value at '${path}': ${show(current)}`);
      writeSlot(container, lastOf(operation), (current ?? 0) + argument, path);
      return;
    }
    case '$push': {
      const { items, options } = eachOf(operator, argument, PUSH_MODIFIERS);
      const array = arrayAt(containerOf(root, operation, true)!, operation);
      const position = integerOption(options, '$position');
      const copies = items.map((item) => structuredClone(item));
      if (position === undefined) array.push(...copies);
      else array.splice(position < 0 ? Math.max(0, array.length + position) : Math.min(position, array.length), 0, ...copies);
      const slice = integerOption(options, '$slice');
      if (slice !== undefined) {
        const kept = slice >= 0 ? array.slice(0, slice) : array.slice(Math.max(0, array.length + slice));
        array.splice(0, array.length, ...kept);
      }
      return;
    }
    case '$addToSet': {
      const { items } = eachOf(operator, argument, ADD_TO_SET_MODIFIERS);
      const array = arrayAt(containerOf(root, operation, true)!, operation);
      for (const item of items) if (!array.some((element) => valuesEqual(element, item))) array.push(structuredClone(item));
      return;
    }
    case '$pull': {
      const shouldPull = pullPredicate(argument);
      const container = containerOf(root, operation, false);
      if (container === undefined) return;
      const current = readSlot(container, lastOf(operation));
      if (current === undefined) return;
      if (!Array.isArray(current)) throw new QueryError(`Cannot apply $pull to the non-array value at '${path}': ${show(current)}`);
      const kept = current.filter((element) => !shouldPull(element));
      if (kept.length !== current.length) current.splice(0, current.length, ...kept);
      return;
    }
    default:
      throw new QueryError(`Unknown update operator ${operator}`);
  }
};

/** checks an update's operators and operands without a document; throws QueryError like applyUpdate would */
export const validateUpdate = (update: Update): void => {
  if (isReplacement(update)) return;
  for (const { operator, argument, path } of operationsOf(update as PlainObject)) {
    if (operator === '$inc' && typeof argument !== 'number')
      throw new QueryError(`$inc needs a number for '${path}', got ${show(argument)}`);
    if (operator === '$push') {
      const { options } = eachOf(operator, argument, PUSH_MODIFIERS);
      integerOption(options, '$position');
      integerOption(options, '$slice');
    }
    if (operator === '$addToSet') eachOf(operator, argument, ADD_TO_SET_MODIFIERS);
    if (operator === '$pull') pullPredicate(argument);
  }
};

/** Whether the document's first key is `_id` (read without listing its keys). */
export const startsWithId = (document: PlainObject): boolean => {
  for (const key in document) return key === '_id';
  return false;
};

/** `_id` first, as MongoDB stores it */
const withIdFirst = <T extends PlainObject>(document: T): T => {
  if (!('_id' in document) || startsWithId(document)) return document;
  const { _id, ...rest } = document;
  return { _id, ...rest } as unknown as T;
};

/**
 * the document after `update`: operators applied to a copy, or a replacement that keeps `_id`.
 * Throws QueryError for an unknown operator, a malformed operand, conflicting paths or a changed `_id`.
 */
export const applyUpdate = <T extends PlainObject = Doc>(document: T, update: Update): T => {
  if (isReplacement(update)) {
    const replacement = update as PlainObject;
    if ('_id' in replacement && document._id !== undefined && !valuesEqual(replacement._id, document._id)) {
      throw new QueryError(`The replacement changes the immutable field '_id' (${show(document._id)} -> ${show(replacement._id)})`);
    }
    const { _id: _ignored, ...fields } = structuredClone(replacement);
    return (
      document._id === undefined
        ? { ...('_id' in replacement ? { _id: replacement._id } : {}), ...fields }
        : { _id: document._id, ...fields }
    ) as T;
  }
  const operations = operationsOf(update as PlainObject);
  const result = structuredClone(document) as PlainObject;
  for (const operation of operations) apply(result, operation);
  if (document._id !== undefined && !valuesEqual(result._id, document._id)) {
    throw new QueryError(`Performing an update on the path '_id' would modify the immutable field '_id'`);
  }
  return withIdFirst(result) as T;
};

/**
 * the document an upsert starts from: the filter's equality conditions (top level, `$eq`, and inside
 * `$and`), with dotted paths made into sub-documents, as MongoDB seeds an upserted document
 */
export const upsertSeed = (filter: Filter | undefined): PlainObject => {
  const seed: PlainObject = {};
  const put = (path: string, value: unknown): void => {
    const operation: Operation = { operator: '$set', path, parts: splitPath(path), argument: value };
    apply(seed, operation);
  };
  const visit = (conditions: Filter): void => {
    for (const [key, condition] of Object.entries(conditions)) {
      if (key === '$and' && Array.isArray(condition)) {
        for (const sub of condition) if (isPlainObject(sub)) visit(sub);
      } else if (key.startsWith('$') || condition instanceof RegExp) {
        continue;
      } else if (isOperatorObject(condition)) {
        if ('$eq' in condition && !isOperatorObject(condition.$eq) && !(condition.$eq instanceof RegExp)) put(key, condition.$eq);
      } else {
        put(key, condition);
      }
    }
  };
  if (filter) visit(filter);
  return withIdFirst(seed);
};
