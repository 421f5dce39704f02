import type { FastifyRequest } from 'fastify';
import { TABLE_PAGE_DEFAULT, toColumnView, type RecordsPage } from '@stramien/api';
import { DomainError, isModuleTable, messages, RECORD_COUNT_CAP, tableMessages, toRecordStreamId, type Column } from '@stramien/domain';
import type { TableDoc } from '@stramien/projections/tables/tableDocs';
import {
  columnsAt,
  columnVersions,
  currentRecords,
  ensureRecordIndex,
  findRevision,
  findTable,
  positionAt,
  projectTables,
  recordsAsOf,
  type RecordsAnswer,
} from '@stramien/projections/tables/tableReads';
import type { ProjectAccess } from '../../../plugins/permissionSubject';
import { loadTableAccess, rightsIn, tableNotFound, type TableAccess } from '../../../access/tableAccess';
import type { AppDeps } from '../../../deps';
import { checkSortColumn, type ReadFilter } from '@stramien/projections/tables/recordFilters';
import { recordView } from './tableReadViews';

/**
 * What the table query routes share (docs/tables.md "Read side"): a table or record read through the user's access,
 * the `tables` document of a readable table, and a page of records now or as of a moment, with its capped count.
 */

export const recordNotFound = (): DomainError => new DomainError(tableMessages.recordNotFound, 404);

/** A table of the project asked: another project's table answers 404 like a table the user may not read. */
export const tableOfProject = async (deps: AppDeps, request: FastifyRequest, projectId: string, tableId: string): Promise<TableAccess> => {
  const access = await loadTableAccess(deps, request, tableId);
  if (access.table.projectId !== projectId) throw tableNotFound();
  return access;
};

/** The table a record belongs to (the first event of its stream), checked for read access; 404 'Record not found.'. */
export const recordTable = async (deps: AppDeps, request: FastifyRequest, recordId: string): Promise<TableAccess> => {
  const [first] = await deps.adapters.eventStore.readStream(toRecordStreamId(recordId), { maxCount: 1 });
  const tableId = (first?.data as { tableId?: unknown } | undefined)?.tableId;
  if (typeof tableId !== 'string') throw recordNotFound();
  return loadTableAccess(deps, request, tableId).catch((e: unknown) => {
    throw e instanceof DomainError && e.status === 404 ? recordNotFound() : e;
  });
};

/** The `tables` document of a readable table; a table the read model has not caught up with yet counts as empty. */
export const tableDocOf = async (deps: AppDeps, access: TableAccess): Promise<TableDoc> =>
  (await findTable(deps.adapters.documentStore, access.table.tableId)) ?? {
    _id: access.table.tableId,
    licenceId: access.actor.licenceId,
    projectId: access.table.projectId,
    name: access.table.name,
    module: isModuleTable(access.table.name),
    columns: access.table.columns,
    relations: access.table.relations,
    permissions: access.table.permissions,
    recordCount: 0,
    columnSince: {},
    createdAt: '',
    createdBy: '',
    updatedAt: '',
    deleted: false,
    _position: 0,
  };

export const encodeCursor = (after: number): string => Buffer.from(JSON.stringify({ after })).toString('base64url');
export const decodeCursor = (cursor: string): number => {
  try {
    const after = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown }).after;
    if (typeof after === 'number' && Number.isSafeInteger(after)) return after;
  } catch {
    // answered below
  }
  throw new DomainError(messages.shared.invalidInput, 400, { cursor: [messages.validation.invalidValue] });
};

export interface PageAsk {
  filter: (columns: Column[]) => ReadFilter;
  sort?: { column: string; order: 1 | -1 };
  sortField: string;
  limit: number | undefined;
  skip?: number;
  cursor?: string;
  timestamp?: string;
  revision?: string;
}

/**
 * A page of records, now or as of a moment (a revision's position, or the position of a time), with the columns of
 * that moment. A query now asks for the index it needs (built after the answer, docs/tables.md "Indexes follow use").
 */
export const recordsPage = async (
  deps: AppDeps,
  access: TableAccess,
  ask: PageAsk,
  onIndexError: (error: unknown) => void,
): Promise<RecordsPage> => {
  const store = deps.adapters.documentStore;
  const tableId = access.table.tableId;
  let position: number | null = null;
  let at: string | null = null;
  let columns: Column[] = access.table.columns;
  if (ask.revision !== undefined || ask.timestamp !== undefined) {
    const versions = await columnVersions(store, tableId);
    if (ask.revision !== undefined) {
      const revision = await findRevision(store, tableId, ask.revision);
      if (!revision) throw new DomainError(tableMessages.revisionNotFound, 404);
      position = revision.position;
      at = revision.createdAt;
    } else {
      at = new Date(ask.timestamp!).toISOString();
      position = await positionAt(store, tableId, at, versions);
    }
    columns = columnsAt(versions, position);
  }
  const { filter, equalityColumns, plain } = ask.filter(columns);
  checkSortColumn(columns, ask.sort?.column, ask.sortField);
  const limit = ask.limit === undefined ? TABLE_PAGE_DEFAULT : ask.limit === 0 ? RECORD_COUNT_CAP : ask.limit;
  const request = {
    filter,
    ...(ask.sort ? { sort: ask.sort } : {}),
    limit,
    ...(ask.skip ? { skip: ask.skip } : {}),
    ...(ask.cursor !== undefined ? { after: decodeCursor(ask.cursor) } : {}),
    countCap: RECORD_COUNT_CAP,
    countInStore: plain,
  };
  let answer: RecordsAnswer;
  if (position === null) {
    const table = await tableDocOf(deps, access);
    answer = await currentRecords(store, table, request);
    if (equalityColumns.length > 0 || ask.sort) {
      setImmediate(() => {
        ensureRecordIndex(store, table, equalityColumns, ask.sort?.column).catch((e: unknown) => onIndexError(e));
      });
    }
  } else answer = await recordsAsOf(store, tableId, position, request);
  return {
    data: answer.rows.map((row) => recordView(row, access.table, columns)),
    columns: columns.map(toColumnView),
    count: answer.count,
    count_capped: answer.capped,
    next_cursor: answer.next === null ? null : encodeCursor(answer.next),
    as_of: position === null ? null : { position, at },
  };
};

/** The tables of a project the user may read, with their rights. */
export const readableTables = async (
  deps: AppDeps,
  access: ProjectAccess,
): Promise<{ doc: TableDoc; rights: ReturnType<typeof rightsIn> }[]> =>
  (await projectTables(deps.adapters.documentStore, access.project._id))
    .map((doc) => ({ doc, rights: rightsIn(access, doc.permissions) }))
    .filter((t) => t.rights.read);

export const definitionOfDoc = (doc: TableDoc) => ({
  tableId: doc._id,
  projectId: doc.projectId,
  name: doc.name,
  columns: doc.columns,
  relations: doc.relations,
});
