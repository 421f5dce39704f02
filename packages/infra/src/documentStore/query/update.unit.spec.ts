import { describe, expect, it } from 'vitest';
import type { Doc } from '../documentStore';
import { QueryError } from './errors';
import { applyUpdate, upsertSeed } from './update';

const base = (): Doc => ({ _id: 'd1', n: 1, name: 'x', tags: ['a', 'b'], sub: { c: 1 }, items: [{ k: 1 }, { k: 2, v: 'z' }] });

describe('applyUpdate', () => {
  it('never mutates the input document', () => {
    const doc = base();
    applyUpdate(doc, { $set: { 'sub.c': 2 }, $push: { tags: 'c' } });
    expect(doc).toEqual(base());
  });

  describe('$set', () => {
    it('sets top-level and dotted fields, creating sub-documents', () => {
      expect(applyUpdate(base(), { $set: { name: 'y', 'sub.d.e': true } })).toMatchObject({ name: 'y', sub: { c: 1, d: { e: true } } });
    });
    it('sets an array element by index, padding with null', () => {
      expect(applyUpdate(base(), { $set: { 'tags.1': 'B', 'items.0.k': 9 } })).toMatchObject({
        tags: ['a', 'B'],
        items: [{ k: 9 }, { k: 2 }],
      });
      expect(applyUpdate({ _id: '1', a: [1] }, { $set: { 'a.3': 4 } }).a).toEqual([1, null, null, 4]);
    });
    it('refuses to create a field inside a scalar', () => {
      expect(() => applyUpdate(base(), { $set: { 'name.first': 'x' } })).toThrow(QueryError);
    });
  });

  describe('$unset', () => {
    it('removes fields, ignores missing ones, nulls array elements', () => {
      const updated = applyUpdate(base(), { $unset: { name: '', 'sub.c': 1, 'nope.deep': 1, 'tags.0': 1 } });
      expect(updated).toEqual({ _id: 'd1', n: 1, tags: [null, 'b'], sub: {}, items: [{ k: 1 }, { k: 2, v: 'z' }] });
    });
  });

  describe('$inc', () => {
    it('adds to numbers and creates missing fields', () => {
      expect(applyUpdate(base(), { $inc: { n: 2, 'sub.count': -3 } })).toMatchObject({ n: 3, sub: { c: 1, count: -3 } });
    });
    it('refuses a non-numeric target or amount', () => {
      expect(() => applyUpdate(base(), { $inc: { name: 1 } })).toThrow(QueryError);
      expect(() => applyUpdate(base(), { $inc: { n: '1' as unknown as number } })).toThrow(QueryError);
    });
  });

  describe('$push', () => {
    it('appends a value, creating the array when missing', () => {
      expect(applyUpdate(base(), { $push: { tags: 'c', fresh: 1 } })).toMatchObject({ tags: ['a', 'b', 'c'], fresh: [1] });
    });
    it('appends each value of $each, also at a $position and cut by $slice', () => {
      expect(applyUpdate(base(), { $push: { tags: { $each: ['c', 'd'] } } }).tags).toEqual(['a', 'b', 'c', 'd']);
      expect(applyUpdate(base(), { $push: { tags: { $each: ['z'], $position: 0 } } }).tags).toEqual(['z', 'a', 'b']);
      expect(applyUpdate(base(), { $push: { tags: { $each: ['c'], $slice: -2 } } }).tags).toEqual(['b', 'c']);
    });
    it('pushes a whole array as one element without $each', () => {
      expect(applyUpdate(base(), { $push: { tags: ['c', 'd'] } }).tags).toEqual(['a', 'b', ['c', 'd']]);
    });
    it('refuses a non-array target and unknown modifiers', () => {
      expect(() => applyUpdate(base(), { $push: { name: 'c' } })).toThrow(QueryError);
      expect(() => applyUpdate(base(), { $push: { tags: { $each: ['c'], $sort: 1 } } })).toThrow(/Unsupported \$push modifier \$sort/);
    });
  });

  describe('$addToSet', () => {
    it('adds only values not present', () => {
      expect(applyUpdate(base(), { $addToSet: { tags: 'a' } }).tags).toEqual(['a', 'b']);
      expect(applyUpdate(base(), { $addToSet: { tags: 'c' } }).tags).toEqual(['a', 'b', 'c']);
      expect(applyUpdate(base(), { $addToSet: { tags: { $each: ['b', 'c', 'c'] } } }).tags).toEqual(['a', 'b', 'c']);
      expect(applyUpdate(base(), { $addToSet: { items: { k: 1 } } }).items).toHaveLength(2);
    });
  });

  describe('$pull', () => {
    it('removes equal values', () => {
      expect(applyUpdate({ _id: '1', a: [1, 2, 1, 3] }, { $pull: { a: 1 } }).a).toEqual([2, 3]);
    });
    it('removes values matching an operator condition', () => {
      expect(applyUpdate({ _id: '1', a: [1, 5, 7, 9] }, { $pull: { a: { $gte: 6 } } }).a).toEqual([1, 5]);
      expect(applyUpdate({ _id: '1', a: [1, 5, 7] }, { $pull: { a: { $in: [1, 7] } } }).a).toEqual([5]);
    });
    it('removes sub-documents matching a document condition', () => {
      expect(applyUpdate(base(), { $pull: { items: { k: 2 } } }).items).toEqual([{ k: 1 }]);
      expect(applyUpdate(base(), { $pull: { items: { k: { $lt: 3 }, v: 'z' } } }).items).toEqual([{ k: 1 }]);
    });
    it('ignores a missing array and refuses a scalar', () => {
      expect(applyUpdate(base(), { $pull: { missing: 1 } })).toEqual(base());
      expect(() => applyUpdate(base(), { $pull: { name: 'x' } })).toThrow(QueryError);
    });
  });

  describe('a replacement', () => {
    it('replaces every field but keeps _id', () => {
      expect(applyUpdate(base(), { other: 1 })).toEqual({ _id: 'd1', other: 1 });
    });
    it('refuses to change _id', () => {
      expect(() => applyUpdate(base(), { _id: 'd2', other: 1 })).toThrow(QueryError);
    });
  });

  describe('an invalid update', () => {
    it('throws on an unknown or unsupported operator', () => {
      expect(() => applyUpdate(base(), { $bogus: { a: 1 } } as never)).toThrow('Unknown update operator $bogus');
      expect(() => applyUpdate(base(), { $rename: { a: 'b' } } as never)).toThrow('Unsupported update operator $rename');
    });
    it('throws on conflicting paths, a mix of operators and fields, and a changed _id', () => {
      expect(() => applyUpdate(base(), { $set: { sub: {} }, $inc: { 'sub.c': 1 } })).toThrow(/conflict/);
      expect(() => applyUpdate(base(), { $set: { a: 1 }, b: 2 } as never)).toThrow(QueryError);
      expect(() => applyUpdate(base(), { $set: { _id: 'other' } })).toThrow(/immutable field '_id'/);
    });
    it('refuses positional paths', () => {
      expect(() => applyUpdate(base(), { $set: { 'items.$.k': 1 } })).toThrow(/Positional/);
    });
  });
});

describe('upsertSeed', () => {
  it('takes the equality conditions of the filter, also from $eq and $and, as sub-documents for dotted paths', () => {
    expect(upsertSeed({ _id: 'u1', kind: 'a', 'meta.owner': 'me', n: { $gt: 1 }, m: { $eq: 2 }, $and: [{ z: 3 }], r: /x/ })).toEqual({
      _id: 'u1',
      kind: 'a',
      meta: { owner: 'me' },
      m: 2,
      z: 3,
    });
  });
});
