import { describe, expect, it } from 'vitest';
import { QueryError } from './errors';
import { compileFilter, matches } from './matches';

const docs = {
  scalar: { _id: 's', a: 5, name: 'Alice' },
  array: { _id: 'r', a: [1, 5, 9], tags: ['red', 'blue'] },
  nested: { _id: 'n', a: [[5]], sub: { b: 2, c: { d: 'deep' } } },
  nullA: { _id: 'z', a: null },
  missing: { _id: 'm' },
  objects: {
    _id: 'o',
    items: [
      { sku: 'x', qty: 1 },
      { sku: 'y', qty: 7 },
    ],
  },
};
type Name = keyof typeof docs;
const names = Object.keys(docs) as Name[];

/** the names of the fixture documents the filter matches */
const which = (filter: Record<string, unknown>): Name[] => names.filter((name) => matches(docs[name], filter));

describe('matches', () => {
  describe('with equality on a field', () => {
    it('matches an equal scalar', () => expect(which({ name: 'Alice' })).toEqual(['scalar']));
    it('matches an array holding the value as a member', () => expect(which({ a: 5 })).toEqual(['scalar', 'array']));
    it('matches a whole array only in the same order', () => {
      expect(which({ a: [1, 5, 9] })).toEqual(['array']);
      expect(which({ a: [5, 1, 9] })).toEqual([]);
    });
    it('matches a nested array as a member of the outer array but not its elements', () => {
      expect(which({ a: [5] })).toEqual(['nested']);
    });
    it('matches null against null and a missing field', () => expect(which({ a: null })).toEqual(['nullA', 'missing', 'objects']));
    it('matches a sub-document only with the same fields in the same order', () => {
      expect(which({ sub: { b: 2, c: { d: 'deep' } } })).toEqual(['nested']);
      expect(which({ sub: { c: { d: 'deep' }, b: 2 } })).toEqual([]);
    });
    it('matches a RegExp value against strings', () => expect(which({ name: /^al/i })).toEqual(['scalar']));
    it('does not treat numbers and numeric strings as equal', () => expect(which({ a: '5' })).toEqual([]));
    it('requires every field of the filter (implicit $and)', () => {
      expect(which({ a: 5, name: 'Alice' })).toEqual(['scalar']);
      expect(which({ a: 5, name: 'Bob' })).toEqual([]);
    });
    it('matches everything with an empty or missing filter', () => {
      expect(which({})).toEqual(names);
      expect(matches(docs.scalar, undefined)).toBe(true);
    });
  });

  describe('with dotted paths', () => {
    it('reaches into sub-documents', () => {
      expect(which({ 'sub.b': 2 })).toEqual(['nested']);
      expect(which({ 'sub.c.d': 'deep' })).toEqual(['nested']);
    });
    it('reaches into each sub-document of an array', () => {
      expect(which({ 'items.sku': 'y' })).toEqual(['objects']);
      expect(which({ 'items.qty': { $gt: 5 } })).toEqual(['objects']);
    });
    it('indexes into arrays with a numeric segment', () => {
      expect(which({ 'a.1': 5 })).toEqual(['array']);
      expect(which({ 'items.0.sku': 'x' })).toEqual(['objects']);
      expect(which({ 'items.1.sku': 'x' })).toEqual([]);
    });
    it('treats a path through a scalar as missing', () => {
      expect(matches({ _id: '1', a: 4 }, { 'a.b': null })).toBe(true);
      expect(matches({ _id: '1', a: 4 }, { 'a.b': { $exists: true } })).toBe(false);
    });
    it('follows MongoDB null semantics through arrays', () => {
      expect(matches({ _id: '1', a: [{ b: 3 }, {}] }, { 'a.b': null })).toBe(true);
      expect(matches({ _id: '1', a: [{ b: 1 }, { b: 3 }] }, { 'a.b': null })).toBe(false);
      expect(matches({ _id: '1', a: [1, 2] }, { 'a.b': null })).toBe(false);
      expect(matches({ _id: '1', a: [] }, { 'a.b': null })).toBe(false);
      expect(matches({ _id: '1', a: [null, null] }, { a: null })).toBe(true);
      expect(matches({ _id: '1', a: [] }, { a: null })).toBe(false);
    });
  });

  describe('with comparison operators', () => {
    it('$eq is equality', () => expect(which({ a: { $eq: 5 } })).toEqual(['scalar', 'array']));
    it('$ne excludes equal values and array members, keeps missing', () => {
      expect(which({ a: { $ne: 5 } })).toEqual(['nested', 'nullA', 'missing', 'objects']);
    });
    it('$gt $gte $lt $lte compare within the same type', () => {
      expect(which({ a: { $gt: 5 } })).toEqual(['array']);
      expect(which({ a: { $gte: 5 } })).toEqual(['scalar', 'array']);
      expect(which({ a: { $lt: 5 } })).toEqual(['array']);
      expect(which({ a: { $lte: 1 } })).toEqual(['array']);
      expect(which({ name: { $gt: 'A' } })).toEqual(['scalar']);
      expect(which({ name: { $gt: 1 } })).toEqual([]);
    });
    it('combines several operators on one field', () => {
      expect(matches({ _id: '1', n: 7 }, { n: { $gt: 5, $lt: 8 } })).toBe(true);
      expect(matches({ _id: '1', n: [2, 9] }, { n: { $gt: 5, $lt: 8 } })).toBe(true);
      expect(matches({ _id: '1', n: [2, 9] }, { n: { $elemMatch: { $gt: 5, $lt: 8 } } })).toBe(false);
    });
    it('$gte and $lte null match null and missing', () => {
      expect(which({ a: { $gte: null } })).toEqual(['nullA', 'missing', 'objects']);
      expect(which({ a: { $gt: null } })).toEqual([]);
    });
    it('compares ISO date strings as strings', () => {
      const doc = { _id: '1', at: '2024-05-01T10:00:00.000Z' };
      expect(matches(doc, { at: { $gte: '2024-05-01T00:00:00.000Z', $lt: '2024-05-02T00:00:00.000Z' } })).toBe(true);
    });
    it('$in matches any listed value, members, null as missing and regular expressions', () => {
      expect(which({ a: { $in: [9, 100] } })).toEqual(['array']);
      expect(which({ a: { $in: [null] } })).toEqual(['nullA', 'missing', 'objects']);
      expect(which({ name: { $in: [/^ali/i, 'Bob'] } })).toEqual(['scalar']);
      expect(which({ a: { $in: [] } })).toEqual([]);
    });
    it('$nin is the negation of $in', () => {
      expect(which({ a: { $nin: [5, null] } })).toEqual(['nested']);
    });
  });

  describe('with element operators', () => {
    it('$exists true matches present fields, null included', () =>
      expect(which({ a: { $exists: true } })).toEqual(['scalar', 'array', 'nested', 'nullA']));
    it('$exists false matches missing fields', () => expect(which({ a: { $exists: false } })).toEqual(['missing', 'objects']));
    it('$exists on a path into an array of sub-documents', () => {
      expect(which({ 'items.qty': { $exists: true } })).toEqual(['objects']);
    });
  });

  describe('with $regex', () => {
    it('accepts a string pattern with $options', () => {
      expect(which({ name: { $regex: '^al' } })).toEqual([]);
      expect(which({ name: { $regex: '^al', $options: 'i' } })).toEqual(['scalar']);
    });
    it('accepts a RegExp', () => expect(which({ tags: { $regex: /^bl/ } })).toEqual(['array']));
    it('matches strings only', () => expect(which({ a: { $regex: '5' } })).toEqual([]));
    it('supports the m and s flags', () => {
      expect(matches({ _id: '1', t: 'a\nb' }, { t: { $regex: '^b$', $options: 'm' } })).toBe(true);
      expect(matches({ _id: '1', t: 'a\nb' }, { t: { $regex: 'a.b', $options: 's' } })).toBe(true);
    });
    it('refuses an unsupported flag and $options without $regex', () => {
      expect(() => compileFilter({ t: { $regex: 'a', $options: 'x' } })).toThrow(QueryError);
      expect(() => compileFilter({ t: { $options: 'i' } })).toThrow(/\$options needs a \$regex/);
    });
  });

  describe('with logical operators', () => {
    it('$and requires all', () => expect(which({ $and: [{ a: 5 }, { a: 9 }] })).toEqual(['array']));
    it('$or requires any', () => expect(which({ $or: [{ name: 'Alice' }, { 'sub.b': 2 }] })).toEqual(['scalar', 'nested']));
    it('$nor requires none', () => expect(which({ $nor: [{ a: 5 }, { a: null }] })).toEqual(['nested']));
    it('$not negates an operator expression, matching missing fields', () => {
      expect(which({ a: { $not: { $gt: 4 } } })).toEqual(['nested', 'nullA', 'missing', 'objects']);
      expect(which({ name: { $not: /^A/ } })).toEqual(names.filter((name) => name !== 'scalar'));
    });
    it('refuses empty logical arrays and $not on a plain value', () => {
      expect(() => compileFilter({ $or: [] })).toThrow(QueryError);
      expect(() => compileFilter({ a: { $not: 5 } })).toThrow(QueryError);
    });
  });

  describe('with array operators', () => {
    it('$size matches arrays of that length', () => {
      expect(which({ a: { $size: 3 } })).toEqual(['array']);
      expect(which({ a: { $size: 1 } })).toEqual(['nested']);
      expect(which({ name: { $size: 0 } })).toEqual([]);
    });
    it('$all requires every value', () => {
      expect(which({ tags: { $all: ['blue', 'red'] } })).toEqual(['array']);
      expect(which({ tags: { $all: ['blue', 'green'] } })).toEqual([]);
      expect(which({ a: { $all: [5] } })).toEqual(['scalar', 'array']);
      expect(which({ a: { $all: [] } })).toEqual([]);
    });
    it('$all accepts $elemMatch conditions', () => {
      expect(which({ items: { $all: [{ $elemMatch: { sku: 'x' } }, { $elemMatch: { qty: { $gt: 5 } } }] } })).toEqual(['objects']);
    });
    it('$elemMatch on sub-documents requires one element to satisfy all conditions', () => {
      expect(which({ items: { $elemMatch: { sku: 'y', qty: { $gte: 7 } } } })).toEqual(['objects']);
      expect(which({ items: { $elemMatch: { sku: 'x', qty: { $gte: 7 } } } })).toEqual([]);
    });
    it('$elemMatch on values applies operators to each element', () => {
      expect(which({ a: { $elemMatch: { $gt: 4, $lt: 6 } } })).toEqual(['array']);
      expect(which({ a: { $elemMatch: { $eq: 5 } } })).toEqual(['array']);
    });
    it('$elemMatch needs an array', () => expect(matches({ _id: '1', a: { b: 1 } }, { a: { $elemMatch: { b: 1 } } })).toBe(false));
  });

  describe('with an unknown or malformed operator', () => {
    it('throws a QueryError naming it', () => {
      expect(() => compileFilter({ a: { $foo: 1 } })).toThrow('Unknown query operator $foo');
      expect(() => compileFilter({ $foo: [] })).toThrow('Unknown top-level query operator $foo');
      expect(() => compileFilter({ $where: 'true' })).toThrow('Unsupported query operator $where');
    });
    it('refuses malformed operands', () => {
      expect(() => compileFilter({ a: { $in: 5 } })).toThrow(QueryError);
      expect(() => compileFilter({ a: { $size: -1 } })).toThrow(QueryError);
      expect(() => compileFilter({ a: { $gt: 1, b: 2 } })).toThrow(/mix operators and fields/);
      expect(() => compileFilter({ 'a..b': 1 })).toThrow(QueryError);
    });
    it('throws even when there is no document to match', () => {
      expect(() => compileFilter({ $and: [{ a: { $bogus: 1 } }] })).toThrow(QueryError);
    });
  });
});
