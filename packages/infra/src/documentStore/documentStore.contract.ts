import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DuplicateKeyError,
  type Collection,
  type Doc,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
} from './documentStore';

/**
 * The behaviour every DocumentStore adapter must show: MongoDB's semantics for the subset the port
 * names. Every test gets a store from the factory and works in collections of its own, so a shared
 * server works too. With `reopen`, the store is closed and opened again on the same data, which must
 * keep documents, collections and indexes.
 *
 * Not re-exported from the package index: importing vitest outside a vitest run throws, so import it
 * from '@stramien/infra/documentStore/documentStore.contract' in spec files only.
 */
export type DocumentStoreFactory = () => Promise<{
  store: DocumentStore;
  /** closes the store and opens it again on the same data; the cleanup then closes the new one */
  reopen?: () => Promise<DocumentStore>;
  cleanup(): Promise<void>;
}>;

/** a collection name unique to one test */
const uniqueName = (prefix = 'c'): string => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

const sortedIds = (documents: Array<{ _id: unknown }>): string[] => documents.map((document) => String(document._id)).sort();
const ids = (documents: Array<{ _id: unknown }>): string[] => documents.map((document) => String(document._id));

interface Product extends Doc {
  name: string;
  qty: number;
  price?: number | null;
  tags: string[];
  dims?: { h: number; w?: number };
  status?: string;
  parts?: Array<{ sku: string; n: number }>;
  ratings?: number[];
}

const PRODUCTS: Product[] = [
  {
    _id: 'p1',
    name: 'Anchor bolt',
    qty: 5,
    price: 2.5,
    tags: ['steel', 'small'],
    dims: { h: 10, w: 2 },
    status: 'active',
    parts: [
      { sku: 'a', n: 1 },
      { sku: 'b', n: 4 },
    ],
    ratings: [3, 8],
  },
  {
    _id: 'p2',
    name: 'beam',
    qty: 12,
    price: 120,
    tags: ['steel', 'large'],
    dims: { h: 300, w: 20 },
    status: 'active',
    parts: [{ sku: 'c', n: 2 }],
    ratings: [5],
  },
  { _id: 'p3', name: 'Column', qty: 0, tags: [], dims: { h: 280 }, status: 'archived', parts: [] },
  { _id: 'p4', name: 'dowel', qty: 40, price: null, tags: ['wood'], status: 'active' },
  {
    _id: 'p5',
    name: 'Eave board',
    qty: 7,
    price: 15,
    tags: ['wood', 'large'],
    dims: { h: 20, w: 300 },
    status: 'draft',
    parts: [{ sku: 'a', n: 9 }],
    ratings: [9, 1],
  },
  {
    _id: 'p6',
    name: 'frame',
    qty: 3,
    price: 80,
    tags: ['steel'],
    dims: { h: 200, w: 100 },
    parts: [
      { sku: 'd', n: 1 },
      { sku: 'a', n: 2 },
    ],
  },
];

/** indexes on every field the filter and sort tests use, so adapters that plan with indexes are exercised */
const PRODUCT_INDEXES: IndexSpec[] = [
  { keys: { name: 1 } },
  { keys: { qty: 1 } },
  { keys: { price: -1 } },
  { keys: { tags: 1 } },
  { keys: { status: 1, qty: -1 } },
  { keys: { 'dims.h': 1 } },
  { keys: { 'parts.sku': 1 } },
];

/** filter -> the _ids it must match among PRODUCTS */
const FILTER_CASES: Array<[string, Filter, string[]]> = [
  ['equality on a string', { name: 'beam' }, ['p2']],
  ['equality on an array member', { tags: 'steel' }, ['p1', 'p2', 'p6']],
  ['equality on a whole array, in order', { tags: ['steel', 'small'] }, ['p1']],
  ['equality on a whole array in another order', { tags: ['small', 'steel'] }, []],
  ['equality on an empty array', { tags: [] }, ['p3']],
  ['null, matching null and missing', { price: null }, ['p3', 'p4']],
  ['several fields at once', { tags: 'steel', status: 'active' }, ['p1', 'p2']],
  ['a dotted path into a sub-document', { 'dims.h': 280 }, ['p3']],
  ['a dotted path into an array of sub-documents', { 'parts.sku': 'a' }, ['p1', 'p5', 'p6']],
  ['a numeric index into an array of sub-documents', { 'parts.0.sku': 'a' }, ['p1', 'p5']],
  ['a numeric index into an array of values', { 'tags.1': 'large' }, ['p2', 'p5']],
  ['$eq', { qty: { $eq: 7 } }, ['p5']],
  ['$ne, keeping documents without the field', { status: { $ne: 'active' } }, ['p3', 'p5', 'p6']],
  ['$ne on an array', { tags: { $ne: 'steel' } }, ['p3', 'p4', 'p5']],
  ['$gt', { qty: { $gt: 5 } }, ['p2', 'p4', 'p5']],
  ['$gte', { qty: { $gte: 5 } }, ['p1', 'p2', 'p4', 'p5']],
  ['$lt', { qty: { $lt: 5 } }, ['p3', 'p6']],
  ['$lte', { qty: { $lte: 3 } }, ['p3', 'p6']],
  ['a range, not matching other types', { price: { $gt: 2, $lte: 80 } }, ['p1', 'p5', 'p6']],
  ['a string range in byte order', { name: { $gte: 'a', $lt: 'e' } }, ['p2', 'p4']],
  ['a range on a dotted path', { 'dims.h': { $gte: 200 } }, ['p2', 'p3', 'p6']],
  ['a range on array members', { 'parts.n': { $gt: 5 } }, ['p5']],
  ['$in', { status: { $in: ['draft', 'archived'] } }, ['p3', 'p5']],
  ['$in with null', { price: { $in: [null, 15] } }, ['p3', 'p4', 'p5']],
  ['$in on array members', { tags: { $in: ['small', 'wood'] } }, ['p1', 'p4', 'p5']],
  ['$in with an empty list', { status: { $in: [] } }, []],
  ['$nin, keeping documents without the field', { status: { $nin: ['active'] } }, ['p3', 'p5', 'p6']],
  ['$exists true, null included', { price: { $exists: true } }, ['p1', 'p2', 'p4', 'p5', 'p6']],
  ['$exists false', { price: { $exists: false } }, ['p3']],
  ['$exists on a dotted path', { 'dims.w': { $exists: false } }, ['p3', 'p4']],
  ['$regex', { name: { $regex: '^[a-c]' } }, ['p2']],
  ['$regex with $options', { name: { $regex: '^[a-c]', $options: 'i' } }, ['p1', 'p2', 'p3']],
  ['a RegExp value', { name: /board$/ }, ['p5']],
  ['$regex on array members', { tags: { $regex: '^st' } }, ['p1', 'p2', 'p6']],
  ['$and', { $and: [{ tags: 'steel' }, { qty: { $gt: 4 } }] }, ['p1', 'p2']],
  ['$or', { $or: [{ qty: 0 }, { status: 'draft' }] }, ['p3', 'p5']],
  ['$or next to a field', { tags: 'steel', $or: [{ qty: { $lt: 4 } }, { price: { $gt: 100 } }] }, ['p2', 'p6']],
  ['$nor', { $nor: [{ tags: 'steel' }, { status: 'archived' }] }, ['p4', 'p5']],
  ['$not, keeping documents without the field', { price: { $not: { $gt: 10 } } }, ['p1', 'p3', 'p4']],
  ['$not with a RegExp', { name: { $not: /^[A-Z]/ } }, ['p2', 'p4', 'p6']],
  ['$elemMatch on sub-documents', { parts: { $elemMatch: { sku: 'a', n: { $gte: 2 } } } }, ['p5', 'p6']],
  ['$elemMatch on values', { ratings: { $elemMatch: { $gt: 4, $lt: 6 } } }, ['p2']],
  ['operators on array members without $elemMatch', { ratings: { $gt: 4, $lt: 6 } }, ['p1', 'p2', 'p5']],
  ['$size', { tags: { $size: 2 } }, ['p1', 'p2', 'p5']],
  ['$size 0', { tags: { $size: 0 } }, ['p3']],
  ['$all', { tags: { $all: ['large', 'steel'] } }, ['p2']],
  ['an empty filter', {}, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']],
];

/** [options, the _ids in order] */
const SORT_CASES: Array<[string, FindOptions, string[]]> = [
  ['ascending on a number', { sort: { qty: 1 } }, ['p3', 'p6', 'p1', 'p5', 'p2', 'p4']],
  ['descending on a number', { sort: { qty: -1 } }, ['p4', 'p2', 'p5', 'p1', 'p6', 'p3']],
  ['with null and missing first', { sort: { price: 1, _id: 1 } }, ['p3', 'p4', 'p1', 'p5', 'p6', 'p2']],
  ['descending with null and missing last', { sort: { price: -1, _id: 1 } }, ['p2', 'p6', 'p5', 'p1', 'p3', 'p4']],
  ['on strings in byte order', { sort: { name: 1 } }, ['p1', 'p3', 'p5', 'p2', 'p4', 'p6']],
  ['on several keys', { sort: { status: 1, qty: -1 } }, ['p6', 'p4', 'p2', 'p1', 'p3', 'p5']],
  ['on a dotted path', { sort: { 'dims.h': -1, _id: 1 } }, ['p2', 'p3', 'p6', 'p5', 'p1', 'p4']],
  ['with skip and limit', { sort: { qty: 1 }, skip: 2, limit: 2 }, ['p1', 'p5']],
  ['with a skip past the end', { sort: { qty: 1 }, skip: 10 }, []],
  ['by _id descending', { sort: { _id: -1 }, limit: 3 }, ['p6', 'p5', 'p4']],
];

export const describeDocumentStoreContract = (name: string, factory: DocumentStoreFactory): void => {
  describe(`${name} (DocumentStore contract)`, () => {
    let context: Awaited<ReturnType<DocumentStoreFactory>>;
    let store: DocumentStore;

    beforeEach(async () => {
      context = await factory();
      store = context.store;
    });

    afterEach(async () => {
      await context.cleanup();
    });

    describe('when inserting and finding documents', () => {
      it('finds an inserted document by _id with every JSON type intact', async () => {
        const things = store.collection(uniqueName());
        const document = {
          _id: 'd1',
          text: 'héllo 😀',
          int: 42,
          negative: -7,
          float: 0.125,
          yes: true,
          no: false,
          nothing: null,
          nested: { list: [1, 'two', { three: 3 }, [4]], empty: {} },
        };
        await things.insertOne(document);
        expect(await things.findOne({ _id: 'd1' })).toEqual(document);
        expect(await things.count()).toBe(1);
      });

      it('hands out copies: changing a found document changes nothing stored', async () => {
        const things = store.collection(uniqueName());
        await things.insertOne({ _id: 'd1', list: [1] });
        const found = (await things.findOne({ _id: 'd1' }))!;
        (found.list as number[]).push(2);
        expect(await things.findOne({ _id: 'd1' })).toEqual({ _id: 'd1', list: [1] });
      });

      it('inserts many documents', async () => {
        const things = store.collection(uniqueName());
        await things.insertMany([{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }]);
        expect(sortedIds(await things.find())).toEqual(['a', 'b', 'c']);
      });

      it('answers nothing for a collection that does not exist', async () => {
        const missing = store.collection(uniqueName());
        expect(await missing.find({})).toEqual([]);
        expect(await missing.findOne({ _id: 'x' })).toBeNull();
        expect(await missing.count()).toBe(0);
      });

      it('throws DuplicateKeyError for an _id that exists, keeping the stored document', async () => {
        const collectionName = uniqueName();
        const things = store.collection(collectionName);
        await things.insertOne({ _id: 'd1', v: 1 });
        const error = await things.insertOne({ _id: 'd1', v: 2 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).collection).toBe(collectionName);
        await expect(things.insertMany([{ _id: 'd1', v: 3 }])).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await things.findOne({ _id: 'd1' })).toEqual({ _id: 'd1', v: 1 });
      });

      it.each([false, true])('matches $in and $nin of 20,000 values (indexed: %s)', async (indexed) => {
        const things = store.collection(uniqueName());
        if (indexed) for (const key of ['n', 'code', 'tags']) await things.createIndex({ keys: { [key]: 1 } });
        // 1,000 documents; half of them (the even ones) have a value in each long list, one has no code
        await things.insertMany(
          Array.from({ length: 1_000 }, (_, i) => ({
            _id: `d${i}`,
            n: i,
            ...(i === 7 ? {} : { code: `c${i}` }),
            tags: [`t${i}`, 'all'],
            even: i % 2 === 0,
          })),
        );
        const evens = (make: (i: number) => unknown) => Array.from({ length: 20_000 }, (_, k) => make(k * 2));
        const expected = Array.from({ length: 500 }, (_, k) => `d${k * 2}`).sort();
        expect(sortedIds(await things.find({ _id: { $in: evens((i) => `d${i}`) } }))).toEqual(expected);
        expect(sortedIds(await things.find({ n: { $in: evens((i) => i) } }))).toEqual(expected);
        expect(sortedIds(await things.find({ tags: { $in: evens((i) => `t${i}`) } }))).toEqual(expected);
        expect(await things.count({ code: { $in: evens((i) => `c${i}`) } })).toBe(500);
        // null in the list also matches the document without a code
        expect(await things.count({ code: { $in: [null, ...evens((i) => `c${i}`)] } })).toBe(501);
        expect(await things.count({ n: { $nin: evens((i) => i) } })).toBe(500);
        expect(sortedIds(await things.find({ n: { $nin: evens((i) => i) }, even: true }))).toEqual([]);
        expect(await things.count({ _id: { $nin: evens((i) => `d${i}`) } })).toBe(500);
        expect(await things.count({ tags: { $nin: evens((i) => `t${i}`) } })).toBe(500);
      });

      it('rejects an unknown query operator', async () => {
        const things = store.collection(uniqueName());
        await things.insertOne({ _id: 'd1', v: 1 });
        await expect(things.find({ v: { $bogus: 1 } })).rejects.toThrow();
        await expect(things.count({ $bogus: [] })).rejects.toThrow();
      });
    });

    for (const indexed of [false, true]) {
      describe(indexed ? 'with indexes on the queried fields' : 'without indexes', () => {
        let products: Collection<Product>;

        beforeEach(async () => {
          products = store.collection<Product>(uniqueName('products'));
          if (indexed) for (const index of PRODUCT_INDEXES) await products.createIndex(index);
          await products.insertMany(PRODUCTS.map((product) => structuredClone(product)));
        });

        describe('when filtering', () => {
          for (const [title, filter, expected] of FILTER_CASES) {
            it(`matches ${title}`, async () => {
              expect(sortedIds(await products.find(filter))).toEqual(expected);
              expect(await products.count(filter)).toBe(expected.length);
            });
          }

          it('finds one matching document or null', async () => {
            expect((await products.findOne({ qty: 40 }))?._id).toBe('p4');
            expect(await products.findOne({ qty: 41 })).toBeNull();
          });
        });

        describe('when sorting and paging', () => {
          for (const [title, options, expected] of SORT_CASES) {
            it(`orders ${title}`, async () => {
              expect(ids(await products.find({}, options))).toEqual(expected);
            });
          }

          it('filters, sorts and limits together', async () => {
            expect(ids(await products.find({ status: 'active' }, { sort: { qty: -1 }, limit: 2 }))).toEqual(['p4', 'p2']);
            expect(ids(await products.find({ tags: 'steel' }, { sort: { qty: 1 }, skip: 1, limit: 5 }))).toEqual(['p1', 'p2']);
            expect(ids(await products.find({ name: { $regex: 'a' } }, { sort: { name: -1 }, limit: 2 }))).toEqual(['p6', 'p2']);
          });

          it('limits without a sort', async () => {
            expect(await products.find({ tags: 'steel' }, { limit: 2 })).toHaveLength(2);
            expect(await products.find({}, { skip: 4 })).toHaveLength(2);
          });

          it('takes the first document in sort order with findOne', async () => {
            expect((await products.findOne({ tags: 'wood' }, { sort: { qty: 1 } }))?._id).toBe('p5');
          });
        });

        describe('when projecting', () => {
          it('keeps the included fields and _id', async () => {
            expect(await products.find({ _id: 'p2' }, { projection: { name: 1, qty: 1 } })).toEqual([{ _id: 'p2', name: 'beam', qty: 12 }]);
          });

          it('drops _id on request', async () => {
            expect(await products.find({ _id: 'p2' }, { projection: { name: 1, _id: 0 } })).toEqual([{ name: 'beam' }]);
          });

          it('drops the excluded fields', async () => {
            expect(await products.find({ _id: 'p4' }, { projection: { tags: 0, status: 0, price: 0 } })).toEqual([
              { _id: 'p4', name: 'dowel', qty: 40 },
            ]);
          });

          it('projects dotted paths into sub-documents and arrays', async () => {
            const found = await products.find(
              { _id: { $in: ['p1', 'p4'] } },
              { projection: { 'dims.h': 1, 'parts.sku': 1 }, sort: { _id: 1 } },
            );
            expect(found).toEqual([{ _id: 'p1', dims: { h: 10 }, parts: [{ sku: 'a' }, { sku: 'b' }] }, { _id: 'p4' }]);
          });
        });
      });
    }

    describe('when updating', () => {
      let things: Collection;

      beforeEach(async () => {
        things = store.collection(uniqueName());
        await things.insertMany([
          { _id: 'a', n: 1, tags: ['x', 'y'], sub: { c: 1 }, list: [{ k: 1 }, { k: 2 }], group: 'g1' },
          { _id: 'b', n: 5, tags: ['y'], group: 'g1' },
          { _id: 'c', n: 9, group: 'g2' },
        ]);
      });

      const doc = async (id: string) => things.findOne({ _id: id });

      it('applies $set to fields, dotted paths and array indexes', async () => {
        expect(await things.updateOne({ _id: 'a' }, { $set: { name: 'A', 'sub.d': { e: 1 }, 'list.1.k': 20 } })).toEqual({
          matchedCount: 1,
          modifiedCount: 1,
        });
        expect(await doc('a')).toMatchObject({ name: 'A', sub: { c: 1, d: { e: 1 } }, list: [{ k: 1 }, { k: 20 }] });
      });

      it('applies $unset', async () => {
        await things.updateOne({ _id: 'a' }, { $unset: { sub: '', tags: 1, nothing: 1 } });
        expect(await doc('a')).toEqual({ _id: 'a', n: 1, list: [{ k: 1 }, { k: 2 }], group: 'g1' });
      });

      it('applies $inc, creating a missing field', async () => {
        await things.updateOne({ _id: 'a' }, { $inc: { n: 2, 'sub.c': -1, fresh: 3 } });
        expect(await doc('a')).toMatchObject({ n: 3, sub: { c: 0 }, fresh: 3 });
      });

      it('applies $push with a value and with $each', async () => {
        await things.updateOne({ _id: 'a' }, { $push: { tags: 'z' } });
        await things.updateOne({ _id: 'a' }, { $push: { tags: { $each: ['x', 'w'] }, created: 1 } });
        expect(await doc('a')).toMatchObject({ tags: ['x', 'y', 'z', 'x', 'w'], created: [1] });
      });

      it('applies $addToSet with a value and with $each', async () => {
        expect(await things.updateOne({ _id: 'a' }, { $addToSet: { tags: 'x' } })).toEqual({ matchedCount: 1, modifiedCount: 0 });
        await things.updateOne({ _id: 'a' }, { $addToSet: { tags: { $each: ['y', 'z', 'z'] } } });
        expect((await doc('a'))!.tags).toEqual(['x', 'y', 'z']);
      });

      it('applies $pull with a value, an operator condition and a document condition', async () => {
        await things.updateOne({ _id: 'a' }, { $pull: { tags: 'x' } });
        await things.updateOne({ _id: 'a' }, { $pull: { list: { k: { $gte: 2 } } } });
        await things.updateOne({ _id: 'c' }, { $set: { nums: [1, 5, 7, 9] } });
        await things.updateOne({ _id: 'c' }, { $pull: { nums: { $in: [5, 9] } } });
        expect(await doc('a')).toMatchObject({ tags: ['y'], list: [{ k: 1 }] });
        expect((await doc('c'))!.nums).toEqual([1, 7]);
      });

      it('counts a match that changes nothing as not modified', async () => {
        expect(await things.updateOne({ _id: 'a' }, { $set: { n: 1 } })).toEqual({ matchedCount: 1, modifiedCount: 0 });
        expect(await things.updateOne({ _id: 'zz' }, { $set: { n: 1 } })).toEqual({ matchedCount: 0, modifiedCount: 0 });
      });

      it('updates only the first match with updateOne', async () => {
        expect(await things.updateOne({ group: 'g1' }, { $inc: { n: 100 } })).toEqual({ matchedCount: 1, modifiedCount: 1 });
        expect(await things.count({ n: { $gt: 100 } })).toBe(1);
      });

      it('updates every match with updateMany', async () => {
        expect(await things.updateMany({ group: 'g1' }, { $inc: { n: 10 }, $set: { seen: true } })).toEqual({
          matchedCount: 2,
          modifiedCount: 2,
        });
        expect(sortedIds(await things.find({ seen: true, n: { $gt: 10 } }))).toEqual(['a', 'b']);
        expect(await things.updateMany({ group: 'none' }, { $set: { seen: true } })).toEqual({ matchedCount: 0, modifiedCount: 0 });
      });

      it('upserts from the filter equalities when nothing matches', async () => {
        const result = await things.updateOne(
          { _id: 'new', group: 'g3', n: { $gt: 0 } },
          { $set: { v: 1 }, $inc: { count: 1 } },
          { upsert: true },
        );
        expect(result).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'new' });
        expect(await doc('new')).toEqual({ _id: 'new', group: 'g3', v: 1, count: 1 });
        expect(await things.updateOne({ _id: 'new' }, { $inc: { count: 1 } }, { upsert: true })).toEqual({
          matchedCount: 1,
          modifiedCount: 1,
        });
        expect((await doc('new'))!.count).toBe(2);
      });

      it('gives an upserted document without an _id in the filter a string _id', async () => {
        const result = await things.updateOne({ group: 'g9' }, { $set: { v: 1 } }, { upsert: true });
        expect(typeof result.upsertedId).toBe('string');
        expect(await things.findOne({ _id: result.upsertedId })).toEqual({ _id: result.upsertedId, group: 'g9', v: 1 });
      });

      it('replaces a document, keeping its _id', async () => {
        expect(await things.replaceOne({ _id: 'a' }, { _id: 'a', only: true })).toEqual({ matchedCount: 1, modifiedCount: 1 });
        expect(await doc('a')).toEqual({ _id: 'a', only: true });
      });

      it('replaces by _id as MongoDB does: unchanged, without _id in the replacement, no match, another _id', async () => {
        await things.replaceOne({ _id: 'k' }, { _id: 'k', v: 1, tags: ['x'] }, { upsert: true });
        expect(await things.replaceOne({ _id: 'k' }, { _id: 'k', v: 1, tags: ['x'] })).toEqual({ matchedCount: 1, modifiedCount: 0 });
        expect(await things.replaceOne({ _id: 'k' }, { v: 2 } as never)).toEqual({ matchedCount: 1, modifiedCount: 1 });
        expect(await doc('k')).toEqual({ _id: 'k', v: 2 });
        expect(await things.replaceOne({ _id: 'nothing-here' }, { _id: 'nothing-here', v: 3 })).toEqual({
          matchedCount: 0,
          modifiedCount: 0,
        });
        expect(await doc('nothing-here')).toBeNull();
        await expect(things.replaceOne({ _id: 'k' }, { _id: 'other', v: 4 })).rejects.toThrow();
        await expect(things.bulkWrite([{ replaceOne: { filter: { _id: 'k' }, replacement: { _id: 'other', v: 4 } } }])).rejects.toThrow();
        expect(await doc('k')).toEqual({ _id: 'k', v: 2 });
      });

      it('upserts with replaceOne', async () => {
        const result = await things.replaceOne({ _id: 'r' }, { _id: 'r', v: 2 }, { upsert: true });
        expect(result).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'r' });
        expect(await doc('r')).toEqual({ _id: 'r', v: 2 });
      });

      it('rejects an unknown update operator and changing _id', async () => {
        await expect(things.updateOne({ _id: 'a' }, { $bogus: { n: 1 } } as never)).rejects.toThrow();
        await expect(things.updateOne({ _id: 'a' }, { $set: { _id: 'other' } })).rejects.toThrow();
        expect(await doc('a')).toMatchObject({ _id: 'a', n: 1 });
      });

      it('deletes one match, many matches, or everything', async () => {
        expect(await things.deleteOne({ group: 'g1' })).toEqual({ deletedCount: 1 });
        expect(await things.count({ group: 'g1' })).toBe(1);
        expect(await things.deleteOne({ _id: 'none' })).toEqual({ deletedCount: 0 });
        await things.insertMany([{ _id: 'd', group: 'g2' }]);
        expect(await things.deleteMany({ group: 'g2' })).toEqual({ deletedCount: 2 });
        expect(await things.deleteMany({ tags: { $size: 5 } })).toEqual({ deletedCount: 0 });
        expect(await things.deleteMany()).toEqual({ deletedCount: 1 });
        expect(await things.count()).toBe(0);
      });
    });

    describe('when writing in bulk', () => {
      it('applies the operations in order and counts them', async () => {
        const things = store.collection(uniqueName());
        await things.insertOne({ _id: 'old', n: 0 });
        const result = await things.bulkWrite([
          { insertOne: { document: { _id: 'a', n: 1 } } },
          { insertOne: { document: { _id: 'b', n: 2 } } },
          { updateOne: { filter: { _id: 'a' }, update: { $set: { touched: true } } } },
          { updateMany: { filter: { n: { $gte: 1 } }, update: { $inc: { n: 10 } } } },
          { replaceOne: { filter: { _id: 'b' }, replacement: { _id: 'b', replaced: true } } },
          { updateOne: { filter: { _id: 'up' }, update: { $set: { n: 7 } }, upsert: true } },
          { deleteOne: { filter: { _id: 'old' } } },
          { deleteMany: { filter: { _id: 'missing' } } },
        ]);
        expect(result).toEqual({ insertedCount: 2, matchedCount: 4, modifiedCount: 4, deletedCount: 1, upsertedCount: 1 });
        expect(await things.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', n: 11, touched: true },
          { _id: 'b', replaced: true },
          { _id: 'up', n: 7 },
        ]);
      });

      it('throws DuplicateKeyError for a duplicate insert', async () => {
        const things = store.collection(uniqueName());
        await things.insertOne({ _id: 'a' });
        await expect(things.bulkWrite([{ insertOne: { document: { _id: 'a' } } }])).rejects.toBeInstanceOf(DuplicateKeyError);
      });
    });

    describe('with a unique index', () => {
      let users: Collection;
      let collectionName: string;

      beforeEach(async () => {
        collectionName = uniqueName('users');
        users = store.collection(collectionName);
        await users.createIndex({ keys: { email: 1 }, unique: true });
        await users.insertMany([
          { _id: 'u1', email: 'a@x.nl' },
          { _id: 'u2', email: 'b@x.nl' },
        ]);
      });

      it('throws DuplicateKeyError for an insert with a taken key', async () => {
        const error = await users.insertOne({ _id: 'u3', email: 'a@x.nl' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).collection).toBe(collectionName);
        expect(await users.count()).toBe(2);
      });

      it('throws DuplicateKeyError for an update or upsert to a taken key', async () => {
        await expect(users.updateOne({ _id: 'u2' }, { $set: { email: 'a@x.nl' } })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(users.updateOne({ _id: 'u9' }, { $set: { email: 'b@x.nl' } }, { upsert: true })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await expect(users.replaceOne({ _id: 'u1' }, { _id: 'u1', email: 'b@x.nl' })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect((await users.findOne({ _id: 'u2' }))!.email).toBe('b@x.nl');
        expect(await users.count()).toBe(2);
      });

      it('counts a missing key as null, so only one document may lack it', async () => {
        await users.insertOne({ _id: 'u3' });
        await expect(users.insertOne({ _id: 'u4' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(users.insertOne({ _id: 'u5', email: null })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('accepts the same createIndex again and keeps enforcing it', async () => {
        await users.createIndex({ keys: { email: 1 }, unique: true });
        await expect(users.insertOne({ _id: 'u3', email: 'a@x.nl' })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('allows a key freed by a delete or an update', async () => {
        await users.deleteOne({ _id: 'u1' });
        await users.updateOne({ _id: 'u2' }, { $set: { email: 'c@x.nl' } });
        await users.insertMany([
          { _id: 'u3', email: 'a@x.nl' },
          { _id: 'u4', email: 'b@x.nl' },
        ]);
        expect(await users.count()).toBe(3);
      });
    });

    describe('with indexes', () => {
      it('enforces a compound unique index on the combination', async () => {
        const cells = store.collection(uniqueName());
        await cells.createIndex({ keys: { table: 1, row: 1 }, unique: true, name: 'cell' });
        await cells.insertMany([
          { _id: '1', table: 't1', row: 1 },
          { _id: '2', table: 't1', row: 2 },
          { _id: '3', table: 't2', row: 1 },
        ]);
        await expect(cells.insertOne({ _id: '4', table: 't1', row: 2 })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('refuses a unique index over existing duplicates', async () => {
        const things = store.collection(uniqueName());
        await things.insertMany([
          { _id: '1', k: 'same' },
          { _id: '2', k: 'same' },
        ]);
        await expect(things.createIndex({ keys: { k: 1 }, unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
        await things.insertOne({ _id: '3', k: 'same' });
        expect(await things.count({ k: 'same' })).toBe(3);
      });

      it('lets a plain index hold duplicates', async () => {
        const things = store.collection(uniqueName());
        await things.createIndex({ keys: { k: 1 } });
        await things.createIndex({ keys: { k: 1 } });
        await things.insertMany([
          { _id: '1', k: 'same' },
          { _id: '2', k: 'same' },
        ]);
        expect(await things.count({ k: 'same' })).toBe(2);
      });

      it('keeps answering correctly when an indexed field starts holding arrays', async () => {
        const things = store.collection(uniqueName());
        await things.createIndex({ keys: { k: 1 } });
        await things.insertMany([
          { _id: '1', k: 'x' },
          { _id: '2', k: ['w', 'x'] },
          { _id: '3', k: { nested: 'x' } },
          { _id: '4', k: true },
          { _id: '5', k: 1 },
        ]);
        expect(sortedIds(await things.find({ k: 'x' }))).toEqual(['1', '2']);
        expect(sortedIds(await things.find({ k: 1 }))).toEqual(['5']);
        expect(sortedIds(await things.find({ k: true }))).toEqual(['4']);
        expect(ids(await things.find({}, { sort: { k: 1 } }))).toEqual(['5', '2', '1', '3', '4']);
        expect(await things.count({ k: { $gte: 'x' } })).toBe(2);
      });
    });

    describe('when managing collections', () => {
      it('lists collections that hold documents or indexes, and forgets dropped ones', async () => {
        const [a, b, c] = [uniqueName('a'), uniqueName('b'), uniqueName('c')];
        await store.collection(a).insertOne({ _id: '1' });
        await store.collection(b).createIndex({ keys: { k: 1 } });
        let names = await store.listCollections();
        expect(names).toEqual(expect.arrayContaining([a, b]));
        expect(names).not.toContain(c);
        await store.collection(a).drop();
        await store.collection(c).drop();
        names = await store.listCollections();
        expect(names).not.toContain(a);
        expect(await store.collection(a).count()).toBe(0);
      });

      it('renames a collection over another, replacing its documents and indexes', async () => {
        const [live, rebuilt] = [uniqueName('live'), uniqueName('rebuilt')];
        await store.collection(live).createIndex({ keys: { k: 1 }, unique: true });
        await store.collection(live).insertMany([{ _id: 'old1', k: 1 }]);
        await store.collection(rebuilt).createIndex({ keys: { slug: 1 }, unique: true });
        await store.collection(rebuilt).insertMany([
          { _id: 'new1', k: 1, slug: 'a' },
          { _id: 'new2', k: 1, slug: 'b' },
        ]);
        await store.renameCollection(rebuilt, live);
        expect(sortedIds(await store.collection(live).find())).toEqual(['new1', 'new2']);
        const names = await store.listCollections();
        expect(names).toContain(live);
        expect(names).not.toContain(rebuilt);
        expect(await store.collection(rebuilt).count()).toBe(0);
        await store.collection(live).insertOne({ _id: 'new3', k: 1, slug: 'c' });
        await expect(store.collection(live).insertOne({ _id: 'new4', slug: 'a' })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('renames to a free name', async () => {
        const [from, to] = [uniqueName('from'), uniqueName('to')];
        await store.collection(from).insertOne({ _id: '1' });
        await store.renameCollection(from, to);
        expect(await store.collection(to).count()).toBe(1);
        expect(await store.collection(from).count()).toBe(0);
      });

      it('refuses to rename a collection that does not exist', async () => {
        await expect(store.renameCollection(uniqueName('missing'), uniqueName('to'))).rejects.toThrow();
      });
    });

    describe('when reopened', () => {
      it('keeps documents, collections and unique indexes', async (test) => {
        if (!context.reopen) {
          test.skip();
          return;
        }
        const collectionName = uniqueName('kept');
        const kept = store.collection(collectionName);
        await kept.createIndex({ keys: { email: 1 }, unique: true });
        await kept.createIndex({ keys: { group: 1, n: -1 } });
        await kept.insertMany([
          { _id: '1', email: 'a', group: 'g', n: 1, tags: ['t'] },
          { _id: '2', email: 'b', group: 'g', n: 2, flag: true },
        ]);
        store = await context.reopen();
        const reopened = store.collection(collectionName);
        expect(await store.listCollections()).toContain(collectionName);
        expect(await reopened.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: '1', email: 'a', group: 'g', n: 1, tags: ['t'] },
          { _id: '2', email: 'b', group: 'g', n: 2, flag: true },
        ]);
        expect(ids(await reopened.find({ group: 'g' }, { sort: { n: -1 }, limit: 1 }))).toEqual(['2']);
        expect(sortedIds(await reopened.find({ tags: 't' }))).toEqual(['1']);
        await expect(reopened.insertOne({ _id: '3', email: 'a' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await reopened.createIndex({ keys: { email: 1 }, unique: true });
      });
    });
  });
};
