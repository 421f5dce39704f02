import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QueryError } from './errors';
import { compileSort, sortDocuments } from './sort';
import { compareValues } from './values';

const ids = (documents: Array<{ _id: string }>): string[] => documents.map((document) => document._id);

describe('sortDocuments', () => {
  it('orders by type first: null and missing, numbers, strings, objects, arrays, booleans', () => {
    const documents = [
      { _id: 'bool', v: false },
      { _id: 'array', v: [] as unknown[] },
      { _id: 'obj', v: { a: 1 } },
      { _id: 'str', v: '10' },
      { _id: 'num', v: 10 },
      { _id: 'null', v: null },
      { _id: 'missing' },
    ].map((document) => (document._id === 'array' ? { _id: 'array', v: [[1]] } : document));
    expect(ids(sortDocuments(documents, { v: 1 }))).toEqual(['null', 'missing', 'num', 'str', 'obj', 'array', 'bool']);
  });

  it('sorts by several keys, each in its own direction, keeping ties stable', () => {
    const documents = [
      { _id: '1', g: 'b', n: 1 },
      { _id: '2', g: 'a', n: 1 },
      { _id: '3', g: 'b', n: 2 },
      { _id: '4', g: 'a', n: 2 },
      { _id: '5', g: 'a', n: 2 },
    ];
    expect(ids(sortDocuments(documents, { g: 1, n: -1 }))).toEqual(['4', '5', '2', '3', '1']);
  });

  it('sorts arrays by their smallest element ascending and largest descending', () => {
    const documents = [
      { _id: 'a', v: [5, 1] },
      { _id: 'b', v: 3 },
      { _id: 'c', v: [2, 9] },
    ];
    expect(ids(sortDocuments(documents, { v: 1 }))).toEqual(['a', 'c', 'b']);
    expect(ids(sortDocuments(documents, { v: -1 }))).toEqual(['c', 'a', 'b']);
  });

  it('sorts by dotted paths, including into arrays of sub-documents', () => {
    const documents = [
      { _id: 'a', s: { n: 2 }, l: [{ k: 7 }] },
      { _id: 'b', s: { n: 1 }, l: [{ k: 9 }, { k: 3 }] },
    ];
    expect(ids(sortDocuments(documents, { 's.n': 1 }))).toEqual(['b', 'a']);
    expect(ids(sortDocuments(documents, { 'l.k': 1 }))).toEqual(['b', 'a']);
  });

  it('orders strings by code point, as MongoDB and SQLite do', () => {
    const documents = [
      { _id: 'emoji', v: '😀' },
      { _id: 'private', v: '\uE000' },
      { _id: 'upper', v: 'Z' },
      { _id: 'lower', v: 'a' },
    ];
    expect(ids(sortDocuments(documents, { v: 1 }))).toEqual(['upper', 'lower', 'private', 'emoji']);
  });

  it('refuses a direction other than 1 or -1', () => {
    expect(() => compileSort({ v: 0 as never })).toThrow(QueryError);
  });
});

describe('compareValues', () => {
  const value = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.integer({ min: -5, max: 5 }),
      fc.double({ noNaN: true, min: -5, max: 5 }),
      fc.string({ maxLength: 3 }),
      fc.boolean(),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 }),
    ),
  })).value;

  it('is a total order: antisymmetric and transitive', () => {
    fc.assert(
      fc.property(value, value, value, (a, b, c) => {
        expect(Math.sign(compareValues(a, b)) + Math.sign(compareValues(b, a))).toBe(0);
        if (compareValues(a, b) <= 0 && compareValues(b, c) <= 0) expect(compareValues(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});
