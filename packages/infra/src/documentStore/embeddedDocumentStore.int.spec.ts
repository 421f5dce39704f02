import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documents, filter, sort } from './documentStore.arbitraries';
import { describeDocumentStoreContract } from './documentStore.contract';
import { DuplicateKeyError, type DocumentStore } from './documentStore';
import { tempStoreFile } from './tempStoreFile';
import { createEmbeddedDocumentStore, type EmbeddedDocumentStore } from './embeddedDocumentStore';
import { compileFilter } from './query/matches';
import { sortDocuments } from './query/sort';

describeDocumentStoreContract('EmbeddedDocumentStore', async () => {
  const { file, remove } = tempStoreFile();
  let store: DocumentStore = createEmbeddedDocumentStore({ file });
  return {
    store,
    reopen: async () => {
      await store.close();
      store = createEmbeddedDocumentStore({ file });
      return store;
    },
    cleanup: async () => {
      await store.close();
      remove();
    },
  };
});

describe('EmbeddedDocumentStore', () => {
  let temp: ReturnType<typeof tempStoreFile>;
  let store: EmbeddedDocumentStore;

  beforeEach(() => {
    temp = tempStoreFile();
    store = createEmbeddedDocumentStore({ file: temp.file });
  });

  afterEach(async () => {
    await store.close();
    temp.remove();
  });

  const seedTasks = async (count: number) => {
    const tasks = store.collection('tasks');
    await tasks.createIndex({ keys: { projectId: 1 } });
    await tasks.createIndex({ keys: { projectId: 1, dueAt: -1 } });
    await tasks.createIndex({ keys: { number: 1 }, unique: true });
    await tasks.insertMany(
      Array.from({ length: count }, (_, i) => ({
        _id: `t${i}`,
        projectId: `p${i % 10}`,
        number: i,
        dueAt: new Date(Date.UTC(2024, 0, 1 + (i % 365))).toISOString(),
        status: i % 3 === 0 ? 'open' : 'closed',
        labels: i % 2 === 0 ? ['a'] : [],
      })),
    );
    return tasks;
  };

  describe('when a find filters on an indexed field', () => {
    it('has SQLite search the index instead of scanning the table', async () => {
      await seedTasks(200);
      const plan = (await store.explainFind('tasks', { projectId: 'p3' })).join('\n');
      expect(plan).toMatch(/SEARCH .* USING INDEX ix_\d+/);
      expect(plan).not.toMatch(/SCAN/);
      expect(await store.collection('tasks').count({ projectId: 'p3' })).toBe(20);
    });

    it('uses the index for $in and ranges too', async () => {
      await seedTasks(200);
      expect((await store.explainFind('tasks', { number: { $in: [1, 2, 3] } })).join('\n')).toMatch(/SEARCH .* USING INDEX/);
      expect((await store.explainFind('tasks', { number: { $gte: 10, $lt: 20 } })).join('\n')).toMatch(/SEARCH .* USING INDEX/);
      expect(await store.collection('tasks').count({ number: { $gte: 10, $lt: 20 } })).toBe(10);
    });

    it('scans when the field is not indexed', async () => {
      await seedTasks(50);
      expect((await store.explainFind('tasks', { status: 'open' })).join('\n')).toMatch(/SCAN/);
    });
  });

  describe('when a find sorts and limits on indexed fields', () => {
    it('reads the index in order, without a temporary sort', async () => {
      await seedTasks(200);
      const options = { sort: { dueAt: -1 as const }, limit: 5 };
      const plan = (await store.explainFind('tasks', { projectId: 'p3' }, options)).join('\n');
      // the page's rows are picked from the index alone; only their documents are read from the table
      expect(plan).toMatch(/SEARCH .* USING COVERING INDEX/);
      expect(plan).toMatch(/USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
      const found = await store.collection('tasks').find({ projectId: 'p3' }, options);
      const expected = Array.from({ length: 20 }, (_, k) => 10 * k + 3)
        .map((i) => ({ id: `t${i}`, dueAt: new Date(Date.UTC(2024, 0, 1 + (i % 365))).toISOString() }))
        .sort((a, b) => (a.dueAt < b.dueAt ? 1 : -1))
        .slice(0, 5)
        .map((task) => task.id);
      expect(found.map((task) => task._id)).toEqual(expected);
    });

    it('answers first pages of every size as the whole sorted answer cut (limits up to 16 are written into the SQL)', async () => {
      const tasks = await seedTasks(60);
      const whole = (await tasks.find({ projectId: { $in: ['p1', 'p2', 'p3'] } }, { sort: { dueAt: -1, number: 1 } })).map((t) => t._id);
      expect(whole).toHaveLength(18);
      for (const limit of [1, 2, 15, 16, 17, 18, 30])
        for (const skip of [0, 1]) {
          const found = await tasks.find({ projectId: { $in: ['p1', 'p2', 'p3'] } }, { sort: { dueAt: -1, number: 1 }, limit, skip });
          expect(found.map((t) => t._id)).toEqual(whole.slice(skip, skip + limit));
        }
    });

    it('sorts in JavaScript when the sort field may hold arrays', async () => {
      await seedTasks(20);
      const plan = (await store.explainFind('tasks', {}, { sort: { labels: 1 } })).join('\n');
      expect(plan).not.toMatch(/ORDER BY|TEMP B-TREE/);
      const found = await store.collection('tasks').find({}, { sort: { labels: 1, number: 1 }, limit: 3 });
      expect(found.map((task) => task._id)).toEqual(['t1', 't3', 't5']);
    });
  });

  describe('when a bulk write fails part way', () => {
    it('applies none of its operations', async () => {
      const things = store.collection('things');
      await things.insertOne({ _id: 'a', n: 1 });
      await expect(
        things.bulkWrite([
          { insertOne: { document: { _id: 'b', n: 2 } } },
          { updateOne: { filter: { _id: 'a' }, update: { $inc: { n: 10 } } } },
          { insertOne: { document: { _id: 'a', n: 3 } } },
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await things.find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'a', n: 1 }]);
    });

    it('rolls back an insertMany whole', async () => {
      const things = store.collection('things');
      await things.insertOne({ _id: 'b' });
      await expect(things.insertMany([{ _id: 'a' }, { _id: 'b' }])).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await things.count()).toBe(1);
    });
  });

  describe('when a path starts holding arrays after documents were indexed as scalars', () => {
    it('stops translating it to SQL, also after a restart', async () => {
      const things = store.collection('things');
      await things.createIndex({ keys: { k: 1 } });
      await things.insertMany([
        { _id: '1', k: 'x' },
        { _id: '2', k: 'y' },
      ]);
      expect((await store.explainFind('things', { k: 'x' })).join('\n')).toMatch(/USING INDEX/);
      await things.updateOne({ _id: '2' }, { $set: { k: ['x', 'z'] } });
      expect((await store.explainFind('things', { k: 'x' })).join('\n')).not.toMatch(/USING INDEX/);
      expect((await things.find({ k: 'x' })).map((thing) => thing._id).sort()).toEqual(['1', '2']);
      await store.close();
      store = createEmbeddedDocumentStore({ file: temp.file });
      expect((await store.collection('things').find({ k: 'x' })).map((thing) => thing._id).sort()).toEqual(['1', '2']);
    });
  });

  describe('when another connection writes to the same file', () => {
    it('sees its collections, documents and indexes', async () => {
      const other = createEmbeddedDocumentStore({ file: temp.file });
      try {
        await store.collection('shared').insertOne({ _id: 'mine', k: 1 });
        await other.collection('shared').createIndex({ keys: { k: 1 }, unique: true });
        await other.collection('shared').insertOne({ _id: 'theirs', k: ['a'] });
        await other.renameCollection('shared', 'renamed');
        expect(await store.listCollections()).toEqual(['renamed']);
        expect((await store.collection('renamed').find({ k: 'a' })).map((doc) => doc._id)).toEqual(['theirs']);
        await expect(store.collection('renamed').insertOne({ _id: 'dup', k: 1 })).rejects.toBeInstanceOf(DuplicateKeyError);
      } finally {
        await other.close();
      }
    });
  });

  describe('when another process writes to the same file', () => {
    it('sees its commits from the next turn of the event loop on', async () => {
      await store.collection('mine').insertOne({ _id: 'm' });
      expect(await store.listCollections()).toEqual(['mine']);
      const stamp = store.collectionStamp('mine');
      const module = fileURLToPath(new URL('./embeddedDocumentStore.ts', import.meta.url));
      const script = `
        const { createEmbeddedDocumentStore } = await import(${JSON.stringify(module)});
        const store = createEmbeddedDocumentStore({ file: ${JSON.stringify(temp.file)} });
        await store.collection('theirs').createIndex({ keys: { k: 1 }, unique: true });
        await store.collection('theirs').insertOne({ _id: 't', k: 1 });
        await store.close();`;
      await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
      expect(await store.listCollections()).toEqual(['mine', 'theirs']);
      expect(await store.collection('theirs').find({ k: 1 })).toEqual([{ _id: 't', k: 1 }]);
      await expect(store.collection('theirs').insertOne({ _id: 'dup', k: 1 })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(store.collectionStamp('mine')).not.toBe(stamp);
    });
  });

  describe("when a caller keeps what it read while a collection's stamp stays", () => {
    it('gets a new stamp after each write to the collection, failed, renamed or dropped, and not after reads or other collections', async () => {
      const things = store.collection('things');
      const other = store.collection('other');
      const seen = new Set<number>();
      const stamp = (name = 'things'): number => store.collectionStamp(name)!;
      const fresh = (): number => {
        const value = stamp();
        expect(seen.has(value)).toBe(false);
        seen.add(value);
        return value;
      };
      fresh();
      await things.insertOne({ _id: 'a', n: 1 });
      const afterInsert = fresh();
      await things.find({ n: 1 });
      await things.findOne({ _id: 'a' });
      await things.count();
      await other.insertOne({ _id: 'x' });
      await other.updateOne({ _id: 'x' }, { $set: { n: 2 } });
      expect(stamp()).toBe(afterInsert);
      await things.updateOne({ _id: 'a' }, { $set: { n: 2 } });
      fresh();
      await things.updateOne({ _id: 'nobody' }, { $set: { n: 2 } });
      fresh();
      await things.replaceOne({ _id: 'a' }, { _id: 'a', n: 3 });
      fresh();
      await things.bulkWrite([{ updateOne: { filter: { _id: 'a' }, update: { $inc: { n: 1 } } } }]);
      fresh();
      await expect(things.insertOne({ _id: 'a' })).rejects.toBeInstanceOf(DuplicateKeyError);
      fresh();
      await things.createIndex({ keys: { n: 1 } });
      fresh();
      await things.deleteOne({ _id: 'a' });
      fresh();
      await things.insertMany([{ _id: 'b' }, { _id: 'c' }]);
      fresh();
      await things.deleteMany({});
      fresh();
      await store.renameCollection('other', 'things');
      fresh();
      await store.collection('things').drop();
      fresh();
    });

    it("gets a new stamp after another connection's commit, whatever it wrote", async () => {
      const connection = createEmbeddedDocumentStore({ file: temp.file });
      try {
        await store.collection('things').insertOne({ _id: 'a' });
        const before = store.collectionStamp('things');
        expect(store.collectionStamp('things')).toBe(before);
        await connection.collection('unrelated').insertOne({ _id: 'x' });
        const afterOther = store.collectionStamp('things');
        expect(afterOther).not.toBe(before);
        expect(store.collectionStamp('things')).toBe(afterOther);
        await connection.collection('things').updateOne({ _id: 'a' }, { $set: { n: 1 } });
        expect(store.collectionStamp('things')).not.toBe(afterOther);
        expect(await store.collection('things').findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1 });
      } finally {
        await connection.close();
      }
    });
  });

  describe('when compared with the query engine on random documents, filters and sorts', () => {
    it('finds, pages, counts, updates and deletes what the engine matches, with and without indexes', async () => {
      const ids = (docs: Array<{ _id: string }>) => docs.map((doc) => doc._id);
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          documents,
          filter,
          fc.option(sort, { nil: undefined }),
          fc.nat(3),
          fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
          fc.subarray(['a', 'b', 'c', 'd', 'a.b']),
          async (docs, query, sortSpec, skip, limit, indexed) => {
            const things = store.collection(`random${run++}`);
            for (const path of indexed) await things.createIndex({ keys: { [path]: 1 } });
            await things.insertMany(docs);
            const predicate = compileFilter(query);
            const matching = docs.filter((doc) => predicate(doc));
            const end = limit === undefined ? undefined : skip + limit;
            if (sortSpec) {
              const total = { ...sortSpec, _id: 1 as const };
              expect(ids(await things.find(query, { sort: total, skip, limit }))).toEqual(
                ids(sortDocuments(matching, total).slice(skip, end)),
              );
            } else {
              const found = await things.find(query, { skip, limit });
              expect(found).toHaveLength(matching.slice(skip, end).length);
              expect(ids(matching)).toEqual(expect.arrayContaining(ids(found)));
            }
            expect(await things.count(query)).toBe(matching.length);
            expect(await things.updateMany(query, { $set: { touched: true } })).toMatchObject({ matchedCount: matching.length });
            expect(await things.count({ touched: true })).toBe(matching.length);
            expect(await things.deleteMany(query)).toEqual({ deletedCount: matching.length });
            expect(await things.count()).toBe(docs.length - matching.length);
            await things.drop();
          },
        ),
        { numRuns: 150 },
      );
    });
  });

  describe('when a document has no string _id', () => {
    it('refuses it', async () => {
      await expect(store.collection('things').insertOne({ _id: 5 } as never)).rejects.toThrow(/string _id/);
    });
  });
});
