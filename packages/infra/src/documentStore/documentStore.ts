/**
 * DocumentStore port: MongoDB semantics for the subset the read side uses.
 * Filters: equality (incl. on array members), $eq $ne $gt $gte $lt $lte $in $nin $exists $regex ($options)
 * $and $or $nor $not $elemMatch $size $all, dotted paths into sub-documents and arrays.
 * Updates: $set $unset $inc $push ($each) $pull $addToSet ($each); a plain object replaces.
 */
export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export interface UpdateOperators {
  $set?: Record<string, unknown>;
  $unset?: Record<string, unknown>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
  $addToSet?: Record<string, unknown>;
}
export type SortSpec = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId?: string;
}

export interface DeleteResult {
  deletedCount: number;
}

export type BulkOperation<T extends Doc> =
  | { insertOne: { document: T } }
  | { updateOne: { filter: Filter; update: UpdateOperators; upsert?: boolean } }
  | { updateMany: { filter: Filter; update: UpdateOperators } }
  | { replaceOne: { filter: Filter; replacement: T; upsert?: boolean } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

export interface BulkResult {
  insertedCount: number;
  matchedCount: number;
  modifiedCount: number;
  deletedCount: number;
  upsertedCount: number;
}

export interface IndexSpec {
  keys: Record<string, 1 | -1>;
  unique?: boolean;
  name?: string;
}

export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(
    readonly collection: string,
    readonly key: string,
  ) {
    super(`Duplicate key in ${collection}: ${key}`);
  }
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter?: Filter, options?: FindOptions): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  insertOne(document: T): Promise<void>;
  insertMany(documents: T[]): Promise<void>;
  updateOne(filter: Filter, update: UpdateOperators, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: UpdateOperators): Promise<UpdateResult>;
  replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<DeleteResult>;
  deleteMany(filter?: Filter): Promise<DeleteResult>;
  /** applied in order; atomically in the embedded adapter */
  bulkWrite(operations: BulkOperation<T>[]): Promise<BulkResult>;
  /** idempotent */
  createIndex(index: IndexSpec): Promise<void>;
  drop(): Promise<void>;
}

export interface DocumentStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  listCollections(): Promise<string[]>;
  /** atomically replaces `to` (dropping it) with `from`; used to swap in a rebuilt read model */
  renameCollection(from: string, to: string): Promise<void>;
  close(): Promise<void>;
}
