import type { Filter } from '../documentStore';
import { QueryError } from './errors';
import { expandBranches, lookup, splitPath, type Branch } from './paths';
import { compareValues, isPlainObject, typeRank, valuesEqual } from './values';

/**
 * MongoDB query semantics over plain documents: equality (on a value, on an array member, on a whole
 * array; null matches a missing field), the comparison, element, array and logical operators, dotted
 * paths into sub-documents and arrays. A filter is compiled once and then applied to many documents.
 */

export type DocumentPredicate = (document: unknown) => boolean;
type BranchPredicate = (branches: Branch[]) => boolean;

const LOGICAL = new Set(['$and', '$or', '$nor']);
const UNSUPPORTED = new Set(['$where', '$expr', '$text', '$jsonSchema', '$type', '$mod', '$bitsAllSet', '$geoWithin', '$near']);

const show = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/** an object whose keys are all operators ($gt, $in …); a mix of operators and fields is refused */
export const isOperatorObject = (value: unknown): value is Record<string, unknown> => {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length === 0) return false;
  const operators = keys.filter((key) => key.startsWith('$')).length;
  if (operators === 0) return false;
  if (operators !== keys.length) throw new QueryError(`Cannot mix operators and fields in ${show(value)}`);
  return true;
};

const all =
  <T>(predicates: Array<(input: T) => boolean>) =>
  (input: T): boolean => {
    for (const predicate of predicates) if (!predicate(input)) return false;
    return true;
  };

const toRegExp = (pattern: unknown, options: unknown): RegExp => {
  if (options !== undefined && typeof options !== 'string') throw new QueryError('$options must be a string');
  const flags = new Set<string>();
  if (pattern instanceof RegExp) {
    for (const flag of pattern.flags) if ('imsu'.includes(flag)) flags.add(flag);
  } else if (typeof pattern !== 'string') {
    throw new QueryError(`$regex must be a string or a RegExp, got ${show(pattern)}`);
  }
  for (const flag of options ?? '') {
    if (!'ims'.includes(flag)) throw new QueryError(`Unsupported $options flag '${flag}' (supported: i, m, s)`);
    flags.add(flag);
  }
  const source = pattern instanceof RegExp ? pattern.source : pattern;
  try {
    return new RegExp(source, [...flags].join(''));
  } catch (error) {
    throw new QueryError(`Invalid $regex ${show(source)}: ${(error as Error).message}`);
  }
};

const regexValueTest = (regex: RegExp) => {
  const pattern = toRegExp(regex, undefined);
  return (value: unknown): boolean => typeof value === 'string' && pattern.test(value);
};

/** equality on one value: null also matches a missing value; a RegExp matches strings */
const valueEquals = (operand: unknown): ((value: unknown) => boolean) => {
  if (operand instanceof RegExp) return regexValueTest(operand);
  if (operand === null || operand === undefined) return (value) => value === null || value === undefined;
  if (typeof operand === 'string' || typeof operand === 'number' || typeof operand === 'boolean') {
    return (value) =>
      value === operand || (typeof operand === 'number' && typeof value === 'number' && Number.isNaN(operand) && Number.isNaN(value));
  }
  return (value) => valuesEqual(value, operand);
};

const someExpanded =
  (test: (value: unknown) => boolean): BranchPredicate =>
  (branches) => {
    for (const value of expandBranches(branches)) if (test(value)) return true;
    return false;
  };

const equality = (operand: unknown): BranchPredicate => {
  if (operand instanceof RegExp) return someExpanded(regexValueTest(operand));
  const test = valueEquals(operand);
  return someExpanded(test);
};

const comparison = (operator: string, operand: unknown): BranchPredicate => {
  if (operand === undefined || operand instanceof RegExp) throw new QueryError(`${operator} needs a value, got ${show(operand)}`);
  const rank = typeRank(operand);
  const accept: (order: number) => boolean =
    operator === '$gt' ? (o) => o > 0 : operator === '$gte' ? (o) => o >= 0 : operator === '$lt' ? (o) => o < 0 : (o) => o <= 0;
  return someExpanded((value) => typeRank(value) === rank && accept(compareValues(value, operand)));
};

const inList = (operator: string, operand: unknown): BranchPredicate => {
  if (!Array.isArray(operand)) throw new QueryError(`${operator} needs an array, got ${show(operand)}`);
  // strings, numbers and booleans are one set lookup (a Set's SameValueZero is valueEquals' === with NaN equal to NaN)
  const scalars = new Set<unknown>();
  const tests: Array<(value: unknown) => boolean> = [];
  for (const item of operand) {
    if (isOperatorObject(item)) throw new QueryError(`${operator} cannot hold an operator expression: ${show(item)}`);
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') scalars.add(item);
    else tests.push(valueEquals(item));
  }
  return someExpanded((value) => scalars.has(value) || tests.some((test) => test(value)));
};

const elemMatch = (operand: unknown): BranchPredicate => {
  if (!isPlainObject(operand)) throw new QueryError(`$elemMatch needs an object, got ${show(operand)}`);
  const keys = Object.keys(operand);
  const valueMode = keys.length > 0 && keys.every((key) => key.startsWith('$') && !LOGICAL.has(key));
  let elementMatches: (element: unknown) => boolean;
  if (valueMode) {
    const condition = compileCondition(operand);
    elementMatches = (element) => condition([{ value: element, dontIterate: true }]);
  } else {
    const predicate = compileFilter(operand);
    elementMatches = (element) => (isPlainObject(element) || Array.isArray(element)) && predicate(element);
  }
  return (branches) => branches.some((branch) => Array.isArray(branch.value) && branch.value.some(elementMatches));
};

const allOf = (operand: unknown): BranchPredicate => {
  if (!Array.isArray(operand)) throw new QueryError(`$all needs an array, got ${show(operand)}`);
  if (operand.length === 0) return () => false;
  const predicates = operand.map((item): BranchPredicate => {
    if (isPlainObject(item) && Object.keys(item).length === 1 && '$elemMatch' in item) return elemMatch(item.$elemMatch);
    if (isOperatorObject(item)) throw new QueryError(`$all holds values or {$elemMatch: …}, got ${show(item)}`);
    return equality(item);
  });
  return all(predicates);
};

const size = (operand: unknown): BranchPredicate => {
  if (typeof operand !== 'number' || !Number.isInteger(operand) || operand < 0) {
    throw new QueryError(`$size needs a non-negative integer, got ${show(operand)}`);
  }
  return (branches) => branches.some((branch) => Array.isArray(branch.value) && branch.value.length === operand);
};

const exists = (operand: unknown): BranchPredicate => {
  const wanted = Boolean(operand);
  return (branches) => branches.some((branch) => branch.value !== undefined) === wanted;
};

const not = (operand: unknown): BranchPredicate => {
  if (!(operand instanceof RegExp) && !isOperatorObject(operand)) {
    throw new QueryError(`$not needs a regular expression or an object of operators, got ${show(operand)}`);
  }
  const inner = compileCondition(operand);
  return (branches) => !inner(branches);
};

/** the operators of one operator object, ANDed; $regex takes its sibling $options */
const compileOperators = (operators: Record<string, unknown>): BranchPredicate => {
  const predicates: BranchPredicate[] = [];
  for (const [operator, operand] of Object.entries(operators)) {
    switch (operator) {
      case '$eq':
        predicates.push(operand instanceof RegExp ? someExpanded((value) => valuesEqual(value, operand)) : equality(operand));
        break;
      case '$ne': {
        const eq = operand instanceof RegExp ? someExpanded((value) => valuesEqual(value, operand)) : equality(operand);
        predicates.push((branches) => !eq(branches));
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        predicates.push(comparison(operator, operand));
        break;
      case '$in':
        predicates.push(inList(operator, operand));
        break;
      case '$nin': {
        const inside = inList(operator, operand);
        predicates.push((branches) => !inside(branches));
        break;
      }
      case '$exists':
        predicates.push(exists(operand));
        break;
      case '$regex':
        predicates.push(someExpanded(regexValueTest(toRegExp(operand, operators.$options))));
        break;
      case '$options':
        if (!('$regex' in operators)) throw new QueryError('$options needs a $regex next to it');
        break;
      case '$size':
        predicates.push(size(operand));
        break;
      case '$elemMatch':
        predicates.push(elemMatch(operand));
        break;
      case '$all':
        predicates.push(allOf(operand));
        break;
      case '$not':
        predicates.push(not(operand));
        break;
      default:
        throw new QueryError(UNSUPPORTED.has(operator) ? `Unsupported query operator ${operator}` : `Unknown query operator ${operator}`);
    }
  }
  return all(predicates);
};

/** the condition on one path: an operator object, a RegExp, or a value to equal */
const compileCondition = (condition: unknown): BranchPredicate => {
  if (condition instanceof RegExp) return equality(condition);
  if (isOperatorObject(condition)) return compileOperators(condition);
  return equality(condition);
};

const compileLogical = (operator: string, operand: unknown): DocumentPredicate => {
  if (!Array.isArray(operand) || operand.length === 0) throw new QueryError(`${operator} needs a non-empty array of filters`);
  const predicates = operand.map((sub) => compileFilter(sub as Filter));
  if (operator === '$and') return all(predicates);
  if (operator === '$or') return (document) => predicates.some((predicate) => predicate(document));
  return (document) => !predicates.some((predicate) => predicate(document));
};

/** compiles a filter into a predicate; throws QueryError on an unknown operator or a malformed operand */
export const compileFilter = (filter: Filter | undefined): DocumentPredicate => {
  if (filter === undefined || filter === null) return () => true;
  if (!isPlainObject(filter)) throw new QueryError(`A filter must be an object, got ${show(filter)}`);
  const predicates: DocumentPredicate[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key.startsWith('$')) {
      if (LOGICAL.has(key)) predicates.push(compileLogical(key, condition));
      else if (key === '$comment') continue;
      else throw new QueryError(UNSUPPORTED.has(key) ? `Unsupported query operator ${key}` : `Unknown top-level query operator ${key}`);
      continue;
    }
    const parts = splitPath(key);
    const predicate = compileCondition(condition);
    predicates.push((document) => predicate(lookup(document, parts)));
  }
  if (predicates.length === 1) return predicates[0]!;
  return all(predicates);
};

/** compiles the condition on one field (`{ $gt: 5 }`, a RegExp, or a value to equal) into a test of one value */
export const compileValuePredicate = (condition: unknown): ((value: unknown) => boolean) => {
  const predicate = compileCondition(condition);
  return (value) => predicate([{ value }]);
};

/** whether `document` matches `filter` (compile once with compileFilter when testing many documents) */
export const matches = (document: unknown, filter: Filter | undefined): boolean => compileFilter(filter)(document);
