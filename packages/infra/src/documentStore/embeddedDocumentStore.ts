import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../config/dataDir';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import {
  DuplicateKeyError,
  type BulkOperation,
  type BulkResult,
  type Collection,
  type DeleteResult,
  type Doc,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type SortSpec,
  type UpdateOperators,
  type UpdateOptions,
  type UpdateResult,
} from './documentStore';
import { QueryError } from './query/errors';
import { compileFilter, type DocumentPredicate } from './query/matches';
import { compileProjection } from './query/project';
import { compileSort, type SortKey } from './query/sort';
import { applyUpdate, isReplacement, startsWithId, upsertSeed, validateUpdate, type Update } from './query/update';
import { isPlainObject } from './query/values';
import { ShapeSummary } from './sqlite/shape';
import { dataVersionOf, type DataVersion } from '../sqlite/dataVersion';
import { defaultWalCheckpoints, startWalCheckpoints, type WalCheckpointThread, type WalCheckpoints } from '../sqlite/walCheckpoints';
import {
  REGEXP_FUNCTION,
  conditionTemplate,
  fieldExpression,
  filterShape,
  jsonPathLiteral,
  sqlRegexp,
  translateFilter,
  translateSortTerms,
  type ColumnOf,
  type ConditionTemplate,
  type SqlCondition,
  type SqlValue,
} from './sqlite/translate';
import { trimOldest } from '../caches/trimOldest';

/**
 * The embedded DocumentStore: one SQLite file (WAL) under the data dir, one table per collection
 * holding `(_id, doc JSONB)`. Filters, updates, sorts and projections follow MongoDB through the
 * query engine in ./query; the part of a filter SQLite can evaluate (see ./sqlite/translate) becomes
 * a WHERE clause, and every row SQLite returns is re-checked in JavaScript.
 *
 * Each indexed path of a collection has a column of its own in the collection's table (`f_<id>`, one per distinct
 * path, shared by the indexes naming it, recorded in `stramien_fields`) holding exactly `json_extract(doc, path)`
 * (computed in SQL from the document by every INSERT and UPDATE); the indexes are built on these columns, and filters
 * and sorts name the column where they would name the expression, so SQLite uses the indexes. An UPDATE sets only the
 * columns whose values changed, so the indexes of unchanged paths are not rewritten (an expression index on `doc` is
 * rewritten by every UPDATE of `doc`). Files written before, with expression indexes, are migrated on open.
 *
 * Sort, skip and limit go to SQL when that gives MongoDB's answer; otherwise rows are streamed and the scan stops as
 * soon as it has enough. Documents are never all held in memory.
 *
 * Declared indexes, the indexed paths' columns, the collections and what each collection's documents have held
 * (./sqlite/shape) live in three catalog tables of the same file, so a restart finds everything as it was.
 *
 * Meant for one process; another connection's commits are noticed (PRAGMA data_version) and the
 * catalog is reloaded. A read checks `data_version` once per event-loop turn (`refresh`): another connection of this
 * process is seen at once, another process's commit from the next turn on (it cannot be known to have happened
 * before anything of this turn, short of synchronous I/O); a write checks it under the write lock, always.
 */

export interface EmbeddedDocumentStoreOptions {
  /** path of the SQLite file (its directory is created), or ':memory:' */
  file: string;
  /** SQLite page cache in MiB; default 32 */
  cacheSizeMiB?: number;
  /**
   * Filling an indexed path's column rewrites every document of the collection once, with the process blocked: an
   * index created while the collection holds more than `runTime` documents (default 10,000) keeps its new paths as
   * `json_extract` expressions (as every index was before the columns); on open, collections of at most `atOpen`
   * documents (default 250,000) get columns for such paths. For tests.
   */
  columnFillLimits?: { runTime: number; atOpen: number };
  /** on disk: where the WAL is copied into the database (walCheckpoints.ts); default `defaultWalCheckpoints()` */
  walCheckpoints?: WalCheckpoints;
}

export interface EmbeddedDocumentStore extends DocumentStore {
  /** SQLite's query plan (EXPLAIN QUERY PLAN details) for the statement `find` runs: for tests and diagnosis */
  explainFind(collection: string, filter?: Filter, options?: FindOptions): Promise<string[]>;
  collectionStamp(collection: string): number;
  /**
   * The SQL statement `find` runs for this filter and these options, for a second, read-only connection to the same
   * file (the table export's reader threads, docs/tables.md "Bulk work"): each row has the columns `rowid` and
   * `json` (the document as JSON text), in the order `find` answers, exactly the documents it answers. Null when the
   * store is in memory, the collection does not exist, or `find` would check or sort the rows in JavaScript (or call
   * a function of this connection's own).
   */
  readPlan(collection: string, filter?: Filter, options?: FindOptions): ReadPlan | null;
}

/** a find's statement for another connection (`readPlan`) */
export interface ReadPlan {
  /** the SQLite file */
  file: string;
  sql: string;
  /**
   * the same statement with `json` holding the document as stored (SQLite's JSONB bytes, not text): for a reader that
   * decodes those bytes itself (the export's reader threads, services/jobs/src/tables/jsonbLines.ts)
   */
  storedSql: string;
  params: SqlValue[];
}

interface IndexMeta {
  id: number;
  name: string;
  keys: Array<[string, 1 | -1]>;
  unique: boolean;
  sqlName: string;
}

interface CollectionMeta {
  id: number;
  name: string;
  table: string;
  shape: ShapeSummary;
  indexes: IndexMeta[];
  /** indexed path -> its column (`f_<id>` of stramien_fields), holding json_extract(doc, path); never `_id` */
  fields: Map<string, string>;
  columnOf: ColumnOf;
  /** the INSERT of a document and the SELECT of a row by _id with its field columns, for the current fields */
  insertSql: string;
  selectByIdSql: string;
  /** translations by filter shape (null: not cacheable), valid for `cachedShapeVersion` of the shape summary */
  conditions: Map<string, ConditionTemplate | null>;
  /** planned SELECTs by filter shape, sort and paging */
  plans: Map<string, CachedPlan>;
  cachedShapeVersion: number;
}

type CachedPlan = Omit<Plan, 'params'>;

interface Condition extends SqlCondition {
  /** the filter's shape key, null when its translation is not cached */
  key: string | null;
}

interface RawRow {
  rowid: number;
  json: string;
}

interface Row {
  rowid: number;
  doc: Doc;
}

interface Plan {
  sql: string;
  params: SqlValue[];
  /** the sort could not be expressed in SQL: rows come unordered and are sorted in JavaScript */
  sortInJs: boolean;
  /** LIMIT/OFFSET are in the SQL */
  pagedInSql: boolean;
  /** the SQL selects exactly the matching documents: no need to check them again */
  exact: boolean;
}

const SCHEMA = `
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
CREATE TABLE IF NOT EXISTS stramien_fields (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  collection_id INTEGER NOT NULL,
  path          TEXT    NOT NULL,
  UNIQUE (collection_id, path)
);
`;

/** rows read per step while updating or deleting many documents */
const CHUNK = 500;
const STATEMENT_CACHE_SIZE = 256;
/** filter shapes and plans kept per collection (least recently used dropped first) */
const PLAN_CACHE_SIZE = 256;
/**
 * A first page of up to this many documents has its LIMIT written into the SQL rather than bound: with the limit a
 * bound parameter, better-sqlite3's SQLite (built with STAT4) ran index range reads several times slower.
 */
const LITERAL_LIMIT = 16;
const SELECT_ROWS = 'SELECT rowid, json(doc) AS json';
/** the rows of a sorted page, read by the rowids its inner query picked (`planAnew`) */
const SELECT_PAGE_ROWS = 'SELECT t.rowid AS rowid, json(t.doc) AS json';
/** a plan's row select -> the same select of the stored document (`ReadPlan.storedSql`) */
const STORED_SELECTS: ReadonlyArray<[string, string]> = [
  [SELECT_ROWS, 'SELECT rowid, doc AS json'],
  [SELECT_PAGE_ROWS, 'SELECT t.rowid AS rowid, t.doc AS json'],
];

const defaultIndexName = (keys: Array<[string, 1 | -1]>): string => keys.map(([path, direction]) => `${path}_${direction}`).join('_');

const sameKeys = (a: Array<[string, 1 | -1]>, b: Array<[string, 1 | -1]>): boolean => JSON.stringify(a) === JSON.stringify(b);

/** the value json_extract sees at `path`, for index keys: null when missing, undefined when not a plain scalar */
const indexValue = (document: Doc, path: string): SqlValue | undefined => {
  let current: unknown = document;
  for (const part of path.split('.')) {
    if (!isPlainObject(current)) return null;
    current = Object.prototype.hasOwnProperty.call(current, part) ? current[part] : undefined;
  }
  if (current === undefined || current === null) return null;
  if (typeof current === 'string' || typeof current === 'number') return current;
  if (typeof current === 'boolean') return current ? 1 : 0;
  return undefined;
};

const keyDescription = (index: IndexMeta, document: Doc): string =>
  `index ${index.name} dup key: ${JSON.stringify(Object.fromEntries(index.keys.map(([path]) => [path, indexValue(document, path) ?? null])))}`;

const isConstraintError = (error: unknown): error is Error & { code: string } => {
  const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT');
};

const validateCollectionName = (name: string): void => {
  if (typeof name !== 'string' || name === '' || name.includes('\0') || name.includes('$') || name.startsWith('system.')) {
    throw new QueryError(`Invalid collection name ${JSON.stringify(name)}`);
  }
};

const limitOf = (limit: number | undefined): number | undefined =>
  limit === undefined || limit === 0 ? undefined : Math.abs(Math.floor(limit));

/** the id of a filter that is exactly `{ _id: '<string>' }` (how projections and checkpoints address a document) */
const idOnly = (filter: Filter): string | undefined => {
  const id = (filter as { _id?: unknown })._id;
  return typeof id === 'string' && Object.keys(filter).length === 1 ? id : undefined;
};

const emptyCaches = (): Pick<CollectionMeta, 'conditions' | 'plans' | 'cachedShapeVersion'> => ({
  conditions: new Map(),
  plans: new Map(),
  cachedShapeVersion: 0,
});

/** a collection's metadata with its field columns (`fields`: path -> column) and the statements they shape */
const collectionMeta = (
  id: number,
  name: string,
  shape: ShapeSummary,
  indexes: IndexMeta[],
  fields: Map<string, string>,
): CollectionMeta => {
  const meta: CollectionMeta = {
    id,
    name,
    table: `c_${id}`,
    shape,
    indexes,
    fields,
    columnOf: (path) => fields.get(path),
    insertSql: '',
    selectByIdSql: '',
    ...emptyCaches(),
  };
  setFieldStatements(meta);
  return meta;
};

/** the statements that name every field column; the filter and plan caches, which may name them, are emptied */
const setFieldStatements = (meta: CollectionMeta): void => {
  const fields = [...meta.fields];
  meta.insertSql =
    fields.length === 0
      ? `INSERT INTO ${meta.table} (_id, doc) VALUES (@id, jsonb(@doc))`
      : // the document's text bound once (@doc): SQLite parses it once for jsonb() and the json_extract()s (its JSON cache)
        `INSERT INTO ${meta.table} (_id, doc, ${fields.map(([, column]) => column).join(', ')}) VALUES (@id, jsonb(@doc), ` +
        `${fields.map(([path]) => `json_extract(@doc, ${jsonPathLiteral(path)!})`).join(', ')})`;
  meta.selectByIdSql = `${SELECT_ROWS}${fields.map(([, column]) => `, ${column}`).join('')} FROM ${meta.table} WHERE _id = ?`;
  meta.conditions.clear();
  meta.plans.clear();
};

/** the column (or `_id`) an index key is stored in */
const keyColumn = (meta: CollectionMeta, path: string): string => meta.fields.get(path) ?? fieldExpression(path)!;

/** the cached value under `key`, marked as the most recently used */
const cacheGet = <V>(cache: Map<string, V>, key: string): V | undefined => {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
};

const cacheSet = <V>(cache: Map<string, V>, key: string, value: V): void => {
  cache.set(key, value);
  trimOldest(cache, PLAN_CACHE_SIZE);
};

/**
 * Writes through any embedded store of this process: a read's cached `data_version` check holds only while the
 * writes of the other stores are unchanged, so a second connection of the same process is seen at once (a store's
 * own writes leave its `data_version` as it was).
 */
let processWrites = 0;

const emptyBulkResult = (): BulkResult => ({ insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 });

class SqliteDocumentStore implements EmbeddedDocumentStore {
  private readonly db: Database.Database;
  private readonly catalog = new Map<string, CollectionMeta>();
  private readonly statements = new Map<string, Statement>();
  /**
   * `data_version`, looked at again within a turn only after another store of this process wrote: this store's own
   * writes leave it as it was (and the projections write between most reads of a busy server)
   */
  private readonly versions: DataVersion;
  private readonly inTransaction: { immediate<R>(work: () => R): R };
  private dataVersion: unknown;
  private closed = false;
  private readonly file: string | null;
  /** the WAL's checkpoint thread (`walCheckpoints: 'thread'`) */
  private readonly checkpoints: WalCheckpointThread | null;
  private readonly fillLimits: { runTime: number; atOpen: number };
  /** this store's part of `processWrites` */
  private ownWrites = 0;
  /** collectionStamp: the sequence, the stamp of each collection written through this store, the last reload's */
  private stampSequence = 0;
  private readonly stamps = new Map<string, number>();
  private reloadStamp = 0;

  constructor(options: EmbeddedDocumentStoreOptions) {
    const onDisk = options.file !== ':memory:';
    this.file = onDisk ? options.file : null;
    if (onDisk) mkdirSync(dirname(options.file), { recursive: true, mode: PRIVATE_DIR_MODE });
    this.db = new Database(options.file);
    // private to the service user; SQLite gives the -wal and -shm files the database file's mode
    if (onDisk) chmodSync(options.file, PRIVATE_FILE_MODE);
    // larger pages scan ~500-byte documents faster (4 KiB pages were measured: docs/performance.md 41.); only takes
    // effect when the file is created
    this.db.pragma('page_size = 16384');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma(`cache_size = -${Math.round((options.cacheSizeMiB ?? 32) * 1024)}`);
    this.fillLimits = options.columnFillLimits ?? { runTime: 10_000, atOpen: 250_000 };
    this.db.function(REGEXP_FUNCTION, { deterministic: true }, sqlRegexp);
    this.db.exec(SCHEMA);
    this.checkpoints =
      onDisk && (options.walCheckpoints ?? defaultWalCheckpoints()) === 'thread' ? startWalCheckpoints(options.file) : null;
    this.versions = dataVersionOf(this.db, () => processWrites - this.ownWrites);
    this.dataVersion = this.versions.now();
    const transaction = this.db.transaction((work: () => unknown) => {
      this.refresh(true);
      return work();
    });
    this.inTransaction = { immediate: <R>(work: () => R) => transaction.immediate(work) as R };
    this.load();
    this.migrate();
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    validateCollectionName(name);
    return new EmbeddedCollection<T>(this, name);
  }

  async listCollections(): Promise<string[]> {
    this.refresh();
    return [...this.catalog.keys()].sort();
  }

  async renameCollection(from: string, to: string): Promise<void> {
    validateCollectionName(from);
    validateCollectionName(to);
    if (from === to) throw new QueryError(`Cannot rename collection ${from} to itself`);
    this.write([from, to], () => {
      const source = this.catalog.get(from);
      if (source === undefined) throw new QueryError(`Cannot rename collection ${from}: it does not exist`);
      this.dropSync(to);
      this.statement('UPDATE stramien_collections SET name = ? WHERE id = ?').run(to, source.id);
      this.catalog.delete(from);
      source.name = to;
      this.catalog.set(to, source);
    });
  }

  collectionStamp(collection: string): number {
    this.refresh();
    return Math.max(this.stamps.get(collection) ?? 0, this.reloadStamp);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.statements.clear();
    await this.checkpoints?.close();
    this.db.close();
  }

  async explainFind(collection: string, filter?: Filter, options: FindOptions = {}): Promise<string[]> {
    this.refresh();
    const meta = this.catalog.get(collection);
    if (meta === undefined) return [];
    compileFilter(filter);
    const plan = this.plan(meta, filter, options.sort, Math.max(0, options.skip ?? 0), limitOf(options.limit));
    return (this.db.prepare(`EXPLAIN QUERY PLAN ${plan.sql}`).all(...plan.params) as Array<{ detail: string }>).map((row) => row.detail);
  }

  readPlan(collection: string, filter?: Filter, options: FindOptions = {}): ReadPlan | null {
    if (this.file === null || options.projection !== undefined) return null;
    compileFilter(filter);
    if (options.sort) compileSort(options.sort);
    this.refresh();
    const meta = this.catalog.get(collection);
    if (meta === undefined) return null;
    const plan = this.plan(meta, filter, options.sort, Math.max(0, options.skip ?? 0), limitOf(options.limit));
    if (plan.sortInJs || !plan.exact || plan.sql.includes(REGEXP_FUNCTION)) return null;
    // a page not in the SQL is skipped and cut in JavaScript: only a plan without skip and limit reads as it stands
    if (!plan.pagedInSql && ((options.skip ?? 0) > 0 || limitOf(options.limit) !== undefined)) return null;
    const [select, stored] = STORED_SELECTS.find(([select]) => plan.sql.startsWith(`${select} `))!;
    return { file: this.file, sql: plan.sql, storedSql: stored + plan.sql.slice(select.length), params: plan.params };
  }

  // ---- reads -------------------------------------------------------------------------------

  find(name: string, filter: Filter | undefined, options: FindOptions = {}): Doc[] {
    const id = filter === undefined ? undefined : idOnly(filter);
    // a filter on one id is valid as it stands and needs no predicate (the row is read by its key)
    const predicate = id === undefined ? compileFilter(filter) : undefined;
    const projection = compileProjection(options.projection);
    if (options.sort) compileSort(options.sort);
    this.refresh();
    const meta = this.catalog.get(name);
    if (meta === undefined) return [];
    if (id !== undefined) {
      // by primary key (every access check's read of one document), without planning a query
      if ((options.skip ?? 0) > 0) return [];
      const raw = this.statement(`${SELECT_ROWS} FROM ${meta.table} WHERE _id = ?`).get(id) as RawRow | undefined;
      return raw === undefined ? [] : [projection(JSON.parse(raw.json) as Doc) as Doc];
    }
    const rows = this.select(meta, predicate!, filter, options);
    return rows.map((row) => projection(row.doc) as Doc);
  }

  count(name: string, filter: Filter | undefined): number {
    const predicate = compileFilter(filter);
    this.refresh();
    const meta = this.catalog.get(name);
    if (meta === undefined) return 0;
    const condition = this.condition(meta, filter);
    const where = condition.sql === null ? '' : ` WHERE ${condition.sql}`;
    if (condition.exact)
      return this.statement(`SELECT count(*) FROM ${meta.table}${where}`)
        .pluck()
        .get(...condition.params) as number;
    let count = 0;
    for (const raw of this.statement(`${SELECT_ROWS} FROM ${meta.table}${where}`).iterate(
      ...condition.params,
    ) as IterableIterator<RawRow>) {
      if (predicate(JSON.parse(raw.json))) count++;
    }
    return count;
  }

  // ---- writes ------------------------------------------------------------------------------

  insertMany(name: string, documents: Doc[]): void {
    if (documents.length === 0) return;
    this.write(name, () => {
      const meta = this.ensure(name);
      for (const document of documents) this.insertRow(meta, document);
      this.persistShape(meta);
    });
  }

  updateOne(name: string, filter: Filter, update: Update, upsert: boolean): UpdateResult {
    const predicate = compileFilter(filter);
    validateUpdate(update);
    return this.write(name, () => this.updateOneSync(name, predicate, filter, update, upsert));
  }

  updateMany(name: string, filter: Filter, update: Update): UpdateResult {
    const predicate = compileFilter(filter);
    if (isReplacement(update)) throw new QueryError('updateMany needs update operators, not a replacement document');
    validateUpdate(update);
    return this.write(name, () => this.updateManySync(name, predicate, filter, update));
  }

  replaceOne(name: string, filter: Filter, replacement: Doc, upsert: boolean): UpdateResult {
    const predicate = compileFilter(filter);
    if (!isReplacement(replacement)) throw new QueryError('A replacement document cannot hold update operators');
    return this.write(name, () => this.replaceOneSync(name, predicate, filter, replacement, upsert));
  }

  deleteOne(name: string, filter: Filter): DeleteResult {
    const predicate = compileFilter(filter);
    return this.write(name, () => this.deleteSync(name, predicate, filter, true));
  }

  deleteMany(name: string, filter: Filter | undefined): DeleteResult {
    const predicate = compileFilter(filter);
    return this.write(name, () => this.deleteSync(name, predicate, filter, false));
  }

  bulkWrite(name: string, operations: BulkOperation<Doc>[]): BulkResult {
    return this.write(name, () => {
      const result = emptyBulkResult();
      const addUpdate = (update: UpdateResult): void => {
        result.matchedCount += update.matchedCount;
        result.modifiedCount += update.modifiedCount;
        if (update.upsertedId !== undefined) result.upsertedCount++;
      };
      for (const operation of operations) {
        if ('insertOne' in operation) {
          const meta = this.ensure(name);
          this.insertRow(meta, operation.insertOne.document);
          this.persistShape(meta);
          result.insertedCount++;
        } else if ('updateOne' in operation) {
          const { filter, update, upsert } = operation.updateOne;
          validateUpdate(update);
          addUpdate(this.updateOneSync(name, compileFilter(filter), filter, update, upsert ?? false));
        } else if ('updateMany' in operation) {
          const { filter, update } = operation.updateMany;
          if (isReplacement(update)) throw new QueryError('updateMany needs update operators, not a replacement document');
          validateUpdate(update);
          addUpdate(this.updateManySync(name, compileFilter(filter), filter, update));
        } else if ('replaceOne' in operation) {
          const { filter, replacement, upsert } = operation.replaceOne;
          if (!isReplacement(replacement)) throw new QueryError('A replacement document cannot hold update operators');
          addUpdate(
            this.replaceOneSync(name, idOnly(filter) === undefined ? compileFilter(filter) : null, filter, replacement, upsert ?? false),
          );
        } else if ('deleteOne' in operation) {
          result.deletedCount += this.deleteSync(
            name,
            compileFilter(operation.deleteOne.filter),
            operation.deleteOne.filter,
            true,
          ).deletedCount;
        } else if ('deleteMany' in operation) {
          result.deletedCount += this.deleteSync(
            name,
            compileFilter(operation.deleteMany.filter),
            operation.deleteMany.filter,
            false,
          ).deletedCount;
        } else {
          throw new QueryError(`Unknown bulk operation ${JSON.stringify(Object.keys(operation))}`);
        }
      }
      return result;
    });
  }

  createIndex(name: string, spec: IndexSpec): void {
    if (!isPlainObject(spec) || !isPlainObject(spec.keys) || Object.keys(spec.keys).length === 0) {
      throw new QueryError('An index needs at least one key');
    }
    const keys = Object.entries(spec.keys).map(([path, direction]): [string, 1 | -1] => {
      const value: unknown = direction;
      if (value !== 1 && value !== -1) throw new QueryError(`Index direction must be 1 or -1, got ${String(value)} at '${path}'`);
      if (fieldExpression(path) === null || path.split('.').some((part) => part === '' || part.startsWith('$'))) {
        throw new QueryError(`Cannot index the path '${path}'`);
      }
      return [path, value];
    });
    if (keys.length === 1 && keys[0]![0] === '_id') {
      // the _id index always exists
      this.write(name, () => this.ensure(name));
      return;
    }
    const indexName = spec.name ?? defaultIndexName(keys);
    const unique = spec.unique === true;
    this.write(name, () => {
      const meta = this.ensure(name);
      const sameName = meta.indexes.find((index) => index.name === indexName);
      if (sameName !== undefined) {
        if (sameKeys(sameName.keys, keys) && sameName.unique === unique) return;
        throw new QueryError(`An index named ${indexName} already exists on ${name} with different keys or options`);
      }
      const sameKeySpec = meta.indexes.find((index) => sameKeys(index.keys, keys));
      if (sameKeySpec !== undefined) {
        throw new QueryError(`An index with the same keys already exists on ${name} as ${sameKeySpec.name}`);
      }
      const id = Number(
        this.statement('INSERT INTO stramien_indexes (collection_id, name, keys, is_unique) VALUES (?, ?, ?, ?)').run(
          meta.id,
          indexName,
          JSON.stringify(keys),
          unique ? 1 : 0,
        ).lastInsertRowid,
      );
      const index: IndexMeta = { id, name: indexName, keys, unique, sqlName: `ix_${id}` };
      // a filled collection keeps new paths as expressions: filling their columns would block the process
      if (!this.holdsMore(meta, this.fillLimits.runTime))
        this.addFields(
          meta,
          keys.map(([path]) => path),
        );
      const expressions = keys.map(([path]) => keyColumn(meta, path));
      try {
        this.createSqlIndex(meta, index);
      } catch (error) {
        if (!isConstraintError(error)) throw error;
        throw new DuplicateKeyError(name, `index ${indexName}: the collection already holds duplicate keys`);
      }
      if (unique) {
        // MongoDB counts a missing key as null, so two documents without the key are duplicates too
        const anyNull = expressions.map((expression) => `${expression} IS NULL`).join(' OR ');
        const duplicate = this.db
          .prepare(`SELECT 1 FROM ${meta.table} WHERE ${anyNull} GROUP BY ${expressions.join(', ')} HAVING count(*) > 1 LIMIT 1`)
          .get();
        if (duplicate !== undefined)
          throw new DuplicateKeyError(name, `index ${indexName}: the collection already holds duplicate null keys`);
      }
      meta.indexes.push(index);
      this.statements.clear();
    });
  }

  drop(name: string): void {
    this.write(name, () => this.dropSync(name));
  }

  // ---- internals ---------------------------------------------------------------------------

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
      trimOldest(this.statements, STATEMENT_CACHE_SIZE);
    }
    return statement;
  }

  /**
   * Reloads the catalog when another connection committed since the last look. Reads look once per turn of the event
   * loop (the `PRAGMA data_version` costs as much as a read by primary key), and again after a write through another
   * store of this process (`dataVersionOf`). `always`: under the write lock.
   */
  private refresh(always = false): void {
    if (this.closed) throw new Error('The document store is closed');
    const version = always ? this.versions.now() : this.versions.thisTurn();
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.load();
    }
  }

  private load(): void {
    this.reloadStamp = ++this.stampSequence;
    this.catalog.clear();
    this.statements.clear();
    const collections = this.db.prepare('SELECT id, name, shape FROM stramien_collections').all() as Array<{
      id: number;
      name: string;
      shape: string;
    }>;
    const indexes = this.db.prepare('SELECT id, collection_id, name, keys, is_unique FROM stramien_indexes ORDER BY id').all() as Array<{
      id: number;
      collection_id: number;
      name: string;
      keys: string;
      is_unique: number;
    }>;
    const fields = this.db.prepare('SELECT id, collection_id, path FROM stramien_fields ORDER BY id').all() as Array<{
      id: number;
      collection_id: number;
      path: string;
    }>;
    for (const row of collections) {
      const meta = collectionMeta(
        row.id,
        row.name,
        ShapeSummary.parse(row.shape),
        indexes
          .filter((index) => index.collection_id === row.id)
          .map((index) => ({
            id: index.id,
            name: index.name,
            keys: JSON.parse(index.keys) as Array<[string, 1 | -1]>,
            unique: index.is_unique === 1,
            sqlName: `ix_${index.id}`,
          })),
        new Map(fields.filter((field) => field.collection_id === row.id).map((field) => [field.path, `f_${field.id}`])),
      );
      this.catalog.set(row.name, meta);
    }
  }

  /**
   * Gives the indexed paths `paths` that have none a column of their own (recorded in stramien_fields), filled with
   * json_extract(doc, path) for the documents already there. Inside a write.
   */
  private addFields(meta: CollectionMeta, paths: string[]): void {
    const added: Array<[string, string]> = [];
    for (const path of new Set(paths)) {
      if (path === '_id' || meta.fields.has(path)) continue;
      const id = Number(
        this.statement('INSERT INTO stramien_fields (collection_id, path) VALUES (?, ?)').run(meta.id, path).lastInsertRowid,
      );
      const column = `f_${id}`;
      this.db.exec(`ALTER TABLE ${meta.table} ADD COLUMN ${column}`);
      added.push([path, column]);
    }
    if (added.length === 0) return;
    const set = added.map(([path, column]) => `${column} = json_extract(doc, ${jsonPathLiteral(path)!})`).join(', ');
    this.db.exec(`UPDATE ${meta.table} SET ${set}`);
    for (const [path, column] of added) meta.fields.set(path, column);
    setFieldStatements(meta);
    this.statements.clear();
  }

  /** whether the collection holds more than `count` documents (reads at most `count` + 1 rowids) */
  private holdsMore(meta: CollectionMeta, count: number): boolean {
    return this.db.prepare(`SELECT 1 FROM ${meta.table} LIMIT 1 OFFSET ${Math.floor(count)}`).get() !== undefined;
  }

  private createSqlIndex(meta: CollectionMeta, index: IndexMeta): void {
    const columns = index.keys.map(([path, direction]) => `${keyColumn(meta, path)} ${direction === 1 ? 'ASC' : 'DESC'}`).join(', ');
    this.db.exec(`CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${index.sqlName} ON ${meta.table} (${columns})`);
  }

  /**
   * Files written before indexed paths had columns of their own hold indexes on json_extract expressions: each such
   * collection gets its columns (added and filled) and its indexes rebuilt on them, in one transaction per collection.
   * Run on open; another store on the file sees the change through data_version and reloads its catalog.
   */
  private migrate(): void {
    const expressionTables = new Set(
      this.db.prepare(`SELECT tbl_name FROM sqlite_master WHERE type = 'index' AND sql LIKE '%json_extract(%'`).pluck().all() as string[],
    );
    const stale = [...this.catalog.values()].filter(
      (meta) =>
        (expressionTables.has(meta.table) ||
          meta.indexes.some((index) => index.keys.some(([path]) => path !== '_id' && !meta.fields.has(path)))) &&
        !this.holdsMore(meta, this.fillLimits.atOpen),
    );
    for (const { name } of stale) {
      this.write(name, () => {
        const meta = this.catalog.get(name);
        if (meta === undefined) return;
        const expressionIndexes = new Set(
          this.db
            .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql LIKE '%json_extract(%'`)
            .pluck()
            .all(meta.table) as string[],
        );
        this.addFields(
          meta,
          meta.indexes.flatMap((index) => index.keys.map(([path]) => path)),
        );
        for (const index of meta.indexes) {
          if (!expressionIndexes.has(index.sqlName)) continue;
          this.db.exec(`DROP INDEX ${index.sqlName}`);
          this.createSqlIndex(meta, index);
        }
        this.statements.clear();
      });
    }
  }

  /**
   * runs `work` on the collection(s) `names` in one IMMEDIATE transaction; on failure the in-memory catalog is
   * reloaded from the file. The collections' stamps change whatever the outcome.
   */
  private write<R>(names: string | [string, string], work: () => R): R {
    if (this.closed) throw new Error('The document store is closed');
    try {
      return this.inTransaction.immediate(work);
    } catch (error) {
      if (!this.closed) this.load();
      throw error;
    } finally {
      processWrites++;
      this.ownWrites++;
      if (typeof names === 'string') this.stamps.set(names, ++this.stampSequence);
      else for (const name of names) this.stamps.set(name, ++this.stampSequence);
    }
  }

  private ensure(name: string): CollectionMeta {
    const existing = this.catalog.get(name);
    if (existing !== undefined) return existing;
    const id = Number(this.statement('INSERT INTO stramien_collections (name) VALUES (?)').run(name).lastInsertRowid);
    const meta = collectionMeta(id, name, new ShapeSummary(), [], new Map());
    this.db.exec(`CREATE TABLE ${meta.table} (_id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL)`);
    this.catalog.set(name, meta);
    return meta;
  }

  private dropSync(name: string): void {
    const meta = this.catalog.get(name);
    if (meta === undefined) return;
    this.db.exec(`DROP TABLE ${meta.table}`);
    this.statement('DELETE FROM stramien_indexes WHERE collection_id = ?').run(meta.id);
    this.statement('DELETE FROM stramien_fields WHERE collection_id = ?').run(meta.id);
    this.statement('DELETE FROM stramien_collections WHERE id = ?').run(meta.id);
    this.catalog.delete(name);
    this.statements.clear();
  }

  private persistShape(meta: CollectionMeta): void {
    if (meta.shape.dirty) this.statement('UPDATE stramien_collections SET shape = ? WHERE id = ?').run(meta.shape.serialize(), meta.id);
  }

  /**
   * The SQL of `filter`, translated once per filter shape (see filterShape) and collection: a filter of a known shape
   * only has its values bound. A growing shape summary (a path that now holds arrays, booleans or sub-documents)
   * changes translations, so the collection's cached ones are dropped then; a dropped or recreated collection gets
   * new metadata and empty caches.
   */
  private condition(meta: CollectionMeta, filter: Filter | undefined): Condition {
    const shapeOf = (path: string) => meta.shape.pathShape(path);
    const shape = filterShape(filter);
    if (shape.key === null) return { ...translateFilter(filter, shapeOf, meta.columnOf), key: null };
    if (meta.cachedShapeVersion !== meta.shape.version) {
      meta.conditions.clear();
      meta.plans.clear();
      meta.cachedShapeVersion = meta.shape.version;
    }
    let template = cacheGet(meta.conditions, shape.key);
    if (template === undefined) {
      template = conditionTemplate(filter, shapeOf, meta.columnOf);
      cacheSet(meta.conditions, shape.key, template);
    }
    if (template === null) return { ...translateFilter(filter, shapeOf, meta.columnOf), key: null };
    const params: SqlValue[] = [];
    for (const slot of template.slots) params.push(typeof slot === 'number' ? shape.leaves[slot]! : slot.value);
    return { sql: template.sql, params, exact: template.exact, key: shape.key };
  }

  private plan(
    meta: CollectionMeta,
    filter: Filter | undefined,
    sort: SortSpec | undefined,
    skip: number,
    limit: number | undefined,
  ): Plan {
    const condition = this.condition(meta, filter);
    const pagedInSql = condition.exact && (limit !== undefined || skip > 0);
    // a first page of a few documents has its limit written into the SQL (see LITERAL_LIMIT)
    const literal = pagedInSql && skip === 0 && limit !== undefined && limit <= LITERAL_LIMIT ? limit : undefined;
    const planKey =
      condition.key === null
        ? null
        : `${condition.key}\u0001${sort === undefined ? '' : JSON.stringify(sort)}\u0001${pagedInSql}\u0001${literal ?? ''}`;
    const cached = planKey === null ? undefined : cacheGet(meta.plans, planKey);
    if (cached !== undefined) {
      const params = condition.params;
      if (cached.pagedInSql && literal === undefined) params.push(limit ?? -1, skip);
      // field by field: a key added to a spread copy takes V8 11's slow path (docs/performance.md 40.)
      return { sql: cached.sql, params, sortInJs: cached.sortInJs, pagedInSql: cached.pagedInSql, exact: cached.exact };
    }
    const plan = this.planAnew(meta, condition, sort, skip, limit, pagedInSql, literal);
    if (planKey !== null)
      cacheSet(meta.plans, planKey, { sql: plan.sql, sortInJs: plan.sortInJs, pagedInSql: plan.pagedInSql, exact: plan.exact });
    return plan;
  }

  private planAnew(
    meta: CollectionMeta,
    condition: SqlCondition,
    sort: SortSpec | undefined,
    skip: number,
    limit: number | undefined,
    pagedInSql: boolean,
    literal?: number,
  ): Plan {
    const where = condition.sql === null ? '' : ` WHERE ${condition.sql}`;
    const params = [...condition.params];
    const sorted = sort !== undefined && Object.keys(sort).length > 0;
    const terms = sorted ? translateSortTerms(sort, (path) => meta.shape.pathShape(path), meta.columnOf) : [];
    if (terms === null)
      return { sql: `${SELECT_ROWS} FROM ${meta.table}${where}`, params, sortInJs: true, pagedInSql: false, exact: condition.exact };
    const order = terms.map((term) => `${term.expression} ${term.direction}`).join(', ');
    let sql: string;
    const page = literal === undefined ? ' LIMIT ? OFFSET ?' : ` LIMIT ${literal}`;
    if (pagedInSql && terms.length > 0) {
      // a sorted page: the inner query picks the page's rows by their sort keys only, so an index holding the
      // filter's and the sort's fields answers it without reading a document, and only the page's documents are read
      const keys = terms.map((term, i) => `${term.expression} AS k${i}`).join(', ');
      const outerOrder = terms.map((term, i) => `s.k${i} ${term.direction}`).join(', ');
      sql =
        `${SELECT_PAGE_ROWS} FROM (SELECT rowid AS r, ${keys} FROM ${meta.table}${where}` +
        ` ORDER BY ${order}${page}) AS s CROSS JOIN ${meta.table} AS t ON t.rowid = s.r ORDER BY ${outerOrder}`;
    } else {
      sql = `${SELECT_ROWS} FROM ${meta.table}${where}${order ? ` ORDER BY ${order}` : ''}${pagedInSql ? page : ''}`;
    }
    if (pagedInSql && literal === undefined) params.push(limit ?? -1, skip);
    return { sql, params, sortInJs: false, pagedInSql, exact: condition.exact };
  }

  /** the matching rows in the requested order, after skip, up to limit */
  private select(meta: CollectionMeta, predicate: DocumentPredicate, filter: Filter | undefined, options: FindOptions): Row[] {
    const skip = Math.max(0, options.skip ?? 0);
    const limit = limitOf(options.limit);
    const plan = this.plan(meta, filter, options.sort, skip, limit);
    const rows = this.statement(plan.sql).iterate(...plan.params) as IterableIterator<RawRow>;
    if (!plan.sortInJs) {
      const result: Row[] = [];
      let toSkip = plan.pagedInSql ? 0 : skip;
      for (const raw of rows) {
        const doc = JSON.parse(raw.json) as Doc;
        if (!plan.exact && !predicate(doc)) continue;
        if (toSkip > 0) {
          toSkip--;
          continue;
        }
        result.push({ rowid: raw.rowid, doc });
        if (limit !== undefined && result.length >= limit) break;
      }
      return result;
    }
    const sorter = compileSort(options.sort!);
    const keep = limit === undefined ? Infinity : skip + limit;
    type Entry = { key: SortKey; seq: number; row: Row };
    const compare = (a: Entry, b: Entry): number => sorter.compareKeys(a.key, b.key) || a.seq - b.seq;
    const buffer: Entry[] = [];
    let seq = 0;
    for (const raw of rows) {
      const doc = JSON.parse(raw.json) as Doc;
      if (!predicate(doc)) continue;
      const entry: Entry = { key: sorter.keyOf(doc), seq: seq++, row: { rowid: raw.rowid, doc } };
      if (keep === Infinity) {
        buffer.push(entry);
        continue;
      }
      if (buffer.length >= keep && compare(entry, buffer[buffer.length - 1]!) >= 0) continue;
      let low = 0;
      let high = buffer.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (compare(buffer[middle]!, entry) <= 0) low = middle + 1;
        else high = middle;
      }
      buffer.splice(low, 0, entry);
      if (buffer.length > keep) buffer.pop();
    }
    if (keep === Infinity) buffer.sort(compare);
    return buffer.slice(skip, limit === undefined ? undefined : skip + limit).map((entry) => entry.row);
  }

  /** calls `visit` for every matching row, reading in rowid order step by step so `visit` may write */
  private scan(meta: CollectionMeta, predicate: DocumentPredicate, filter: Filter | undefined, visit: (row: Row) => void): void {
    const condition = this.condition(meta, filter);
    const where = condition.sql === null ? '' : ` AND (${condition.sql})`;
    const statement = this.statement(`${SELECT_ROWS} FROM ${meta.table} WHERE rowid > ?${where} ORDER BY rowid LIMIT ${CHUNK}`);
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const raws = statement.all(after, ...condition.params) as RawRow[];
      for (const raw of raws) {
        const doc = JSON.parse(raw.json) as Doc;
        if (predicate(doc)) visit({ rowid: raw.rowid, doc });
      }
      if (raws.length < CHUNK) return;
      after = raws[raws.length - 1]!.rowid;
    }
  }

  private duplicateKeyError(meta: CollectionMeta, error: unknown, document: Doc): unknown {
    if (!isConstraintError(error)) return error;
    // an index on columns is named by its columns ("UNIQUE constraint failed: c_1.f_2, c_1.f_3"), on expressions by name
    const indexName = /index '([^']+)'/.exec(error.message)?.[1];
    const failed = /constraint failed: (.+)$/.exec(error.message)?.[1];
    const columns = failed
      ?.split(', ')
      .map((column) => column.slice(column.indexOf('.') + 1))
      .join(',');
    const index = meta.indexes.find(
      (candidate) =>
        candidate.sqlName === indexName ||
        (candidate.unique && candidate.keys.map(([path]) => keyColumn(meta, path)).join(',') === columns),
    );
    if (index !== undefined) return new DuplicateKeyError(meta.name, keyDescription(index, document));
    if (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.message.endsWith('._id')) {
      return new DuplicateKeyError(meta.name, `index _id_ dup key: ${JSON.stringify({ _id: document._id })}`);
    }
    return error;
  }

  /** MongoDB's unique indexes treat a missing or null key as a value; SQLite's let NULLs repeat */
  private checkNullKeys(meta: CollectionMeta, document: Doc, rowid: number | null): void {
    for (const index of meta.indexes) {
      if (!index.unique) continue;
      const values = index.keys.map(([path]) => indexValue(document, path));
      if (!values.includes(null) || values.includes(undefined)) continue;
      const terms = index.keys.map(([path], i) => `${keyColumn(meta, path)} ${values[i] === null ? 'IS NULL' : '= ?'}`);
      const params = values.filter((value) => value !== null) as SqlValue[];
      const sql = `SELECT 1 FROM ${meta.table} WHERE ${terms.join(' AND ')}${rowid === null ? '' : ' AND rowid <> ?'} LIMIT 1`;
      const found = this.statement(sql).get(...params, ...(rowid === null ? [] : [rowid]));
      if (found !== undefined) throw new DuplicateKeyError(meta.name, keyDescription(index, document));
    }
  }

  private insertRow(meta: CollectionMeta, document: Doc): void {
    if (!isPlainObject(document) || typeof document._id !== 'string') throw new QueryError('A document needs a string _id');
    const json = JSON.stringify(document);
    meta.shape.observe(document);
    this.checkNullKeys(meta, document, null);
    try {
      this.statement(meta.insertSql).run({ id: document._id, doc: json });
    } catch (error) {
      throw this.duplicateKeyError(meta, error, document);
    }
  }

  /**
   * Writes `updated` over `row`; false when nothing changed (`previous`: the row's document as SQLite's json() gives
   * it, when at hand). Every stored document is the JSONB of a JSON.stringify text, and jsonb() of the same text gives
   * the same bytes, so the UPDATE itself tells an unchanged document (`doc IS NOT jsonb(?)`) rather than parsing and
   * writing out the previous document again in JavaScript (most of a projection's replacement of a changed document).
   */
  private replaceRow(meta: CollectionMeta, row: { rowid: number; doc?: Doc }, updated: Doc, previous?: string, before?: RawRow): boolean {
    const json = JSON.stringify(updated);
    if (previous !== undefined ? json === previous : json === JSON.stringify(row.doc)) return false;
    meta.shape.observe(updated);
    this.checkNullKeys(meta, updated, row.rowid);
    // only the field columns whose values change are set, so the indexes on the others are not touched
    let set = '';
    for (const [path, column] of meta.fields) {
      const next = indexValue(updated, path);
      const prior = before !== undefined ? (before as unknown as Record<string, SqlValue>)[column] : indexValue(row.doc!, path);
      // a value that is not a plain scalar (an array, a sub-document) is what json_extract renders of it: set it again
      if (next !== undefined && prior !== undefined && next === prior) continue;
      // the document's text bound once (@doc): SQLite parses it once (its JSON cache)
      set += `, ${column} = json_extract(@doc, ${jsonPathLiteral(path)!})`;
    }
    try {
      return (
        this.statement(`UPDATE ${meta.table} SET doc = jsonb(@doc)${set} WHERE rowid = @rowid AND doc IS NOT jsonb(@doc)`).run({
          doc: json,
          rowid: row.rowid,
        }).changes > 0
      );
    } catch (error) {
      throw this.duplicateKeyError(meta, error, updated);
    }
  }

  private updateOneSync(name: string, predicate: DocumentPredicate, filter: Filter, update: Update, upsert: boolean): UpdateResult {
    const meta = this.catalog.get(name);
    const [row] = meta === undefined ? [] : this.select(meta, predicate, filter, { limit: 1 });
    if (meta !== undefined && row !== undefined) {
      const modified = this.replaceRow(meta, row, applyUpdate(row.doc, update));
      this.persistShape(meta);
      return { matchedCount: 1, modifiedCount: modified ? 1 : 0 };
    }
    if (!upsert) return { matchedCount: 0, modifiedCount: 0 };
    const seeded = applyUpdate(upsertSeed(filter), update);
    const document = (seeded._id === undefined ? { _id: randomUUID(), ...seeded } : seeded) as Doc;
    const target = this.ensure(name);
    this.insertRow(target, document);
    this.persistShape(target);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: document._id };
  }

  /**
   * replaceOne; a filter that is exactly `{ _id }` (every projection write) reads its row by primary key and
   * builds the replacement without the query engine: the same answer, without planning a query per document.
   */
  private replaceOneSync(
    name: string,
    predicate: DocumentPredicate | null,
    filter: Filter,
    replacement: Doc,
    upsert: boolean,
  ): UpdateResult {
    const id = idOnly(filter);
    if (id === undefined || ('_id' in replacement && replacement._id !== id)) {
      return this.updateOneSync(name, predicate ?? compileFilter(filter), filter, replacement, upsert);
    }
    // `_id` first, as MongoDB stores it (the replacement's own `_id`, if any, is `id`: checked above)
    const updated: Doc =
      startsWithId(replacement) && replacement._id === id ? replacement : ({ _id: id, ...(replacement as Omit<Doc, '_id'>) } as Doc);
    const meta = this.catalog.get(name);
    const raw = meta === undefined ? undefined : (this.statement(meta.selectByIdSql).get(id) as RawRow | undefined);
    if (meta !== undefined && raw !== undefined) {
      const modified = this.replaceRow(meta, { rowid: raw.rowid }, updated, raw.json, raw);
      this.persistShape(meta);
      return { matchedCount: 1, modifiedCount: modified ? 1 : 0 };
    }
    if (!upsert) return { matchedCount: 0, modifiedCount: 0 };
    const target = this.ensure(name);
    this.insertRow(target, updated);
    this.persistShape(target);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: id };
  }

  private updateManySync(name: string, predicate: DocumentPredicate, filter: Filter, update: Update): UpdateResult {
    const meta = this.catalog.get(name);
    if (meta === undefined) return { matchedCount: 0, modifiedCount: 0 };
    let matchedCount = 0;
    let modifiedCount = 0;
    this.scan(meta, predicate, filter, (row) => {
      matchedCount++;
      if (this.replaceRow(meta, row, applyUpdate(row.doc, update))) modifiedCount++;
    });
    this.persistShape(meta);
    return { matchedCount, modifiedCount };
  }

  private deleteSync(name: string, predicate: DocumentPredicate, filter: Filter | undefined, one: boolean): DeleteResult {
    const meta = this.catalog.get(name);
    if (meta === undefined) return { deletedCount: 0 };
    const deleteRow = this.statement(`DELETE FROM ${meta.table} WHERE rowid = ?`);
    if (one) {
      const [row] = this.select(meta, predicate, filter, { limit: 1 });
      return { deletedCount: row === undefined ? 0 : deleteRow.run(row.rowid).changes };
    }
    const condition = this.condition(meta, filter);
    if (condition.exact) {
      const where = condition.sql === null ? '' : ` WHERE ${condition.sql}`;
      return { deletedCount: this.statement(`DELETE FROM ${meta.table}${where}`).run(...condition.params).changes };
    }
    let deletedCount = 0;
    this.scan(meta, predicate, filter, (row) => {
      deletedCount += deleteRow.run(row.rowid).changes;
    });
    return { deletedCount };
  }
}

class EmbeddedCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly store: SqliteDocumentStore,
    readonly name: string,
  ) {}

  async find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    return this.store.find(this.name, filter, options) as T[];
  }

  async findOne(filter?: Filter, options?: FindOptions): Promise<T | null> {
    // field by field, not `{ ...options, limit: 1 }` (a key added to a spread copy: V8 11's slow path)
    const first: FindOptions =
      options === undefined ? { limit: 1 } : { sort: options.sort, skip: options.skip, limit: 1, projection: options.projection };
    return (this.store.find(this.name, filter, first)[0] as T | undefined) ?? null;
  }

  async count(filter?: Filter): Promise<number> {
    return this.store.count(this.name, filter);
  }

  async insertOne(document: T): Promise<void> {
    this.store.insertMany(this.name, [document]);
  }

  async insertMany(documents: T[]): Promise<void> {
    this.store.insertMany(this.name, documents);
  }

  async updateOne(filter: Filter, update: UpdateOperators, options?: UpdateOptions): Promise<UpdateResult> {
    return this.store.updateOne(this.name, filter, update, options?.upsert ?? false);
  }

  async updateMany(filter: Filter, update: UpdateOperators): Promise<UpdateResult> {
    return this.store.updateMany(this.name, filter, update);
  }

  async replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult> {
    return this.store.replaceOne(this.name, filter, replacement, options?.upsert ?? false);
  }

  async deleteOne(filter: Filter): Promise<DeleteResult> {
    return this.store.deleteOne(this.name, filter);
  }

  async deleteMany(filter?: Filter): Promise<DeleteResult> {
    return this.store.deleteMany(this.name, filter);
  }

  async bulkWrite(operations: BulkOperation<T>[]): Promise<BulkResult> {
    return this.store.bulkWrite(this.name, operations as BulkOperation<Doc>[]);
  }

  async createIndex(index: IndexSpec): Promise<void> {
    this.store.createIndex(this.name, index);
  }

  async drop(): Promise<void> {
    this.store.drop(this.name);
  }
}

/** opens (creating if needed) the embedded document store in `options.file` */
export const createEmbeddedDocumentStore = (options: EmbeddedDocumentStoreOptions): EmbeddedDocumentStore =>
  new SqliteDocumentStore(options);
