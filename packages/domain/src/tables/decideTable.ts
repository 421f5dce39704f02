import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { format, messages } from '../shared/messages';
import {
  COLUMN_NAME_MAX,
  REVISION_REASON_MAX,
  TABLE_COLUMNS_MAX,
  TABLE_NAME_MAX,
  TABLE_PERMISSIONS_MAX,
  TABLE_RELATIONS_MAX,
  type ColumnType,
} from './constants';
import { parseColumnOptions, targetTableOf } from './columnTypes';
import { tableMessages } from './messages';
import { evolveTable, initialTableState, isLiveTable, type Column, type TableEvent, type TableState } from './table';

/**
 * Commands of the table aggregate (its definition and revision marks). Who may send them (`tableRights`: manage)
 * is checked by the route before deciding; facts that need a read (is the name free in the project, does the
 * target table exist there, is the team in the project, the store's head position) are established by the handler
 * and passed in.
 */
export type CreateTable = Command<'CreateTable', { tableId: string; projectId: string; name: string; nameTaken: boolean }>;
export type RenameTable = Command<'RenameTable', { name: string; nameTaken: boolean }>;
export type DeleteTable = Command<'DeleteTable', Record<string, never>>;
export type AddColumn = Command<
  'AddColumn',
  {
    columnId: string;
    name: string;
    type: ColumnType;
    /** `options_value` as sent (object or JSON text) */
    options: unknown;
    /** default: after the last column */
    position?: number;
    /** for a `table` column: its target is a live table of the same project */
    targetTableLive: boolean;
  }
>;
export type UpdateColumn = Command<
  'UpdateColumn',
  {
    columnId: string;
    name?: string;
    /** refused when it differs from the column's type */
    type?: ColumnType;
    /** `options_value` as sent; undefined keeps the options */
    options?: unknown;
    position?: number;
    targetTableLive: boolean;
  }
>;
export type DeleteColumn = Command<'DeleteColumn', { columnId: string }>;
export type AddRelation = Command<'AddRelation', { relationId: string; columnId: string }>;
export type RemoveRelation = Command<'RemoveRelation', { relationId: string }>;
export type GrantTablePermission = Command<
  'GrantTablePermission',
  { permissionId: string; teamId: string; read: boolean; write: boolean; teamInProject: boolean }
>;
export type ChangeTablePermission = Command<'ChangeTablePermission', { permissionId: string; read?: boolean; write?: boolean }>;
export type RevokeTablePermission = Command<'RevokeTablePermission', { permissionId: string }>;
/** `position`: the event store's head when the command runs (docs/tables.md "Revisions") */
export type StoreRevision = Command<'StoreRevision', { revisionId: string; reason: string; position: number }>;
/** `newRevisionId`, `reason`, `position`: the revision of the state before the restore; `jobId`: the job that restores */
export type RestoreRevision = Command<
  'RestoreRevision',
  { revisionId: string; newRevisionId: string; reason: string; position: number; jobId: string }
>;

export type TableCommand =
  | CreateTable
  | RenameTable
  | DeleteTable
  | AddColumn
  | UpdateColumn
  | DeleteColumn
  | AddRelation
  | RemoveRelation
  | GrantTablePermission
  | ChangeTablePermission
  | RevokeTablePermission
  | StoreRevision
  | RestoreRevision;

type Result = TableEvent[] | DomainError;

const invalid = (field: string, message: string, status: 409 | 422 = 422): DomainError =>
  new DomainError(status === 409 ? message : messages.shared.invalidInput, status, { [field]: [message] });
const tableNotFound = () => new DomainError(tableMessages.notFound, 404);
const columnNotFound = () => new DomainError(tableMessages.columnNotFound, 404);

const nameError = (field: string, name: string, max: number): DomainError | null => {
  if (name === '') return invalid(field, messages.validation.required);
  if (name.length > max) return invalid(field, format(messages.validation.tooLong, { maximum: max }));
  return null;
};

const sameName = (a: string, b: string): boolean => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export const createTable = (command: CreateTable, state: TableState): Result => {
  if (state.exists) return new DomainError(tableMessages.alreadyExists, 409);
  const { tableId, projectId, nameTaken } = command.data;
  const name = command.data.name.trim();
  const refused = nameError('name', name, TABLE_NAME_MAX) ?? (nameTaken ? invalid('name', tableMessages.nameTaken, 409) : null);
  if (refused) return refused;
  return [{ type: 'TableCreated', data: { tableId, projectId, name } }];
};

export const renameTable = (command: RenameTable, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const name = command.data.name.trim();
  if (name === state.name) return [];
  // renaming 'rooms' to 'Rooms' is no clash with itself
  const taken = command.data.nameTaken && !sameName(name, state.name);
  const refused = nameError('name', name, TABLE_NAME_MAX) ?? (taken ? invalid('name', tableMessages.nameTaken, 409) : null);
  if (refused) return refused;
  return [{ type: 'TableRenamed', data: { tableId: state.tableId, projectId: state.projectId, name, previousName: state.name } }];
};

export const deleteTable = (_command: DeleteTable, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  return [{ type: 'TableDeleted', data: { tableId: state.tableId, projectId: state.projectId } }];
};

const columnNameError = (state: TableState, name: string, columnId: string): DomainError | null =>
  nameError('name', name, COLUMN_NAME_MAX) ??
  (state.columns.some((c) => c.columnId !== columnId && sameName(c.name, name))
    ? invalid('name', tableMessages.columnNameTaken, 409)
    : null);

/** options_value checked for the type; a table column's target must be a live table of the project */
const optionsOf = (type: ColumnType, input: unknown, targetTableLive: boolean): Column['options'] | DomainError => {
  const parsed = parseColumnOptions(type, input);
  if (!parsed.ok) return invalid('options_value', parsed.error.message);
  if (type === 'table' && !targetTableLive) return invalid('options_value', tableMessages.targetTableNotFound);
  return parsed.options;
};

const positionError = (position: number | undefined): DomainError | null =>
  position === undefined || Number.isFinite(position) ? null : invalid('position', messages.validation.notNumber);

export const addColumn = (command: AddColumn, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const { columnId, type, targetTableLive, position } = command.data;
  if (state.columns.some((c) => c.columnId === columnId)) return new DomainError(messages.shared.conflict, 409);
  if (state.columns.length >= TABLE_COLUMNS_MAX)
    return new DomainError(format(tableMessages.tooManyColumns, { maximum: TABLE_COLUMNS_MAX }), 422);
  const name = command.data.name.trim();
  const refused = columnNameError(state, name, columnId) ?? positionError(position);
  if (refused) return refused;
  const options = optionsOf(type, command.data.options, targetTableLive);
  if (options instanceof DomainError) return options;
  const last = state.columns.reduce((max, c) => Math.max(max, c.position), -1);
  return [
    {
      type: 'ColumnAdded',
      data: {
        tableId: state.tableId,
        projectId: state.projectId,
        column: { columnId, name, type, options, position: position ?? last + 1 },
      },
    },
  ];
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export const updateColumn = (command: UpdateColumn, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const column = state.columns.find((c) => c.columnId === command.data.columnId);
  if (!column) return columnNotFound();
  const { type, position, targetTableLive } = command.data;
  if (type !== undefined && type !== column.type) return invalid('type', tableMessages.columnTypeFixed);
  const changes: Extract<TableEvent, { type: 'ColumnUpdated' }>['data']['changes'] = {};
  if (command.data.name !== undefined) {
    const name = command.data.name.trim();
    const refused = columnNameError(state, name, column.columnId);
    if (refused) return refused;
    if (name !== column.name) changes.name = { from: column.name, to: name };
  }
  if (command.data.options !== undefined) {
    const options = optionsOf(column.type, command.data.options, targetTableLive);
    if (options instanceof DomainError) return options;
    if (!same(options, column.options)) changes.options = { from: column.options, to: options };
  }
  if (position !== undefined) {
    const refused = positionError(position);
    if (refused) return refused;
    if (position !== column.position) changes.position = { from: column.position, to: position };
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ColumnUpdated', data: { tableId: state.tableId, projectId: state.projectId, columnId: column.columnId, changes } }];
};

/** spec 2 §4: deleting a column also removes its relations (in the same event) */
export const deleteColumn = (command: DeleteColumn, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const { columnId } = command.data;
  if (!state.columns.some((c) => c.columnId === columnId)) return columnNotFound();
  const removedRelationIds = state.relations.filter((r) => r.columnId === columnId).map((r) => r.relationId);
  return [{ type: 'ColumnDeleted', data: { tableId: state.tableId, projectId: state.projectId, columnId, removedRelationIds } }];
};

/** A relation joins a `table` column to the table it points at; a column has at most one. */
export const addRelation = (command: AddRelation, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const { relationId, columnId } = command.data;
  const column = state.columns.find((c) => c.columnId === columnId);
  if (!column) return invalid('column', tableMessages.columnNotFound);
  const targetTableId = targetTableOf(column);
  if (targetTableId === null) return invalid('column', tableMessages.relationNeedsTableColumn);
  if (state.relations.some((r) => r.columnId === columnId)) return invalid('column', tableMessages.relationExists, 409);
  if (state.relations.length >= TABLE_RELATIONS_MAX)
    return invalid('column', format(messages.validation.tooManyItems, { maximum: TABLE_RELATIONS_MAX }));
  return [
    {
      type: 'RelationAdded',
      data: { tableId: state.tableId, projectId: state.projectId, relation: { relationId, columnId, targetTableId } },
    },
  ];
};

export const removeRelation = (command: RemoveRelation, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const { relationId } = command.data;
  if (!state.relations.some((r) => r.relationId === relationId)) return new DomainError(tableMessages.relationNotFound, 404);
  return [{ type: 'RelationRemoved', data: { tableId: state.tableId, projectId: state.projectId, relationId } }];
};

export const grantTablePermission = (command: GrantTablePermission, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const { permissionId, teamId, read, write, teamInProject } = command.data;
  if (!teamInProject) return invalid('team', tableMessages.teamNotInProject);
  if (state.permissions.some((p) => p.teamId === teamId)) return invalid('team', tableMessages.permissionExists, 409);
  if (state.permissions.length >= TABLE_PERMISSIONS_MAX)
    return invalid('team', format(messages.validation.tooManyItems, { maximum: TABLE_PERMISSIONS_MAX }));
  return [
    {
      type: 'TablePermissionGranted',
      data: { tableId: state.tableId, projectId: state.projectId, permission: { permissionId, teamId, read, write } },
    },
  ];
};

export const changeTablePermission = (command: ChangeTablePermission, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const permission = state.permissions.find((p) => p.permissionId === command.data.permissionId);
  if (!permission) return new DomainError(tableMessages.permissionNotFound, 404);
  const read = command.data.read ?? permission.read;
  const write = command.data.write ?? permission.write;
  if (read === permission.read && write === permission.write) return [];
  return [
    {
      type: 'TablePermissionChanged',
      data: { tableId: state.tableId, projectId: state.projectId, permissionId: permission.permissionId, read, write },
    },
  ];
};

export const revokeTablePermission = (command: RevokeTablePermission, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const { permissionId } = command.data;
  if (!state.permissions.some((p) => p.permissionId === permissionId)) return new DomainError(tableMessages.permissionNotFound, 404);
  return [{ type: 'TablePermissionRevoked', data: { tableId: state.tableId, projectId: state.projectId, permissionId } }];
};

/** A revision is a named log position, not a copy: constant time whatever the table's size. */
export const storeRevision = (command: StoreRevision, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const { revisionId, position } = command.data;
  const reason = command.data.reason.trim();
  const refused = nameError('reason', reason, REVISION_REASON_MAX);
  if (refused) return refused;
  return [{ type: 'RevisionStored', data: { tableId: state.tableId, projectId: state.projectId, revisionId, reason, position } }];
};

/** Restoring first stores the current state as a new revision (spec 2 §4), then a job brings the records back. */
export const restoreRevision = (command: RestoreRevision, state: TableState): Result => {
  if (!isLiveTable(state)) return tableNotFound();
  const { revisionId, newRevisionId, reason, position, jobId } = command.data;
  if (!state.revisions.some((r) => r.revisionId === revisionId)) return new DomainError(tableMessages.revisionNotFound, 404);
  const stored = storeRevision({ ...command, type: 'StoreRevision', data: { revisionId: newRevisionId, reason, position } }, state);
  if (stored instanceof DomainError) return stored;
  return [
    ...stored,
    { type: 'RevisionRestoreStarted', data: { tableId: state.tableId, projectId: state.projectId, revisionId, newRevisionId, jobId } },
  ];
};

export const decideTable = (command: TableCommand, state: TableState): Result => {
  switch (command.type) {
    case 'CreateTable':
      return createTable(command, state);
    case 'RenameTable':
      return renameTable(command, state);
    case 'DeleteTable':
      return deleteTable(command, state);
    case 'AddColumn':
      return addColumn(command, state);
    case 'UpdateColumn':
      return updateColumn(command, state);
    case 'DeleteColumn':
      return deleteColumn(command, state);
    case 'AddRelation':
      return addRelation(command, state);
    case 'RemoveRelation':
      return removeRelation(command, state);
    case 'GrantTablePermission':
      return grantTablePermission(command, state);
    case 'ChangeTablePermission':
      return changeTablePermission(command, state);
    case 'RevokeTablePermission':
      return revokeTablePermission(command, state);
    case 'StoreRevision':
      return storeRevision(command, state);
    case 'RestoreRevision':
      return restoreRevision(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const tableDecider: Decider<TableCommand, TableEvent, TableState> = {
  initialState: initialTableState,
  evolve: evolveTable,
  decide: decideTable,
};

/** The default revision reason (spec 2 §3): the time the revision is stored and the user's last name. */
export const defaultRevisionReason = (now: string, lastName: string): string => `${now} ${lastName}`.trim();
