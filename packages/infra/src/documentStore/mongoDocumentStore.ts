import { randomUUID } from 'node:crypto';
import {
  MongoClient,
  type AnyBulkWriteOperation,
  type Db,
  type Document,
  type Filter as MongoFilter,
  type Collection as MongoCollection,
  type UpdateFilter,
} from 'mongodb';
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
  type UpdateOperators,
  type UpdateOptions,
  type UpdateResult,
} from './documentStore';
import { QueryError } from './query/errors';
import { compileFilter } from './query/matches';
import { compileProjection } from './query/project';
import { compileSort } from './query/sort';
import { isReplacement, upsertSeed, validateUpdate, type Update } from './query/update';
import { isPlainObject } from './query/values';

/**
 * The DocumentStore on MongoDB through the official driver: a direct mapping. Filters and updates are
 * checked with the same engine the embedded store uses, so both accept exactly the same subset.
 * Upserts whose filter names no _id get a string _id (a UUID), as the port's documents need one.
 */

export interface MongoDocumentStoreOptions {
  /** mongodb://… */
  url: string;
  dbName: string;
}

export interface MongoDocumentStore extends DocumentStore {
  /** the driver's database handle, for tests and administration */
  readonly db: Db;
}

const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

interface DuplicateKeyInfo {
  code?: unknown;
  errmsg?: unknown;
  message?: unknown;
  keyValue?: unknown;
  errInfo?: unknown;
  writeErrors?: unknown;
  err?: unknown;
}

/** the error a duplicate key (code 11000) carries, from a plain server error or a bulk write error */
const duplicateKeyInfo = (error: unknown): DuplicateKeyInfo | undefined => {
  if (error === null || typeof error !== 'object') return undefined;
  const candidate = error as DuplicateKeyInfo;
  const writeErrors = Array.isArray(candidate.writeErrors) ? (candidate.writeErrors as DuplicateKeyInfo[]) : [];
  const first = writeErrors.find((writeError) => writeError.code === DUPLICATE_KEY);
  if (first !== undefined) return { ...first, ...(isPlainObject(first.err) ? (first.err as DuplicateKeyInfo) : {}) };
  return candidate.code === DUPLICATE_KEY ? candidate : undefined;
};

const toDuplicateKeyError = (collection: string, error: unknown): unknown => {
  const info = duplicateKeyInfo(error);
  if (info === undefined) return error;
  const message = typeof info.errmsg === 'string' ? info.errmsg : typeof info.message === 'string' ? info.message : '';
  const index = /index: (\S+)/.exec(message)?.[1] ?? 'unknown';
  const keyValue = info.keyValue ?? (/dup key: (.*)$/.exec(message)?.[1] as unknown);
  return new DuplicateKeyError(
    collection,
    `index ${index} dup key: ${typeof keyValue === 'string' ? keyValue : JSON.stringify(keyValue ?? {})}`,
  );
};

/** adds a string _id for an upsert that would otherwise get an ObjectId */
const withUpsertId = (filter: Filter, update: UpdateOperators): Document => {
  if ((update.$set && '_id' in update.$set) || upsertSeed(filter)._id !== undefined) return update;
  return { ...update, $setOnInsert: { _id: randomUUID() } };
};

/** a copy, so the driver's _id handling never touches the caller's object */
const toMongoDocument = (document: Doc): Document => ({ ...document });
const toMongoUpdate = (update: UpdateOperators | Document): UpdateFilter<Document> => update as UpdateFilter<Document>;

const toUpdateResult = (result: { matchedCount: number; modifiedCount: number; upsertedId: unknown }): UpdateResult => ({
  matchedCount: result.matchedCount,
  modifiedCount: result.modifiedCount,
  ...(result.upsertedId !== null && result.upsertedId !== undefined ? { upsertedId: String(result.upsertedId) } : {}),
});

const checkReplacement = (replacement: Update): void => {
  if (!isReplacement(replacement)) throw new QueryError('A replacement document cannot hold update operators');
};

const checkOperators = (update: Update): void => {
  if (isReplacement(update)) throw new QueryError('updateMany needs update operators, not a replacement document');
  validateUpdate(update);
};

class MongoDocumentCollection<T extends Doc> implements Collection<T> {
  private readonly collection: MongoCollection<Document>;

  constructor(
    db: Db,
    readonly name: string,
  ) {
    this.collection = db.collection(name);
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    compileFilter(filter);
    if (options.sort) compileSort(options.sort);
    if (options.projection) compileProjection(options.projection);
    const cursor = this.collection.find(filter as MongoFilter<Document>, {
      ...(options.sort && Object.keys(options.sort).length > 0 ? { sort: options.sort } : {}),
      ...(options.skip ? { skip: options.skip } : {}),
      ...(options.limit ? { limit: options.limit } : {}),
      ...(options.projection && Object.keys(options.projection).length > 0 ? { projection: options.projection } : {}),
    });
    return (await cursor.toArray()) as unknown as T[];
  }

  async findOne(filter: Filter = {}, options: FindOptions = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async count(filter: Filter = {}): Promise<number> {
    compileFilter(filter);
    return this.collection.countDocuments(filter as MongoFilter<Document>);
  }

  async insertOne(document: T): Promise<void> {
    try {
      await this.collection.insertOne(toMongoDocument(document));
    } catch (error) {
      throw toDuplicateKeyError(this.name, error);
    }
  }

  async insertMany(documents: T[]): Promise<void> {
    if (documents.length === 0) return;
    try {
      await this.collection.insertMany(
        documents.map((document) => toMongoDocument(document)),
        { ordered: true },
      );
    } catch (error) {
      throw toDuplicateKeyError(this.name, error);
    }
  }

  async updateOne(filter: Filter, update: UpdateOperators, options: UpdateOptions = {}): Promise<UpdateResult> {
    compileFilter(filter);
    validateUpdate(update);
    if (isReplacement(update)) return this.replaceOne(filter, update as unknown as T, options);
    const upsert = options.upsert === true;
    try {
      const result = await this.collection.updateOne(
        filter as MongoFilter<Document>,
        toMongoUpdate(upsert ? withUpsertId(filter, update) : update),
        { upsert },
      );
      return toUpdateResult(result);
    } catch (error) {
      throw toDuplicateKeyError(this.name, error);
    }
  }

  async updateMany(filter: Filter, update: UpdateOperators): Promise<UpdateResult> {
    compileFilter(filter);
    checkOperators(update);
    try {
      return toUpdateResult(await this.collection.updateMany(filter as MongoFilter<Document>, toMongoUpdate(update)));
    } catch (error) {
      throw toDuplicateKeyError(this.name, error);
    }
  }

  async replaceOne(filter: Filter, replacement: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    compileFilter(filter);
    checkReplacement(replacement);
    try {
      return toUpdateResult(
        await this.collection.replaceOne(filter as MongoFilter<Document>, toMongoDocument(replacement), {
          upsert: options.upsert === true,
        }),
      );
    } catch (error) {
      throw toDuplicateKeyError(this.name, error);
    }
  }

  async deleteOne(filter: Filter): Promise<DeleteResult> {
    compileFilter(filter);
    const result = await this.collection.deleteOne(filter as MongoFilter<Document>);
    return { deletedCount: result.deletedCount };
  }

  async deleteMany(filter: Filter = {}): Promise<DeleteResult> {
    compileFilter(filter);
    const result = await this.collection.deleteMany(filter as MongoFilter<Document>);
    return { deletedCount: result.deletedCount };
  }

  async bulkWrite(operations: BulkOperation<T>[]): Promise<BulkResult> {
    if (operations.length === 0) return { insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 };
    const mapped = operations.map((operation): AnyBulkWriteOperation<Document> => {
      if ('insertOne' in operation) return { insertOne: { document: toMongoDocument(operation.insertOne.document) } };
      if ('updateOne' in operation) {
        const { filter, update, upsert } = operation.updateOne;
        compileFilter(filter);
        validateUpdate(update);
        if (isReplacement(update))
          return { replaceOne: { filter: filter as MongoFilter<Document>, replacement: update as Document, upsert: upsert === true } };
        return {
          updateOne: {
            filter: filter as MongoFilter<Document>,
            update: toMongoUpdate(upsert ? withUpsertId(filter, update) : update),
            upsert: upsert === true,
          },
        };
      }
      if ('updateMany' in operation) {
        compileFilter(operation.updateMany.filter);
        checkOperators(operation.updateMany.update);
        return {
          updateMany: { filter: operation.updateMany.filter as MongoFilter<Document>, update: toMongoUpdate(operation.updateMany.update) },
        };
      }
      if ('replaceOne' in operation) {
        const { filter, replacement, upsert } = operation.replaceOne;
        compileFilter(filter);
        checkReplacement(replacement);
        return {
          replaceOne: { filter: filter as MongoFilter<Document>, replacement: toMongoDocument(replacement), upsert: upsert === true },
        };
      }
      if ('deleteOne' in operation) {
        compileFilter(operation.deleteOne.filter);
        return { deleteOne: { filter: operation.deleteOne.filter as MongoFilter<Document> } };
      }
      if ('deleteMany' in operation) {
        compileFilter(operation.deleteMany.filter);
        return { deleteMany: { filter: operation.deleteMany.filter as MongoFilter<Document> } };
      }
      throw new QueryError(`Unknown bulk operation ${JSON.stringify(Object.keys(operation))}`);
    });
    try {
      const result = await this.collection.bulkWrite(mapped, { ordered: true });
      return {
        insertedCount: result.insertedCount,
        matchedCount: result.matchedCount,
        modifiedCount: result.modifiedCount,
        deletedCount: result.deletedCount,
        upsertedCount: result.upsertedCount,
      };
    } catch (error) {
      throw toDuplicateKeyError(this.name, error);
    }
  }

  async createIndex(index: IndexSpec): Promise<void> {
    try {
      await this.collection.createIndex(index.keys, {
        ...(index.unique ? { unique: true } : {}),
        ...(index.name !== undefined ? { name: index.name } : {}),
      });
    } catch (error) {
      throw toDuplicateKeyError(this.name, error);
    }
  }

  async drop(): Promise<void> {
    try {
      await this.collection.drop();
    } catch (error) {
      if ((error as { code?: unknown }).code !== NAMESPACE_NOT_FOUND) throw error;
    }
  }
}

/** connects to MongoDB; the store's collections live in the database `dbName` */
export const createMongoDocumentStore = async (options: MongoDocumentStoreOptions): Promise<MongoDocumentStore> => {
  const client = await MongoClient.connect(options.url, { ignoreUndefined: true });
  const db = client.db(options.dbName);
  return {
    db,
    collection: <T extends Doc = Doc>(name: string): Collection<T> => new MongoDocumentCollection<T>(db, name),
    async listCollections() {
      const collections = await db.listCollections({}, { nameOnly: true }).toArray();
      return collections
        .map((collection) => collection.name)
        .filter((name) => !name.startsWith('system.'))
        .sort();
    },
    async renameCollection(from, to) {
      if (from === to) throw new QueryError(`Cannot rename collection ${from} to itself`);
      await db.renameCollection(from, to, { dropTarget: true });
    },
    async close() {
      await client.close();
    },
  };
};
