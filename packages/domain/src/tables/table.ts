import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';
import { columnTypeSchema } from './constants';

/** spec 2 §3: a cell's stored value. Values are keyed by column id, never by name (docs/tables.md). */
export const cellValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CellValue = z.infer<typeof cellValueSchema>;

/**
 * `options_value` (spec 2 §3: JSON read as structured data): a dropdown column holds `{options: string[]}`, a table
 * column `{table: <tableId>}`; other types hold null. `parseColumnOptions` (columnTypes.ts) checks the shape per type.
 */
export const columnOptionsSchema = z.record(z.string(), z.unknown()).nullable();
export type ColumnOptions = z.infer<typeof columnOptionsSchema>;

export const columnSchema = z.object({
  columnId: z.string(),
  name: z.string(),
  type: columnTypeSchema,
  options: columnOptionsSchema,
  position: z.number(),
});
export type Column = z.infer<typeof columnSchema>;

/** spec 2 §3 Relation: a column of this table that points at another table */
export const tableRelationSchema = z.object({ relationId: z.string(), columnId: z.string(), targetTableId: z.string() });
export type TableRelation = z.infer<typeof tableRelationSchema>;

/** spec 2 §6: a team's rights on one table */
export const tableTeamPermissionSchema = z.object({ permissionId: z.string(), teamId: z.string(), read: z.boolean(), write: z.boolean() });
export type TableTeamPermission = z.infer<typeof tableTeamPermissionSchema>;

const change = <T extends z.ZodType>(schema: T) => z.object({ from: schema, to: schema });

/** The table stream `table-<id>`: the definition and the revision marks, never the records (docs/tables.md "Streams"). */
export const tableEventSchemas = {
  TableCreated: z.object({ tableId: z.string(), projectId: z.string(), name: z.string() }),
  TableRenamed: z.object({ tableId: z.string(), projectId: z.string(), name: z.string(), previousName: z.string() }),
  TableDeleted: z.object({ tableId: z.string(), projectId: z.string() }),
  ColumnAdded: z.object({ tableId: z.string(), projectId: z.string(), column: columnSchema }),
  ColumnUpdated: z.object({
    tableId: z.string(),
    projectId: z.string(),
    columnId: z.string(),
    changes: z.object({
      name: change(z.string()).optional(),
      options: change(columnOptionsSchema).optional(),
      position: change(z.number()).optional(),
    }),
  }),
  /** the relations that used the column go with it (spec 2 §4) */
  ColumnDeleted: z.object({ tableId: z.string(), projectId: z.string(), columnId: z.string(), removedRelationIds: z.array(z.string()) }),
  RelationAdded: z.object({ tableId: z.string(), projectId: z.string(), relation: tableRelationSchema }),
  RelationRemoved: z.object({ tableId: z.string(), projectId: z.string(), relationId: z.string() }),
  TablePermissionGranted: z.object({ tableId: z.string(), projectId: z.string(), permission: tableTeamPermissionSchema }),
  TablePermissionChanged: z.object({
    tableId: z.string(),
    projectId: z.string(),
    permissionId: z.string(),
    read: z.boolean(),
    write: z.boolean(),
  }),
  TablePermissionRevoked: z.object({ tableId: z.string(), projectId: z.string(), permissionId: z.string() }),
  /** a named log position: `position` is the event store's head when it was stored (docs/tables.md "Revisions") */
  RevisionStored: z.object({
    tableId: z.string(),
    projectId: z.string(),
    revisionId: z.string(),
    reason: z.string(),
    position: z.number().int().nonnegative(),
  }),
  /**
   * The restore of `revisionId` began (docs/tables.md "Revisions"): the state before it is the revision
   * `newRevisionId` (stored by the RevisionStored just before, in the same append), the job `jobId` does the records.
   */
  RevisionRestoreStarted: z.object({
    tableId: z.string(),
    projectId: z.string(),
    revisionId: z.string(),
    newRevisionId: z.string(),
    jobId: z.string(),
  }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof tableEventSchemas;
export type TableEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type TableEventType = TableEvent['type'];
export const tableEventTypes = Object.keys(tableEventSchemas) as TableEventType[];
export const tableSchemas: EventSchemas<TableEvent> = tableEventSchemas;

export interface TableRevisionMark {
  revisionId: string;
  reason: string;
  position: number;
}

/** A table's definition as its stream folds it. */
export interface TableState {
  exists: boolean;
  deleted: boolean;
  tableId: string;
  projectId: string;
  name: string;
  /** by position, then by the order they were added */
  columns: Column[];
  relations: TableRelation[];
  permissions: TableTeamPermission[];
  revisions: TableRevisionMark[];
}

export const initialTableState = (): TableState => ({
  exists: false,
  deleted: false,
  tableId: '',
  projectId: '',
  name: '',
  columns: [],
  relations: [],
  permissions: [],
  revisions: [],
});

const byPosition = (columns: Column[]): Column[] =>
  columns
    .map((column, order) => ({ column, order }))
    .sort((a, b) => a.column.position - b.column.position || a.order - b.order)
    .map((c) => c.column);

export const evolveTable = (state: TableState, event: TableEvent): TableState => {
  switch (event.type) {
    case 'TableCreated': {
      const { tableId, projectId, name } = event.data;
      return { ...initialTableState(), exists: true, tableId, projectId, name };
    }
    case 'TableRenamed':
      return { ...state, name: event.data.name };
    case 'TableDeleted':
      return { ...state, deleted: true };
    case 'ColumnAdded':
      return {
        ...state,
        columns: byPosition([...state.columns.filter((c) => c.columnId !== event.data.column.columnId), event.data.column]),
      };
    case 'ColumnUpdated': {
      const { columnId, changes } = event.data;
      const columns = state.columns.map((c) =>
        c.columnId !== columnId
          ? c
          : {
              ...c,
              ...(changes.name ? { name: changes.name.to } : {}),
              ...(changes.options ? { options: changes.options.to } : {}),
              ...(changes.position ? { position: changes.position.to } : {}),
            },
      );
      return { ...state, columns: changes.position ? byPosition(columns) : columns };
    }
    case 'ColumnDeleted': {
      const removed = new Set(event.data.removedRelationIds);
      return {
        ...state,
        columns: state.columns.filter((c) => c.columnId !== event.data.columnId),
        relations: state.relations.filter((r) => !removed.has(r.relationId)),
      };
    }
    case 'RelationAdded':
      return {
        ...state,
        relations: [...state.relations.filter((r) => r.relationId !== event.data.relation.relationId), event.data.relation],
      };
    case 'RelationRemoved':
      return { ...state, relations: state.relations.filter((r) => r.relationId !== event.data.relationId) };
    case 'TablePermissionGranted':
      return {
        ...state,
        permissions: [...state.permissions.filter((p) => p.permissionId !== event.data.permission.permissionId), event.data.permission],
      };
    case 'TablePermissionChanged': {
      const { permissionId, read, write } = event.data;
      return { ...state, permissions: state.permissions.map((p) => (p.permissionId === permissionId ? { ...p, read, write } : p)) };
    }
    case 'TablePermissionRevoked':
      return { ...state, permissions: state.permissions.filter((p) => p.permissionId !== event.data.permissionId) };
    case 'RevisionStored': {
      const { revisionId, reason, position } = event.data;
      return { ...state, revisions: [...state.revisions, { revisionId, reason, position }] };
    }
    case 'RevisionRestoreStarted':
      return state;
  }
};

/** Is the table there (created and not deleted)? */
export const isLiveTable = (state: TableState): boolean => state.exists && !state.deleted;
