import { z } from 'zod';
import {
  cellValueSchema,
  columnTypeSchema,
  isModuleTable,
  RECORD_COUNT_CAP,
  type CellValue,
  type Column,
  type TableRelation,
  type TableRights,
  type TableTeamPermission,
} from '@stramien/domain';

/**
 * Tables, columns, records, permissions and revisions as the API shows them (spec 2 §3; the views agreed in
 * docs/tables.md): the spec's snake_case names (`options_value`, `target_table`, `record_count`), references as
 * `{id}` objects, cell values keyed by column id. The domain and the read models keep camelCase.
 */
const ref = z.object({ id: z.string() });

/** spec 2 §3 Table column: `options_value` is JSON read as structured data (dropdown `{options}`, table `{table}`) */
export const columnViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: columnTypeSchema,
  options_value: z.record(z.string(), z.unknown()).nullable(),
  position: z.number(),
});
export type ColumnView = z.infer<typeof columnViewSchema>;

/** spec 2 §3 Relation: a column of this table pointing at another table */
export const relationViewSchema = z.object({ id: z.string(), column: ref, target_table: ref });
export type RelationView = z.infer<typeof relationViewSchema>;

/** what the viewer may do with the table (tableRights): the web app shows or hides actions by it */
export const tableAccessViewSchema = z.object({ manage: z.boolean(), write: z.boolean(), read: z.literal(true) });
export type TableAccessView = z.infer<typeof tableAccessViewSchema>;

export const tableViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  project: ref,
  columns: z.array(columnViewSchema),
  relations: z.array(relationViewSchema),
  /** exact up to RECORD_COUNT_CAP; beyond it the cap with `record_count_capped` ("10,000+") */
  record_count: z.number().int().nonnegative(),
  record_count_capped: z.boolean(),
  /** a module's table (name with a module prefix): hidden from the general lists */
  module: z.boolean(),
  access: tableAccessViewSchema,
});
export type TableView = z.infer<typeof tableViewSchema>;

export const recordViewSchema = z.object({
  id: z.string(),
  project: ref,
  table: ref,
  /** cell values by column id */
  values: z.record(z.string(), cellValueSchema),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: ref,
  updated_by: ref,
});
export type RecordView = z.infer<typeof recordViewSchema>;

/** spec 2 §3 Table permission (id, project, table), per team (spec 2 §6) */
export const permissionViewSchema = z.object({
  id: z.string(),
  project: ref,
  table: ref,
  team: z.object({ id: z.string(), name: z.string() }),
  read: z.boolean(),
  write: z.boolean(),
});
export type PermissionView = z.infer<typeof permissionViewSchema>;

/** spec 2 §3 Revision (id, name, table, project): `name` is the reason (a timestamp plus the user's last name by default) */
export const revisionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  reason: z.string(),
  table: ref,
  project: ref,
  /** the event log position the revision names */
  position: z.number().int().nonnegative(),
  created_at: z.string(),
  created_by: z.object({ id: z.string(), name: z.string() }),
});
export type RevisionView = z.infer<typeof revisionViewSchema>;

/*
 * The builders: the command routes (from folded streams) and the query routes (from read models) answer the same
 * views through these, so a table looks the same whichever side answers.
 */

export const toColumnView = (column: Column): ColumnView => ({
  id: column.columnId,
  name: column.name,
  type: column.type,
  options_value: column.options,
  position: column.position,
});

export const toRelationView = (relation: TableRelation): RelationView => ({
  id: relation.relationId,
  column: { id: relation.columnId },
  target_table: { id: relation.targetTableId },
});

/** A table's definition as the stream folds it or the `tables` read model holds it. */
export interface TableDefinition {
  tableId: string;
  projectId: string;
  name: string;
  columns: readonly Column[];
  relations: readonly TableRelation[];
}

/** `recordCount`: exact, or anything above RECORD_COUNT_CAP when the count stopped there */
export const toTableView = (table: TableDefinition, rights: TableRights, recordCount: number): TableView => ({
  id: table.tableId,
  name: table.name,
  project: { id: table.projectId },
  columns: table.columns.map(toColumnView),
  relations: table.relations.map(toRelationView),
  record_count: Math.min(recordCount, RECORD_COUNT_CAP),
  record_count_capped: recordCount > RECORD_COUNT_CAP,
  module: isModuleTable(table.name),
  access: { manage: rights.manage, write: rights.write, read: true },
});

export const toPermissionView = (
  table: Pick<TableDefinition, 'tableId' | 'projectId'>,
  permission: TableTeamPermission,
  teamName: string,
): PermissionView => ({
  id: permission.permissionId,
  project: { id: table.projectId },
  table: { id: table.tableId },
  team: { id: permission.teamId, name: teamName },
  read: permission.read,
  write: permission.write,
});

/** A record's current values with who made and last changed it, and when (from its events' metadata). */
export interface RecordDefinition {
  recordId: string;
  tableId: string;
  projectId: string;
  values: Readonly<Record<string, CellValue>>;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

/** `columns`: when given, only the cells of these columns (a deleted column's old values are left out) */
export const toRecordView = (record: RecordDefinition, columns?: readonly Pick<Column, 'columnId'>[]): RecordView => ({
  id: record.recordId,
  project: { id: record.projectId },
  table: { id: record.tableId },
  values: columns
    ? Object.fromEntries(columns.filter((c) => c.columnId in record.values).map((c) => [c.columnId, record.values[c.columnId] ?? null]))
    : { ...record.values },
  created_at: record.createdAt,
  updated_at: record.updatedAt,
  created_by: { id: record.createdBy },
  updated_by: { id: record.updatedBy },
});

export interface RevisionDefinition {
  revisionId: string;
  tableId: string;
  projectId: string;
  reason: string;
  position: number;
  createdAt: string;
  createdBy: { id: string; name: string };
}

export const toRevisionView = (revision: RevisionDefinition): RevisionView => ({
  id: revision.revisionId,
  name: revision.reason,
  reason: revision.reason,
  table: { id: revision.tableId },
  project: { id: revision.projectId },
  position: revision.position,
  created_at: revision.createdAt,
  created_by: { ...revision.createdBy },
});
