import type { DocumentStore, Doc, IndexSpec } from '@stramien/infra';
import type { CellValue, Column, ColumnType, TableRelation, TableTeamPermission } from '@stramien/domain';

/**
 * The documents of the tables read side (docs/tables.md "Read side"): the catalogue `tables`, the revisions, the
 * column versions, and per table a records collection (current values) and a versions collection (every record
 * version with the log positions it was valid from and to).
 */
export const TABLES_COLLECTION = 'tables';
export const TABLE_REVISIONS_COLLECTION = 'table_revisions';
export const TABLE_COLUMN_VERSIONS_COLLECTION = 'table_column_versions';
export const tableRecordsCollection = (tableId: string): string => `table_records_${tableId}`;
export const tableVersionsCollection = (tableId: string): string => `table_versions_${tableId}`;

/** `to` of a version still valid: the largest safe integer (above every log position) */
export const OPEN = Number.MAX_SAFE_INTEGER;
/** `toAt` of a version still valid (ISO times compare as strings) */
export const OPEN_AT = '9999-12-31T23:59:59.999Z';
/** At most this many record indexes per table (docs/tables.md "Indexes follow use"). */
export const RECORD_INDEXES_MAX = 32;

/**
 * A cell as the read model stores it: booleans as 1 and 0, so every column stays exactly translatable to SQL by the
 * embedded store (sorted and filtered through its indexes); `decodeCell` turns them back by the column's type.
 */
export type StoredCell = string | number | null;
export type StoredValues = Record<string, StoredCell>;

export const encodeCell = (value: CellValue): StoredCell => (typeof value === 'boolean' ? (value ? 1 : 0) : value);
export const encodeValues = (values: Record<string, CellValue>): StoredValues =>
  Object.fromEntries(Object.entries(values).map(([columnId, value]) => [columnId, encodeCell(value)]));
export const decodeCell = (value: StoredCell | undefined, type: ColumnType | undefined): CellValue =>
  value === undefined || value === null ? null : type === 'boolean' ? value === 1 : value;

/** The catalogue document of a table: its current definition, what the query side needs, and the applied position. */
export interface TableDoc extends Doc {
  _id: string;
  licenceId: string;
  projectId: string;
  name: string;
  /** a module's table (CFFA_DHME_, CFFA_FORGE_): hidden from the general lists */
  module: boolean;
  columns: Column[];
  relations: TableRelation[];
  permissions: TableTeamPermission[];
  /** live records, kept by the record events (exact) */
  recordCount: number;
  /** the position each column's open version starts at (the id of its `table_column_versions` document) */
  columnSince: Record<string, number>;
  /** record indexes built on first use, by name (written by the query side only) */
  indexes?: string[];
  /**
   * How the table's record versions are named (`VersionDoc._id`): `position` (every table made since 2026-11-29) the
   * log position that opened the version (`versionIdAt`), growing with the log; absent, `<recordId>:<from>` (tables made
   * before, whose versions keep their names: a replay after a crash writes each version under the name it had).
   */
  versionIds?: 'position';
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  deleted: boolean;
  /** the last event of the table or its records applied */
  _position: number;
}

/** A live record: current values by column id, `_seq` its creation order (the position of its RecordCreated). */
export interface RecordDoc extends Doc {
  _id: string;
  _seq: number;
  v: StoredValues;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export type RecordOp = 'RecordCreated' | 'RecordUpdated' | 'RecordRestored';

/**
 * A version's name in a table whose `versionIds` is `position`: the position that opened it, zero-padded to 16 digits
 * (every safe integer) so that names sort as the positions do. A position opens one version of one record, so it names
 * one version of the table; a new version goes to the end of the `_id` index, where `<recordId>:<from>` went to a
 * random page of it (docs/performance.md 44.).
 */
export const versionIdAt = (position: number): string => String(position).padStart(16, '0');

/** One version of a record: valid from position `from` (inclusive) to `to` (exclusive), and what opened and closed it. */
export interface VersionDoc extends Doc {
  /** `versionIdAt(from)`, or `<recordId>:<from>` in a table made before those (`TableDoc.versionIds`) */
  _id: string;
  recordId: string;
  _seq: number;
  v: StoredValues;
  from: number;
  to: number;
  /**
   * `from` and `to` again, unindexed: the "as of" page filters on these so that SQLite walks the `_seq` index in
   * order and stops at the page's end, instead of sorting every version the `from`/`to` indexes would give it
   */
  validFrom: number;
  validTo: number;
  fromAt: string;
  toAt: string;
  /** who wrote the event that opened it, and which event */
  by: string;
  op: RecordOp;
  /** the cells that event changed, with old and new values */
  changes: Record<string, { from: StoredCell; to: StoredCell }>;
  /** the revision a restore brought back */
  revisionId: string | null;
  createdAt: string;
  createdBy: string;
  /** set when an event closed it: who, which event, and for a deletion by a restore the revision */
  closedBy: string | null;
  closedOp: RecordOp | 'RecordDeleted' | null;
  closedRevisionId: string | null;
}

/** One version of a column definition, valid from `from` to `to` like record versions. */
export interface ColumnVersionDoc extends Doc {
  /** `<tableId>:<columnId>:<from>` */
  _id: string;
  tableId: string;
  columnId: string;
  name: string;
  type: ColumnType;
  options: Column['options'];
  position: number;
  from: number;
  to: number;
  fromAt: string;
  toAt: string;
}

export interface RevisionDoc extends Doc {
  _id: string;
  tableId: string;
  projectId: string;
  licenceId: string;
  reason: string;
  /** the log position the revision names */
  position: number;
  createdAt: string;
  createdBy: string;
}

/** Versions: as of a position (`_seq` walk), what changed between two (`from`, `to`), by time, and a record's history. */
const VERSION_INDEXES: IndexSpec[] = [
  { keys: { _seq: 1 } },
  { keys: { from: 1 } },
  { keys: { to: 1 } },
  { keys: { fromAt: 1, from: 1 } },
  { keys: { toAt: 1, to: 1 } },
  { keys: { recordId: 1, from: 1 } },
];

/** Creates a table's records and versions collections with their fixed indexes (idempotent). */
export const ensureTableCollections = async (store: DocumentStore, tableId: string): Promise<void> => {
  await store.collection(tableRecordsCollection(tableId)).createIndex({ keys: { _seq: 1 } });
  const versions = store.collection(tableVersionsCollection(tableId));
  for (const index of VERSION_INDEXES) await versions.createIndex(index);
};
