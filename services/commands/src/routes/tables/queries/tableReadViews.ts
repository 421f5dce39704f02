import type { CellChange, ColumnView, PermissionView, RecordChange, RecordView, RevisionView, TableView } from '@stramien/api';
import { RECORD_COUNT_CAP, type Column, type ColumnType, type TableRelation, type TableRights } from '@stramien/domain';
import type { DocumentStore } from '@stramien/infra';
import type { UserDoc } from '@stramien/projections/identity/users';
import { decodeCell, type ColumnVersionDoc, type RevisionDoc, type StoredValues } from '@stramien/projections/tables/tableDocs';
import type { CellDiff, RecordChangeRow, RecordRow } from '@stramien/projections/tables/tableReads';

/** The read side's documents as the API shows them (packages/api/src/tables/views.ts). */

export const columnView = (c: Column): ColumnView => ({
  id: c.columnId,
  name: c.name,
  type: c.type,
  options_value: c.options,
  position: c.position,
});

/** A count as the API gives it: exact up to the cap, then the cap and `capped` ("10,000+"). */
export const cappedCount = (count: number): { count: number; capped: boolean } =>
  count > RECORD_COUNT_CAP ? { count: RECORD_COUNT_CAP, capped: true } : { count, capped: false };

export interface TableDefinition {
  tableId: string;
  projectId: string;
  name: string;
  columns: Column[];
  relations: TableRelation[];
}

export const tableView = (table: TableDefinition, module: boolean, recordCount: number, rights: TableRights): TableView => {
  const { count, capped } = cappedCount(recordCount);
  return {
    id: table.tableId,
    name: table.name,
    project: { id: table.projectId },
    columns: table.columns.map(columnView),
    relations: table.relations.map((r) => ({ id: r.relationId, column: { id: r.columnId }, target_table: { id: r.targetTableId } })),
    record_count: count,
    record_count_capped: capped,
    module,
    access: { manage: rights.manage, write: rights.write, read: true },
  };
};

/** The values of the given columns (absent cells are null; booleans decoded by the column's type). */
export const valuesOf = (v: StoredValues, columns: readonly Pick<Column, 'columnId' | 'type'>[]): RecordView['values'] =>
  Object.fromEntries(columns.map((c) => [c.columnId, decodeCell(v[c.columnId], c.type)]));

export const recordView = (row: RecordRow, table: { tableId: string; projectId: string }, columns: readonly Column[]): RecordView => ({
  id: row.id,
  project: { id: table.projectId },
  table: { id: table.tableId },
  values: valuesOf(row.v, columns),
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  created_by: { id: row.createdBy },
  updated_by: { id: row.updatedBy },
});

/** Display names of users by id (an unknown id keeps an empty name). */
export const userNames = async (store: DocumentStore, ids: Iterable<string>): Promise<Map<string, string>> => {
  const wanted = [...new Set(ids)].filter((id) => id !== '');
  const users = wanted.length === 0 ? [] : await store.collection<UserDoc>('users').find({ _id: { $in: wanted } });
  return new Map(users.map((u) => [u._id, u.name]));
};

export const revisionView = (doc: RevisionDoc, names: ReadonlyMap<string, string>): RevisionView => ({
  id: doc._id,
  name: doc.reason,
  reason: doc.reason,
  table: { id: doc.tableId },
  project: { id: doc.projectId },
  position: doc.position,
  created_at: doc.createdAt,
  created_by: { id: doc.createdBy, name: names.get(doc.createdBy) ?? '' },
});

export const permissionView = (
  table: { tableId: string; projectId: string },
  p: { permissionId: string; teamId: string; read: boolean; write: boolean },
  teamName: string,
): PermissionView => ({
  id: p.permissionId,
  project: { id: table.projectId },
  table: { id: table.tableId },
  team: { id: p.teamId, name: teamName },
  read: p.read,
  write: p.write,
});

/**
 * Column names and types over a table's history: the name a column had at a position (a deleted column keeps its
 * last name), its type (types never change).
 */
export class ColumnHistory {
  private readonly byColumn = new Map<string, ColumnVersionDoc[]>();

  constructor(versions: readonly ColumnVersionDoc[]) {
    for (const v of versions) this.byColumn.set(v.columnId, [...(this.byColumn.get(v.columnId) ?? []), v]);
  }

  type(columnId: string): ColumnType | undefined {
    return this.byColumn.get(columnId)?.[0]?.type;
  }

  nameAt(columnId: string, position: number): string | null {
    const versions = this.byColumn.get(columnId) ?? [];
    const valid = versions.find((v) => v.from <= position && v.to > position) ?? versions[versions.length - 1];
    return valid?.name ?? null;
  }

  cells(cells: readonly CellDiff[], position: number): CellChange[] {
    return cells.map((c) => ({
      column: { id: c.columnId, name: this.nameAt(c.columnId, position) },
      from: decodeCell(c.from, this.type(c.columnId)),
      to: decodeCell(c.to, this.type(c.columnId)),
    }));
  }

  change(row: RecordChangeRow, names: ReadonlyMap<string, string>): RecordChange {
    return {
      record: { id: row.recordId },
      event: row.op,
      position: row.position,
      at: row.at,
      by: { id: row.by, name: names.get(row.by) ?? '' },
      revision: row.revisionId ? { id: row.revisionId } : null,
      cells: this.cells(row.cells, row.position),
    };
  }
}
