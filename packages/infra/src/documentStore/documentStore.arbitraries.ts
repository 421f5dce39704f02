import fc from 'fast-check';
import type { Doc, Filter, SortSpec } from './documentStore';
import { IN_LIST_TERMS_MAX } from './sqlite/translate';

/**
 * fast-check generators of small documents, filters and sorts over a few paths, chosen so that
 * arrays, sub-documents, null, missing fields and mixed types meet the same paths. For the
 * property tests that hold the SQL translation and the embedded store to the query engine.
 */

const scalar = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: 2 }),
  fc.constantFrom('x', 'y', 'X', '', 'xy'),
  fc.boolean(),
  fc.constant(1.5),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.record({ b: scalar }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.array(fc.record({ b: scalar }, { requiredKeys: [] }), { maxLength: 2 }) },
);
const document = fc.record({ a: value, b: value, c: scalar, d: scalar }, { requiredKeys: [] });
export const documents = fc.array(document, { maxLength: 8 }).map((docs) => docs.map((doc, i): Doc => ({ _id: `d${i}`, ...doc })));

const path = fc.constantFrom('a', 'b', 'c', 'd', 'c', 'd', 'a.b', 'b.b', '_id', 'a.0');
const operand = fc.oneof(scalar, fc.constantFrom('d1', 'd3'));
const condition: fc.Arbitrary<unknown> = fc.oneof(
  operand,
  operand.map((v) => ({ $eq: v })),
  operand.map((v) => ({ $ne: v })),
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), operand).map(([operator, v]) => ({ [operator]: v })),
  fc.array(operand, { maxLength: 3 }).map((list) => ({ $in: list })),
  fc.array(operand, { maxLength: 3 }).map((list) => ({ $nin: list })),
  // longer than IN_LIST_TERMS_MAX: the embedded store hands the list to SQLite as one JSON parameter
  fc.array(operand, { minLength: IN_LIST_TERMS_MAX + 1, maxLength: IN_LIST_TERMS_MAX + 20 }).map((list) => ({ $in: list })),
  fc.array(operand, { minLength: IN_LIST_TERMS_MAX + 1, maxLength: IN_LIST_TERMS_MAX + 20 }).map((list) => ({ $nin: list })),
  fc.boolean().map((wanted) => ({ $exists: wanted })),
  fc.constantFrom({ $regex: '^x' }, { $regex: 'X', $options: 'i' }, /y$/),
  fc.integer({ min: 0, max: 2 }).map((n) => ({ $size: n })),
  fc.array(operand, { minLength: 1, maxLength: 2 }).map((list) => ({ $all: list })),
  fc.tuple(fc.constantFrom('$gt', '$lt', '$eq'), operand).map(([operator, v]) => ({ $not: { [operator]: v } })),
);
const leaf = fc.tuple(path, condition).map(([p, c]): Filter => ({ [p]: c }));
export const filter: fc.Arbitrary<Filter> = fc.oneof(
  { weight: 3, arbitrary: leaf },
  { weight: 1, arbitrary: fc.tuple(leaf, leaf).map(([x, y]): Filter => ({ ...x, ...y })) },
  { weight: 1, arbitrary: fc.array(leaf, { minLength: 1, maxLength: 3 }).map((list): Filter => ({ $or: list })) },
  { weight: 1, arbitrary: fc.array(leaf, { minLength: 1, maxLength: 2 }).map((list): Filter => ({ $and: list })) },
  { weight: 1, arbitrary: fc.array(leaf, { minLength: 1, maxLength: 2 }).map((list): Filter => ({ $nor: list })) },
);
export const sort = fc
  .uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'a.b', '_id'), { minLength: 1, maxLength: 2 })
  .chain((paths) => fc.tuple(...paths.map((p) => fc.constantFrom(1 as const, -1 as const).map((direction) => [p, direction] as const))))
  .map((entries): SortSpec => Object.fromEntries(entries));

/** one document of the kind `documents` holds, without its _id; one value of a field of it */
export const anyDocument = document;
export const anyValue = value;
export const anyScalar = scalar;
