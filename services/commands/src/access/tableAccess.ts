import type { FastifyRequest } from 'fastify';
import {
  DomainError,
  evolveRecord,
  evolveTable,
  initialRecordState,
  initialTableState,
  isLiveRecord,
  isLiveTable,
  messages,
  tableMessages,
  tableRights,
  toRecordStreamId,
  toTableStreamId,
  type Actor,
  type RecordEvent,
  type RecordState,
  type TableEvent,
  type TableRights,
  type TableState,
  type TableTeamPermission,
} from '@stramien/domain';
import type { RecordDefinition } from '@stramien/api';
import type { AppDeps } from '../deps';
import { requireProjectAccess, type ProjectAccess } from '../plugins/permissionSubject';
import { readFolded } from './foldedStreams';

export interface TableAccess extends TableRights {
  /** the table's definition, folded from its stream `table-<id>` */
  table: TableState;
  /** the user's standing in the table's project (subject, teams) */
  project: ProjectAccess;
  /** the user acting in the project's licence: events of this table and its records carry it */
  actor: Actor;
}

export const tableNotFound = (): DomainError => new DomainError(tableMessages.notFound, 404);

/** What a user may do with the table (spec 2 §6): `tableRights` over their teams in the project. */
export const rightsIn = (
  access: ProjectAccess,
  permissions: readonly Pick<TableTeamPermission, 'teamId' | 'read' | 'write'>[],
): TableRights =>
  tableRights(
    access.subject,
    access.teams.map((t) => t._id),
    permissions,
  );

/** A table's definition: its stream folded (definition and revision marks, no records; only new events are read). */
export const loadTableState = async (deps: AppDeps, tableId: string): Promise<TableState> =>
  (await readFolded<TableState, TableEvent>(deps.adapters.eventStore, toTableStreamId(tableId), initialTableState, evolveTable)).state;

/**
 * Loads a table for a request and decides what the user may do with it (docs/tables.md "Permissions"). The
 * definition comes from folding the table stream, not from the `tables` read model, so a command sees the table as
 * its last command left it (no read-model wait). An unknown or deleted table, a table of a project the user cannot
 * see, and a table the user has no right on all answer 404 'Table not found.' (never 403, so nothing tells that it
 * exists). `need` is then checked: a visible table without that right answers 403.
 */
export const loadTableAccess = async (
  deps: AppDeps,
  request: FastifyRequest,
  tableId: string,
  need: keyof TableRights = 'read',
): Promise<TableAccess> => {
  const table = await loadTableState(deps, tableId);
  if (!isLiveTable(table)) throw tableNotFound();
  const project = await requireProjectAccess(deps, request, table.projectId, 'project').catch((e: unknown) => {
    throw e instanceof DomainError && e.status === 404 ? tableNotFound() : e;
  });
  const rights = rightsIn(project, table.permissions);
  if (!rights.read) throw tableNotFound();
  if (!rights[need]) throw new DomainError(messages.shared.forbidden, 403);
  // field by field: keys added to a spread copy take V8 11's slow path (docs/performance.md 40.)
  return {
    manage: rights.manage,
    write: rights.write,
    read: rights.read,
    table,
    project,
    actor: { userId: project.user.userId, licenceId: project.project.licenceId, isSystemAdmin: project.user.isSystemAdmin },
  };
};

export const recordNotFound = (): DomainError => new DomainError(tableMessages.recordNotFound, 404);

/** A record folded from its stream `record-<id>`, with who made and last changed it, and when (its events' metadata). */
export interface LoadedRecord {
  state: RecordState;
  definition: RecordDefinition;
}

interface Stamp {
  userId?: string;
  occurredAt?: string;
}

/**
 * One record's stream folded, with the metadata of its first and last event (the fold is kept between requests and
 * only the events since are read: a record edited often has a long stream).
 */
export const loadRecord = async (deps: AppDeps, recordId: string): Promise<LoadedRecord> => {
  const folded = await readFolded<RecordState, RecordEvent>(
    deps.adapters.eventStore,
    toRecordStreamId(recordId),
    initialRecordState,
    evolveRecord,
  );
  const { state } = folded;
  const first = (folded.first?.metadata ?? {}) as Stamp;
  const last = (folded.last?.metadata ?? {}) as Stamp;
  const at = (stamp: Stamp, fallback: string | undefined) => stamp.occurredAt ?? fallback ?? '';
  return {
    state,
    definition: {
      recordId: state.recordId,
      tableId: state.tableId,
      projectId: state.projectId,
      values: state.values,
      createdAt: at(first, folded.first?.recordedAt),
      createdBy: first.userId ?? '',
      updatedAt: at(last, folded.last?.recordedAt),
      updatedBy: last.userId ?? '',
    },
  };
};

export interface RecordAccess {
  record: LoadedRecord;
  table: TableAccess;
}

/**
 * Loads a live record and its table's access for a request: an unknown or deleted record, and a record of a table
 * the user may not see, answer 404 'Record not found.'; `need` on its table is then checked (403).
 */
export const loadRecordAccess = async (
  deps: AppDeps,
  request: FastifyRequest,
  recordId: string,
  need: keyof TableRights = 'read',
): Promise<RecordAccess> => {
  const record = await loadRecord(deps, recordId);
  if (!isLiveRecord(record.state)) throw recordNotFound();
  const table = await loadTableAccess(deps, request, record.state.tableId, need).catch((e: unknown) => {
    throw e instanceof DomainError && e.status === 404 ? recordNotFound() : e;
  });
  return { record, table };
};
