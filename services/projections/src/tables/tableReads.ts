import type { Collection, DocumentStore, Filter, SortSpec } from '@stramien/infra';
import type { Column } from '@stramien/domain';
import {
  OPEN,
  RECORD_INDEXES_MAX,
  TABLE_COLUMN_VERSIONS_COLLECTION,
  TABLE_REVISIONS_COLLECTION,
  TABLES_COLLECTION,
  tableRecordsCollection,
  tableVersionsCollection,
  type ColumnVersionDoc,
  type RecordDoc,
  type RecordOp,
  type RevisionDoc,
  type StoredCell,
  type StoredValues,
  type TableDoc,
  type VersionDoc,
} from './tableDocs';

/**
 * Reads of the tables read side (docs/tables.md "Read side"): pages of records now or as of a log position, the
 * columns of a moment, a moment's position from its time, the differences between two positions, the changes
 * between two times, and a record's history. Filters and sorts name stored paths (`v.<columnId>`); the query routes
 * build them from validated input.
 */

/** A record as a page shows it, now or as of a moment. */
export interface RecordRow {
  id: string;
  _seq: number;
  v: StoredValues;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export interface RecordsRequest {
  /** over `v.<columnId>` (stored encoding) */
  filter: Filter;
  sort?: { column: string; order: 1 | -1 };
  limit: number;
  skip?: number;
  /** the `_seq` of the last record of the previous page (creation order only) */
  after?: number;
  /** answer the count too, capped at `countCap` (more reads `capped: true`) */
  countCap: number;
  /**
   * the filter is plain comparisons the store evaluates in SQL (the filters of GET /records): it is counted there,
   * through its index, without reading documents; otherwise at most `countCap + 1` documents are read
   */
  countInStore?: boolean;
}

export interface RecordsAnswer {
  rows: RecordRow[];
  count: number;
  capped: boolean;
  /** the `_seq` to continue after, when the page was full and sorted by creation order */
  next: number | null;
}

/** A records collection's document as a page row. */
export const rowOfRecord = (r: RecordDoc): RecordRow => ({
  id: r._id,
  _seq: r._seq,
  v: r.v,
  createdAt: r.createdAt,
  createdBy: r.createdBy,
  updatedAt: r.updatedAt,
  updatedBy: r.updatedBy,
});

const rowOfVersion = (v: VersionDoc): RecordRow => ({
  id: v.recordId,
  _seq: v._seq,
  v: v.v,
  createdAt: v.createdAt,
  createdBy: v.createdBy,
  updatedAt: v.fromAt,
  updatedBy: v.by,
});

/** the page order of a records request: the sort column, then creation order (the table export's reader threads too) */
export const recordsSortOf = (request: Pick<RecordsRequest, 'sort'>): SortSpec =>
  request.sort ? { [`v.${request.sort.column}`]: request.sort.order, _seq: request.sort.order } : { _seq: 1 };

/** a filter with no condition: every record */
export const isEmptyFilter = (filter: Filter): boolean => Object.keys(filter).length === 0;

/**
 * Versions valid at `position`: from at or before it, to after it (on the unindexed copies, so the page walks `_seq`);
 * a record valid then was created at or before it (`_seq` is its creation's position).
 */
export const validAt = (position: number): Filter => ({
  _seq: { $lte: position },
  validFrom: { $lte: position },
  validTo: { $gt: position },
});

/** How many documents of the filter, counted as the request says, capped. */
const cappedCount = async (
  collection: Collection,
  filter: Filter,
  request: RecordsRequest,
): Promise<{ count: number; capped: boolean }> => {
  const count = request.countInStore
    ? await collection.count(filter)
    : (await collection.find(filter, { limit: request.countCap + 1, projection: { _id: 1 } })).length;
  return { count: Math.min(count, request.countCap), capped: count > request.countCap };
};

const page = async <D extends RecordDoc | VersionDoc>(
  store: DocumentStore,
  collection: string,
  base: Filter,
  request: RecordsRequest,
  toRow: (doc: D) => RecordRow,
  count: () => Promise<{ count: number; capped: boolean }>,
): Promise<RecordsAnswer> => {
  const records = store.collection<D>(collection);
  const after = !request.sort && request.after !== undefined ? { _seq: { $gt: request.after } } : {};
  const docs = await records.find(
    { ...base, ...request.filter, ...after },
    { sort: recordsSortOf(request), limit: request.limit, ...(request.skip ? { skip: request.skip } : {}) },
  );
  const rows = docs.map(toRow);
  const next = !request.sort && rows.length === request.limit ? rows[rows.length - 1]!._seq : null;
  return { rows, ...(await count()), next };
};

/** A page of the table's records now (without filters the count is the table document's). */
export const currentRecords = (store: DocumentStore, table: TableDoc, request: RecordsRequest): Promise<RecordsAnswer> => {
  const collection = tableRecordsCollection(table._id);
  return page<RecordDoc>(store, collection, {}, request, rowOfRecord, async () =>
    isEmptyFilter(request.filter)
      ? { count: Math.min(table.recordCount, request.countCap), capped: table.recordCount > request.countCap }
      : cappedCount(store.collection(collection), request.filter, request),
  );
};

/**
 * A page of the table's records as they were at `position`: one range over the versions, walked in creation order.
 * Without filters the count is the versions begun by then less those ended by then, two index counts (every
 * version that ended by then began by then).
 */
export const recordsAsOf = (store: DocumentStore, tableId: string, position: number, request: RecordsRequest): Promise<RecordsAnswer> => {
  const versions = store.collection<VersionDoc>(tableVersionsCollection(tableId));
  return page<VersionDoc>(store, tableVersionsCollection(tableId), validAt(position), request, rowOfVersion, async () => {
    if (!isEmptyFilter(request.filter))
      return cappedCount(versions, { ...validAt(position), ...request.filter }, { ...request, countInStore: false });
    const count = (await versions.count({ from: { $lte: position } })) - (await versions.count({ to: { $lte: position } }));
    return { count: Math.min(count, request.countCap), capped: count > request.countCap };
  });
};

/** One live record of a table. */
export const findRecord = async (store: DocumentStore, tableId: string, recordId: string): Promise<RecordRow | null> => {
  const doc = await store.collection<RecordDoc>(tableRecordsCollection(tableId)).findOne({ _id: recordId });
  return doc ? rowOfRecord(doc) : null;
};

/** Live records of a table by id (at most `limit`). */
export const findRecords = async (store: DocumentStore, tableId: string, filter: Filter, limit: number): Promise<RecordRow[]> =>
  (await store.collection<RecordDoc>(tableRecordsCollection(tableId)).find(filter, { sort: { _seq: 1 }, limit })).map(rowOfRecord);

export const findTable = (store: DocumentStore, tableId: string): Promise<TableDoc | null> =>
  store.collection<TableDoc>(TABLES_COLLECTION).findOne({ _id: tableId, deleted: false });

/** The live tables of a project, by name. */
export const projectTables = (store: DocumentStore, projectId: string): Promise<TableDoc[]> =>
  store.collection<TableDoc>(TABLES_COLLECTION).find({ projectId, deleted: false }, { sort: { name: 1 } });

/** A table's revisions, newest first. */
export const tableRevisions = (store: DocumentStore, tableId: string): Promise<RevisionDoc[]> =>
  store.collection<RevisionDoc>(TABLE_REVISIONS_COLLECTION).find({ tableId }, { sort: { position: -1 } });

export const findRevision = (store: DocumentStore, tableId: string, revisionId: string): Promise<RevisionDoc | null> =>
  store.collection<RevisionDoc>(TABLE_REVISIONS_COLLECTION).findOne({ _id: revisionId, tableId });

const columnOf = (version: ColumnVersionDoc): Column => ({
  columnId: version.columnId,
  name: version.name,
  type: version.type,
  options: version.options,
  position: version.position,
});

/** Every column version of a table (a table has few), oldest first. */
export const columnVersions = (store: DocumentStore, tableId: string): Promise<ColumnVersionDoc[]> =>
  store.collection<ColumnVersionDoc>(TABLE_COLUMN_VERSIONS_COLLECTION).find({ tableId }, { sort: { from: 1 } });

/** The columns the table had at `position`, by position. */
export const columnsAt = (versions: ColumnVersionDoc[], position: number): Column[] =>
  versions
    .filter((v) => v.from <= position && v.to > position)
    .sort((a, b) => a.position - b.position || a.from - b.from)
    .map(columnOf);

/**
 * The log position that stands for the moment `at` (ISO): the last event of the table (its records and its
 * definition) at or before it; 0 before the table existed.
 */
export const positionAt = async (store: DocumentStore, tableId: string, at: string, columns: ColumnVersionDoc[]): Promise<number> => {
  const versions = store.collection<VersionDoc>(tableVersionsCollection(tableId));
  const opened = await versions.findOne({ fromAt: { $lte: at } }, { sort: { fromAt: -1, from: -1 } });
  const closed = await versions.findOne({ toAt: { $lte: at } }, { sort: { toAt: -1, to: -1 } });
  let position = Math.max(opened?.from ?? 0, closed?.to ?? 0);
  for (const c of columns) {
    if (c.fromAt <= at) position = Math.max(position, c.from);
    if (c.to !== OPEN && c.toAt <= at) position = Math.max(position, c.to);
  }
  return position;
};

export interface CellDiff {
  columnId: string;
  from: StoredCell;
  to: StoredCell;
}

export interface TableDiff {
  added: RecordRow[];
  removed: RecordRow[];
  changed: { row: RecordRow; cells: CellDiff[] }[];
  capped: boolean;
}

const cellsBetween = (before: StoredValues, after: StoredValues): CellDiff[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((columnId) => (before[columnId] ?? null) !== (after[columnId] ?? null))
    .map((columnId) => ({ columnId, from: before[columnId] ?? null, to: after[columnId] ?? null }));

/**
 * What differs between the table at position `from` and at position `to` (either may be the later one; OPEN - 1
 * stands for now): the versions that start or end between them, two range queries. At most `limit` records of
 * each kind are read (`capped` says more changed).
 */
export const diffPositions = async (store: DocumentStore, tableId: string, from: number, to: number, limit: number): Promise<TableDiff> => {
  const [low, high] = from <= to ? [from, to] : [to, from];
  const versions = store.collection<VersionDoc>(tableVersionsCollection(tableId));
  const opened = await versions.find({ from: { $gt: low, $lte: high } }, { limit: limit * 2 + 1 });
  const closed = await versions.find({ to: { $gt: low, $lte: high } }, { limit: limit * 2 + 1 });
  const atLow = new Map(closed.filter((v) => v.from <= low).map((v) => [v.recordId, v]));
  const atHigh = new Map(opened.filter((v) => v.to > high).map((v) => [v.recordId, v]));
  const [before, after] = from <= to ? [atLow, atHigh] : [atHigh, atLow];
  const diff: TableDiff = { added: [], removed: [], changed: [], capped: opened.length > limit * 2 || closed.length > limit * 2 };
  const ids = [...new Set([...before.keys(), ...after.keys()])];
  for (const id of ids) {
    const b = before.get(id);
    const a = after.get(id);
    if (!b && a) diff.added.push(rowOfVersion(a));
    else if (b && !a) diff.removed.push(rowOfVersion(b));
    else if (a && b) {
      const cells = cellsBetween(b.v, a.v);
      if (cells.length > 0) diff.changed.push({ row: rowOfVersion(a), cells });
    }
  }
  const bySeq = (x: RecordRow, y: RecordRow) => x._seq - y._seq;
  diff.added.sort(bySeq);
  diff.removed.sort(bySeq);
  diff.changed.sort((x, y) => bySeq(x.row, y.row));
  if (diff.added.length + diff.removed.length + diff.changed.length > limit) {
    diff.capped = true;
    diff.added = diff.added.slice(0, limit);
    diff.removed = diff.removed.slice(0, Math.max(0, limit - diff.added.length));
    diff.changed = diff.changed.slice(0, Math.max(0, limit - diff.added.length - diff.removed.length));
  }
  return diff;
};

/** One change of a record: the event, its position, time and author, and the cells with old and new values. */
export interface RecordChangeRow {
  recordId: string;
  op: RecordOp | 'RecordDeleted';
  position: number;
  at: string;
  by: string;
  revisionId: string | null;
  cells: CellDiff[];
}

const openedChange = (v: VersionDoc): RecordChangeRow => ({
  recordId: v.recordId,
  op: v.op,
  position: v.from,
  at: v.fromAt,
  by: v.by,
  revisionId: v.revisionId,
  cells: Object.entries(v.changes).map(([columnId, c]) => ({ columnId, from: c.from, to: c.to })),
});

/** a deletion: the cells it took away */
const deletedChange = (v: VersionDoc): RecordChangeRow => ({
  recordId: v.recordId,
  op: 'RecordDeleted',
  position: v.to,
  at: v.toAt,
  by: v.closedBy ?? '',
  revisionId: v.closedRevisionId,
  cells: Object.entries(v.v).map(([columnId, from]) => ({ columnId, from, to: null })),
});

const byPosition = (a: RecordChangeRow, b: RecordChangeRow) => a.position - b.position;

/** A record's changes, oldest first (its versions by `recordId, from`). */
export const recordHistory = async (store: DocumentStore, tableId: string, recordId: string): Promise<RecordChangeRow[]> => {
  const versions = await store.collection<VersionDoc>(tableVersionsCollection(tableId)).find({ recordId }, { sort: { from: 1 } });
  return [...versions.map(openedChange), ...versions.filter((v) => v.closedOp === 'RecordDeleted').map(deletedChange)].sort(byPosition);
};

/** Every record change of a table after `from` up to `to` (ISO times), oldest first, at most `limit`. */
export const changesBetween = async (
  store: DocumentStore,
  tableId: string,
  from: string,
  to: string,
  limit: number,
): Promise<{ changes: RecordChangeRow[]; capped: boolean }> => {
  const versions = store.collection<VersionDoc>(tableVersionsCollection(tableId));
  const opened = await versions.find({ fromAt: { $gt: from, $lte: to } }, { sort: { fromAt: 1, from: 1 }, limit: limit + 1 });
  const deleted = await versions.find(
    { toAt: { $gt: from, $lte: to }, closedOp: 'RecordDeleted' },
    { sort: { toAt: 1, to: 1 }, limit: limit + 1 },
  );
  const changes = [...opened.map(openedChange), ...deleted.map(deletedChange)].sort(byPosition);
  return { changes: changes.slice(0, limit), capped: changes.length > limit };
};

/**
 * Builds, on first use, the records index a query needs (docs/tables.md "Indexes follow use"): its equality
 * columns, then its sort column, then `_seq`; recorded in the table document; at most RECORD_INDEXES_MAX a table.
 * Answers whether an index was built.
 */
export const ensureRecordIndex = async (
  store: DocumentStore,
  table: TableDoc,
  equalityColumns: string[],
  sortColumn: string | undefined,
): Promise<boolean> => {
  const paths = [...new Set([...[...equalityColumns].sort(), ...(sortColumn ? [sortColumn] : [])])].map((c) => `v.${c}`);
  if (paths.length === 0) return false;
  const name = [...paths, '_seq'].join('+');
  const known = table.indexes ?? [];
  if (known.includes(name) || known.length >= RECORD_INDEXES_MAX) return false;
  await store
    .collection(tableRecordsCollection(table._id))
    .createIndex({ name, keys: Object.fromEntries([...paths, '_seq'].map((p) => [p, 1 as const])) });
  await store.collection<TableDoc>(TABLES_COLLECTION).updateOne({ _id: table._id }, { $addToSet: { indexes: name } });
  table.indexes = [...known, name];
  return true;
};
