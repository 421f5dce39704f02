import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anyDocument, anyScalar, anyValue } from './documentStore.arbitraries';
import { DuplicateKeyError, type BulkOperation, type Doc, type IndexSpec } from './documentStore';
import { tempStoreFile } from './tempStoreFile';
import { createEmbeddedDocumentStore, type EmbeddedDocumentStore } from './embeddedDocumentStore';
import { ShapeSummary } from './sqlite/shape';
import { jsonPathLiteral } from './sqlite/translate';

/**
 * The embedded store keeps every indexed path's value in a column of its own (`f_<id>`), indexes those columns, and
 * must keep each equal to json_extract(doc, path) through every write; files written with expression indexes are
 * migrated on open.
 */

/** every field column's disagreements with json_extract(doc, path) (value or SQL type), and indexes still on expressions */
const inconsistencies = (file: string): string[] => {
  const db = new Database(file, { readonly: true });
  try {
    const problems: string[] = [];
    const fields = db.prepare('SELECT id, collection_id, path FROM stramien_fields').all() as Array<{
      id: number;
      collection_id: number;
      path: string;
    }>;
    for (const field of fields) {
      const column = `f_${field.id}`;
      const expression = `json_extract(doc, ${jsonPathLiteral(field.path)!})`;
      const bad = db
        .prepare(
          `SELECT _id, ${column} AS stored, ${expression} AS extracted FROM c_${field.collection_id}` +
            ` WHERE NOT (${column} IS ${expression}) OR typeof(${column}) <> typeof(${expression})`,
        )
        .all() as Array<{ _id: string; stored: unknown; extracted: unknown }>;
      for (const row of bad)
        problems.push(
          `c_${field.collection_id}.${column} (${field.path}) of ${row._id}: ${String(row.stored)} vs ${String(row.extracted)}`,
        );
    }
    const indexes = db.prepare('SELECT collection_id, keys FROM stramien_indexes').all() as Array<{ collection_id: number; keys: string }>;
    for (const index of indexes)
      for (const [path] of JSON.parse(index.keys) as Array<[string, number]>)
        if (path !== '_id' && !fields.some((field) => field.collection_id === index.collection_id && field.path === path))
          problems.push(`no column for ${path} of c_${index.collection_id}`);
    const expressionIndexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '%json_extract%'`).pluck().all();
    for (const name of expressionIndexes) problems.push(`expression index ${String(name)}`);
    return problems;
  } finally {
    db.close();
  }
};

describe('EmbeddedDocumentStore indexed paths in columns of their own', () => {
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

  const seed = async () => {
    const tasks = store.collection('tasks');
    await tasks.createIndex({ keys: { projectId: 1, due: -1 } });
    await tasks.createIndex({ keys: { assignee: 1 } });
    await tasks.createIndex({ keys: { number: 1 }, unique: true });
    await tasks.insertMany(
      Array.from({ length: 300 }, (_, i) => ({
        _id: `t${i}`,
        projectId: `p${i % 10}`,
        due: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
        assignee: i % 4 === 0 ? null : `u${i % 7}`,
        number: i,
      })),
    );
    return tasks;
  };

  describe('when a find filters or sorts on an indexed path', () => {
    it('searches the index built on the path’s column', async () => {
      await seed();
      const filter = (await store.explainFind('tasks', { assignee: 'u3' })).join('\n');
      expect(filter).toMatch(/SEARCH .* USING INDEX ix_\d+ \(f_\d+=\?\)/);
      expect(filter).not.toMatch(/SCAN/);
      const range = (await store.explainFind('tasks', { number: { $gte: 10, $lt: 20 } })).join('\n');
      expect(range).toMatch(/SEARCH .* USING INDEX ix_\d+ \(f_\d+>\? AND f_\d+<\?\)/);
    });

    it('reads a sort on it from the index, without a temporary sort', async () => {
      const tasks = await seed();
      const sorted = (await store.explainFind('tasks', {}, { sort: { number: -1 }, limit: 5 })).join('\n');
      expect(sorted).toMatch(/SCAN .* USING (COVERING )?INDEX ix_\d+/);
      expect(sorted).not.toMatch(/TEMP B-TREE/);
      const page = (await store.explainFind('tasks', { projectId: 'p3' }, { sort: { due: -1 }, limit: 5 })).join('\n');
      expect(page).toMatch(/SEARCH .* USING COVERING INDEX ix_\d+ \(f_\d+=\?\)/);
      expect(page).not.toMatch(/TEMP B-TREE/);
      expect((await tasks.find({}, { sort: { number: -1 }, limit: 3 })).map((task) => task._id)).toEqual(['t299', 't298', 't297']);
    });
  });

  describe('when documents change', () => {
    it('sets only the columns whose values changed, and keeps every column equal to json_extract', async () => {
      const tasks = await seed();
      const rowOf = (id: string) => {
        const db = new Database(temp.file, { readonly: true });
        try {
          return db.prepare('SELECT * FROM c_1 WHERE _id = ?').get(id) as Record<string, unknown>;
        } finally {
          db.close();
        }
      };
      await tasks.replaceOne({ _id: 't5' }, { _id: 't5', projectId: 'p5', due: '2026-01-06', assignee: 'u5', number: 5, title: 'changed' });
      await tasks.replaceOne({ _id: 't5' }, { _id: 't5', projectId: ['p5', 'p6'], due: { at: 1 }, assignee: true, number: 5.5 });
      const row = rowOf('t5');
      expect(
        Object.values(row).filter((value) => value === '["p5","p6"]' || value === '{"at":1}' || value === 1 || value === 5.5),
      ).toHaveLength(4);
      await tasks.updateOne({ _id: 't6' }, { $unset: { assignee: '' }, $set: { due: null } });
      await tasks.updateMany({ projectId: 'p7' }, { $inc: { number: 1000 } });
      expect(inconsistencies(temp.file)).toEqual([]);
      expect(await tasks.count({ number: { $gte: 1000 } })).toBe(30);
      expect((await tasks.findOne({ assignee: true }))?._id).toBe('t5');
    });

    it('reports a unique column index’s duplicate with the index’s name and key, and keeps MongoDB’s null duplicates', async () => {
      const people = store.collection('people');
      await people.createIndex({ keys: { 'name.last': 1, 'name.first': 1 }, unique: true, name: 'by_name' });
      await people.insertOne({ _id: 'a', name: { first: 'Ada', last: 'Lovelace' } });
      const duplicate = await people.insertOne({ _id: 'b', name: { first: 'Ada', last: 'Lovelace' } }).catch((error: unknown) => error);
      expect(duplicate).toBeInstanceOf(DuplicateKeyError);
      expect((duplicate as Error).message).toContain('index by_name dup key: {"name.last":"Lovelace","name.first":"Ada"}');
      await people.insertOne({ _id: 'c', name: { last: 'Hopper' } });
      await expect(people.replaceOne({ _id: 'a' }, { _id: 'a', name: { last: 'Hopper' } })).rejects.toThrow(
        'index by_name dup key: {"name.last":"Hopper","name.first":null}',
      );
      expect(inconsistencies(temp.file)).toEqual([]);
    });
  });

  describe('when another store on the same file creates an index', () => {
    it('writes the new column from its next write on', async () => {
      const other = createEmbeddedDocumentStore({ file: temp.file });
      try {
        await store.collection('things').insertOne({ _id: 'a', k: 'x' });
        expect(await other.collection('things').count()).toBe(1);
        await store.collection('things').createIndex({ keys: { k: 1 } });
        await other.collection('things').insertOne({ _id: 'b', k: 'y' });
        await other.collection('things').replaceOne({ _id: 'a' }, { _id: 'a', k: 'z' });
        expect(inconsistencies(temp.file)).toEqual([]);
        expect((await other.explainFind('things', { k: 'y' })).join('\n')).toMatch(/USING INDEX ix_\d+ \(f_\d+=\?\)/);
        expect((await store.collection('things').find({ k: 'z' })).map((thing) => thing._id)).toEqual(['a']);
      } finally {
        await other.close();
      }
    });
  });

  describe('when random writes run on indexed collections', () => {
    const id = fc.constantFrom('d0', 'd1', 'd2', 'd3', 'd4', 'd5');
    const name = fc.constantFrom('x', 'y');
    const filter = fc.oneof(
      id.map((value) => ({ _id: value })),
      anyScalar.map((value) => ({ c: value })),
      anyScalar.map((value) => ({ a: value })),
      fc.constant({}),
    );
    const update = fc.oneof(
      fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'a.b', 'e'), anyValue).map(([path, value]) => ({ $set: { [path]: value } })),
      fc.constantFrom('a', 'b', 'c', 'a.b').map((path) => ({ $unset: { [path]: '' } })),
      fc.constantFrom('c', 'd').map((path) => ({ $inc: { [path]: 1 } })),
    );
    const withId = fc.tuple(id, anyDocument).map(([value, document]): Doc => ({ ...document, _id: value }));
    const bulkOperation: fc.Arbitrary<BulkOperation<Doc>> = fc.oneof(
      withId.map((document) => ({ insertOne: { document } })),
      fc.tuple(filter, update, fc.boolean()).map(([f, u, upsert]) => ({ updateOne: { filter: f, update: u, upsert } })),
      fc.tuple(filter, update).map(([f, u]) => ({ updateMany: { filter: f, update: u } })),
      fc
        .tuple(filter, anyDocument, fc.boolean())
        .map(([f, replacement, upsert]) => ({ replaceOne: { filter: f, replacement: replacement as Doc, upsert } })),
      filter.map((f) => ({ deleteOne: { filter: f } })),
      filter.map((f) => ({ deleteMany: { filter: f } })),
    );
    const indexSpec: fc.Arbitrary<IndexSpec> = fc.constantFrom<IndexSpec>(
      { keys: { a: 1 } },
      { keys: { 'a.b': 1, d: -1 } },
      { keys: { b: 1, c: 1 } },
      { keys: { c: 1, _id: 1 }, unique: true },
      { keys: { d: 1 } },
      { keys: { 'b.b': -1, a: 1, c: 1 } },
    );
    type Operation = (target: EmbeddedDocumentStore) => Promise<unknown>;
    const operation: fc.Arbitrary<Operation> = fc.oneof(
      fc.tuple(name, fc.array(withId, { maxLength: 3 })).map(
        ([n, docs]): Operation =>
          (s) =>
            s.collection(n).insertMany(docs),
      ),
      fc.tuple(name, withId).map(
        ([n, document]): Operation =>
          (s) =>
            s.collection(n).insertOne(document),
      ),
      fc.tuple(name, filter, anyDocument, fc.boolean()).map(
        ([n, f, replacement, upsert]): Operation =>
          (s) =>
            s.collection(n).replaceOne(f, replacement as Doc, { upsert }),
      ),
      fc.tuple(name, filter, update, fc.boolean()).map(
        ([n, f, u, upsert]): Operation =>
          (s) =>
            s.collection(n).updateOne(f, u, { upsert }),
      ),
      fc.tuple(name, filter, update).map(
        ([n, f, u]): Operation =>
          (s) =>
            s.collection(n).updateMany(f, u),
      ),
      fc.tuple(name, filter).map(
        ([n, f]): Operation =>
          (s) =>
            s.collection(n).deleteOne(f),
      ),
      fc.tuple(name, filter).map(
        ([n, f]): Operation =>
          (s) =>
            s.collection(n).deleteMany(f),
      ),
      fc.tuple(name, fc.array(bulkOperation, { maxLength: 4 })).map(
        ([n, operations]): Operation =>
          (s) =>
            s.collection(n).bulkWrite(operations),
      ),
      fc.tuple(name, indexSpec).map(
        ([n, spec]): Operation =>
          (s) =>
            s.collection(n).createIndex(spec),
      ),
      name.map(
        (n): Operation =>
          (s) =>
            s.collection(n).drop(),
      ),
      fc.constantFrom(['x', 'y'], ['y', 'x']).map(
        ([from, to]): Operation =>
          (s) =>
            s.renameCollection(from!, to!),
      ),
    );

    it('keeps every indexed path’s column equal to json_extract(doc, path), in every row', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
          for (const n of ['x', 'y']) await store.collection(n).drop();
          for (const n of ['x', 'y']) {
            await store.collection(n).createIndex({ keys: { a: 1 } });
            await store.collection(n).createIndex({ keys: { b: 1, 'a.b': -1 } });
            await store.collection(n).insertMany([
              { _id: 'd0', a: 'x', b: { b: 1 } },
              { _id: 'd1', a: [1, 2], c: true },
            ]);
          }
          for (const run of operations) await run(store).catch(() => undefined);
          expect(inconsistencies(temp.file)).toEqual([]);
        }),
        { numRuns: 60 },
      );
    });
  });
});

/** what the store wrote before indexed paths had columns: catalog tables and json_extract expression indexes */
const OLD_SCHEMA = `
CREATE TABLE IF NOT EXISTS stramien_collections (
  id    INTEGER PRIMARY KEY AUTOINCREMENT,
  name  TEXT    NOT NULL UNIQUE,
  shape TEXT    NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS stramien_indexes (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  collection_id INTEGER NOT NULL,
  name          TEXT    NOT NULL,
  keys          TEXT    NOT NULL,
  is_unique     INTEGER NOT NULL,
  UNIQUE (collection_id, name)
);
`;

interface OldCollection {
  name: string;
  indexes: Array<{ name: string; keys: Array<[string, 1 | -1]>; unique: boolean }>;
  documents: Doc[];
}

/** builds a file as the store wrote it before this change (the same SQL) */
const buildOldFile = (file: string, collections: OldCollection[]): void => {
  const db = new Database(file);
  db.pragma('page_size = 16384');
  db.pragma('journal_mode = WAL');
  db.exec(OLD_SCHEMA);
  for (const collection of collections) {
    const shape = new ShapeSummary();
    for (const document of collection.documents) shape.observe(document);
    const id = Number(
      db.prepare('INSERT INTO stramien_collections (name, shape) VALUES (?, ?)').run(collection.name, shape.serialize()).lastInsertRowid,
    );
    db.exec(`CREATE TABLE c_${id} (_id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL)`);
    const insert = db.prepare(`INSERT INTO c_${id} (_id, doc) VALUES (?, jsonb(?))`);
    for (const document of collection.documents) insert.run(document._id, JSON.stringify(document));
    for (const index of collection.indexes) {
      const indexId = Number(
        db
          .prepare('INSERT INTO stramien_indexes (collection_id, name, keys, is_unique) VALUES (?, ?, ?, ?)')
          .run(id, index.name, JSON.stringify(index.keys), index.unique ? 1 : 0).lastInsertRowid,
      );
      const columns = index.keys
        .map(
          ([path, direction]) =>
            `${path === '_id' ? '_id' : `json_extract(doc, ${jsonPathLiteral(path)!})`} ${direction === 1 ? 'ASC' : 'DESC'}`,
        )
        .join(', ');
      db.exec(`CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ix_${indexId} ON c_${id} (${columns})`);
    }
  }
  db.close();
};

describe('EmbeddedDocumentStore creating an index on a filled collection', () => {
  const fieldsOf = (file: string): string[] => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare('SELECT path FROM stramien_fields ORDER BY id').pluck().all() as string[];
    } finally {
      db.close();
    }
  };

  it('keeps the new paths as expressions above the run-time limit, and gives them columns on an open below the other', async () => {
    const temp = tempStoreFile();
    const limits = { runTime: 50, atOpen: 150 };
    let store = createEmbeddedDocumentStore({ file: temp.file, columnFillLimits: limits });
    try {
      const things = store.collection('things');
      await things.createIndex({ keys: { n: 1 } });
      await things.insertMany(Array.from({ length: 100 }, (_, i) => ({ _id: `t${i}`, n: i, group: `g${i % 5}`, k: i % 3 })));
      // 100 documents > 50: `group` is indexed as an expression, `n` keeps its column
      await things.createIndex({ keys: { group: 1, n: 1 } });
      expect(fieldsOf(temp.file)).toEqual(['n']);
      const plan = (await store.explainFind('things', { group: 'g2' }, { sort: { n: 1 } })).join('\n');
      expect(plan).toMatch(/SEARCH .* USING INDEX ix_\d+ \(<expr>=\?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
      await things.updateOne({ _id: 't7' }, { $set: { group: 'g0', n: 1_000 } });
      expect((await things.find({ group: 'g0' }, { sort: { n: -1 }, limit: 2 })).map((t) => t._id)).toEqual(['t7', 't95']);
      await store.close();

      // 100 documents <= 150 on open: the expression index gets its column
      store = createEmbeddedDocumentStore({ file: temp.file, columnFillLimits: limits });
      expect(fieldsOf(temp.file)).toEqual(['n', 'group']);
      expect(inconsistencies(temp.file)).toEqual([]);
      expect((await store.collection('things').find({ group: 'g0' }, { sort: { n: -1 }, limit: 2 })).map((t) => t._id)).toEqual([
        't7',
        't95',
      ]);
      await store.close();

      // above both limits, an index created at run time stays an expression index on every open
      store = createEmbeddedDocumentStore({ file: temp.file, columnFillLimits: { runTime: 10, atOpen: 20 } });
      await store.collection('things').createIndex({ keys: { k: 1 } });
      await store.close();
      store = createEmbeddedDocumentStore({ file: temp.file, columnFillLimits: { runTime: 10, atOpen: 20 } });
      expect(fieldsOf(temp.file)).toEqual(['n', 'group']);
      expect(await store.collection('things').count({ k: 2 })).toBe(33);
      expect((await store.explainFind('things', { k: 2 })).join('\n')).toMatch(/USING (COVERING )?INDEX ix_\d+ \(<expr>=\?\)/);
    } finally {
      await store.close();
      temp.remove();
    }
  });
});

describe('EmbeddedDocumentStore opening a file with expression indexes', () => {
  let temp: ReturnType<typeof tempStoreFile>;

  beforeEach(() => {
    temp = tempStoreFile();
    buildOldFile(temp.file, [
      {
        name: 'users',
        indexes: [
          { name: 'email_1', keys: [['email', 1]], unique: true },
          { name: 'licences.id_1', keys: [['licences.id', 1]], unique: false },
        ],
        documents: Array.from({ length: 50 }, (_, i) => ({
          _id: `u${i}`,
          email: `u${i}@example.org`,
          licences: i % 2 === 0 ? { id: `l${i % 3}` } : [{ id: 'l9' }],
          active: i % 5 !== 0,
        })),
      },
      {
        name: 'tasks',
        indexes: [
          {
            name: 'projectId_1_number_-1',
            keys: [
              ['projectId', 1],
              ['number', -1],
            ],
            unique: false,
          },
          {
            name: 'number_1__id_1',
            keys: [
              ['number', 1],
              ['_id', 1],
            ],
            unique: true,
          },
        ],
        documents: Array.from({ length: 40 }, (_, i) => ({ _id: `t${i}`, projectId: `p${i % 4}`, number: i, tags: ['a'] })),
      },
      { name: 'plain', indexes: [], documents: [{ _id: 'p', v: 1 }] },
    ]);
  });

  afterEach(() => temp.remove());

  it('adds and fills the columns, rebuilds the indexes on them, and answers as before', async () => {
    // a connection open on the file from before sees the new schema too (the export's reader threads)
    const reader = new Database(temp.file, { readonly: true });
    const store = createEmbeddedDocumentStore({ file: temp.file });
    try {
      expect(inconsistencies(temp.file)).toEqual([]);
      const users = store.collection('users');
      expect((await users.findOne({ email: 'u7@example.org' }))?._id).toBe('u7');
      expect((await store.explainFind('users', { email: 'u7@example.org' })).join('\n')).toMatch(/USING INDEX ix_\d+ \(f_\d+=\?\)/);
      expect((await users.find({ 'licences.id': 'l1' })).map((user) => user._id).sort()).toEqual([
        'u10',
        'u16',
        'u22',
        'u28',
        'u34',
        'u4',
        'u40',
        'u46',
      ]);
      await expect(users.insertOne({ _id: 'x', email: 'u3@example.org' })).rejects.toThrow(
        'index email_1 dup key: {"email":"u3@example.org"}',
      );
      const tasks = store.collection('tasks');
      expect((await tasks.find({ projectId: 'p1' }, { sort: { number: -1 }, limit: 2 })).map((task) => task._id)).toEqual(['t37', 't33']);
      const plan = store.readPlan('tasks', { projectId: 'p1' }, { sort: { number: -1 } });
      expect(plan?.sql).toMatch(/f_\d+/);
      expect(
        (reader.prepare(plan!.sql).all(...plan!.params) as Array<{ json: string }>).map((row) => JSON.parse(row.json)._id),
      ).toHaveLength(10);
      await tasks.updateMany({ projectId: 'p2' }, { $inc: { number: 100 } });
      await users.replaceOne({ _id: 'u1' }, { _id: 'u1', email: 'new@example.org', licences: { id: 'l1' } });
      expect(inconsistencies(temp.file)).toEqual([]);
      expect(await store.collection('plain').count({ v: 1 })).toBe(1);
    } finally {
      reader.close();
      await store.close();
    }
    // reopened, the migration is not run again: the columns and indexes are those of the catalog
    const again = createEmbeddedDocumentStore({ file: temp.file });
    try {
      expect((await again.collection('users').findOne({ email: 'new@example.org' }))?._id).toBe('u1');
      expect(inconsistencies(temp.file)).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
