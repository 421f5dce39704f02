import { toRecordView, toRevisionView, type CellChange, type RecordChange, type RecordView, type RevisionView } from '@stramien/api';
import type { Column, ColumnType } from '@stramien/domain';
import type { DocumentStore } from '@stramien/infra';
import type { UserDoc } from '@stramien/projections/identity/users';
import { decodeCell, type ColumnVersionDoc, type RevisionDoc, type StoredValues } from '@stramien/projections/tables/tableDocs';
import type { CellDiff, RecordChangeRow, RecordRow } from '@stramien/projections/tables/tableReads';

/** The read side's documents as the API shows them (packages/api/src/tables/views.ts). */

/** The values of the given columns (absent cells are null; booleans decoded by the column's type). */
export const valuesOf = (v: StoredValues, columns: readonly Pick<Column, 'columnId' | 'type'>[]): RecordView['values'] =>
  Object.fromEntries(columns.map((c) => [c.columnId, decodeCell(v[c.columnId], c.type)]));

/** A record row of the read model as the API shows it: every column's cell (absent ones null). */
export const recordView = (row: RecordRow, table: { tableId: string; projectId: string }, columns: readonly Column[]): RecordView =>
  toRecordView({
    recordId: row.id,
    tableId: table.tableId,
    projectId: table.projectId,
    values: valuesOf(row.v, columns),
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  });

/** Display names of users by id (an unknown id keeps an empty name). */
export const userNames = async (store: DocumentStore, ids: Iterable<string>): Promise<Map<string, string>> => {
  const wanted = [...new Set(ids)].filter((id) => id !== '');
  const users = wanted.length === 0 ? [] : await store.collection<UserDoc>('users').find({ _id: { $in: wanted } });
  return new Map(users.map((u) => [u._id, u.name]));
};

export const revisionView = (doc: RevisionDoc, names: ReadonlyMap<string, string>): RevisionView =>
  toRevisionView({
    revisionId: doc._id,
    tableId: doc.tableId,
    projectId: doc.projectId,
    reason: doc.reason,
    position: doc.position,
    createdAt: doc.createdAt,
    createdBy: { id: doc.createdBy, name: names.get(doc.createdBy) ?? '' },
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
