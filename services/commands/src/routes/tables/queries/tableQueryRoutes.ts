import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  recordFilters,
  TABLE_DIFF_MAX,
  TABLE_PAGE_DEFAULT,
  tableQueryRoutes,
  toColumnView,
  toPermissionView,
  toTableView,
  type RecordsPage,
  type RevisionCompare,
} from '@stramien/api';
import { DomainError, isModuleTable, messages, RECORD_COUNT_CAP, tableMessages, toRecordStreamId, type Column } from '@stramien/domain';
import type { Filter } from '@stramien/infra';
import { OPEN, type TableDoc } from '@stramien/projections/tables/tableDocs';
import {
  changesBetween,
  columnsAt,
  columnVersions,
  currentRecords,
  diffPositions,
  ensureRecordIndex,
  findRecord,
  findRecords,
  findRevision,
  findTable,
  positionAt,
  projectTables,
  recordHistory,
  recordsAsOf,
  tableRevisions,
  type RecordRow,
  type RecordsAnswer,
} from '@stramien/projections/tables/tableReads';
import { addRoute } from '../../../plugins/route';
import { requireProjectAccess, TEAMS_COLLECTION, type ProjectAccess, type TeamPermissionDoc } from '../../../plugins/permissionSubject';
import { loadTableAccess, rightsIn, tableNotFound, type TableAccess } from '../../../access/tableAccess';
import type { AppDeps } from '../../../deps';
import { checkSortColumn, conditionsFilter, equalityFilter, type ReadFilter } from '@stramien/projections/tables/recordFilters';
import { ColumnHistory, recordView, revisionView, userNames, valuesOf } from './tableReadViews';

/** "now" as a position: above every log position, below OPEN (versions still valid end at OPEN) */
const NOW = OPEN - 1;
/** records a relation lists per relation and direction (a bound, not a business rule) */
const RELATED_MAX = 100;

const recordNotFound = (): DomainError => new DomainError(tableMessages.recordNotFound, 404);

/** A table of the project asked: another project's table answers 404 like a table the user may not read. */
const tableOfProject = async (deps: AppDeps, request: FastifyRequest, projectId: string, tableId: string): Promise<TableAccess> => {
  const access = await loadTableAccess(deps, request, tableId);
  if (access.table.projectId !== projectId) throw tableNotFound();
  return access;
};

/** The table a record belongs to (the first event of its stream), checked for read access; 404 'Record not found.'. */
const recordTable = async (deps: AppDeps, request: FastifyRequest, recordId: string): Promise<TableAccess> => {
  const [first] = await deps.adapters.eventStore.readStream(toRecordStreamId(recordId), { maxCount: 1 });
  const tableId = (first?.data as { tableId?: unknown } | undefined)?.tableId;
  if (typeof tableId !== 'string') throw recordNotFound();
  return loadTableAccess(deps, request, tableId).catch((e: unknown) => {
    throw e instanceof DomainError && e.status === 404 ? recordNotFound() : e;
  });
};

const definitionOf = (access: TableAccess) => ({
  tableId: access.table.tableId,
  projectId: access.table.projectId,
  name: access.table.name,
  columns: access.table.columns,
  relations: access.table.relations,
});

/** The `tables` document of a readable table; a table the read model has not caught up with yet counts as empty. */
const tableDocOf = async (deps: AppDeps, access: TableAccess): Promise<TableDoc> =>
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

const encodeCursor = (after: number): string => Buffer.from(JSON.stringify({ after })).toString('base64url');
const decodeCursor = (cursor: string): number => {
  try {
    const after = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown }).after;
    if (typeof after === 'number' && Number.isSafeInteger(after)) return after;
  } catch {
    // answered below
  }
  throw new DomainError(messages.shared.invalidInput, 400, { cursor: [messages.validation.invalidValue] });
};

interface PageAsk {
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
const recordsPage = async (
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
const readableTables = async (deps: AppDeps, access: ProjectAccess): Promise<{ doc: TableDoc; rights: ReturnType<typeof rightsIn> }[]> =>
  (await projectTables(deps.adapters.documentStore, access.project._id))
    .map((doc) => ({ doc, rights: rightsIn(access, doc.permissions) }))
    .filter((t) => t.rights.read);

const definitionOfDoc = (doc: TableDoc) => ({
  tableId: doc._id,
  projectId: doc.projectId,
  name: doc.name,
  columns: doc.columns,
  relations: doc.relations,
});

/**
 * The read side of project tables (spec 2 §7; docs/tables.md "Read side"): every route reads through the table's
 * access (tableAccess: 404 'Table not found.' for a table the user may not read, of another project or licence).
 */
export const registerTableQueryRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const store = deps.adapters.documentStore;
  const onIndexError = (error: unknown) => app.log.error({ err: error }, 'a record index could not be built');

  addRoute(app, tableQueryRoutes.list, async ({ query, request }) => {
    const access = await requireProjectAccess(deps, request, query['project[id]'], 'project');
    const withModules = query.module === '1';
    return {
      data: (await readableTables(deps, access))
        .filter((t) => withModules || !t.doc.module)
        .map((t) => toTableView(definitionOfDoc(t.doc), t.rights, t.doc.recordCount)),
    };
  });

  addRoute(app, tableQueryRoutes.get, async ({ params, request }) => {
    const access = await loadTableAccess(deps, request, params.id);
    const doc = await tableDocOf(deps, access);
    return { data: toTableView(definitionOf(access), access, doc.recordCount) };
  });

  addRoute(app, tableQueryRoutes.columns, async ({ query, request }) => {
    const access = await tableOfProject(deps, request, query['project[id]'], query['table[id]']);
    return { data: access.table.columns.map(toColumnView) };
  });

  addRoute(app, tableQueryRoutes.permissions, async ({ query, request }) => {
    const project = await requireProjectAccess(deps, request, query['project[id]'], 'project-settings');
    const tableId = query['table[id]'];
    const tables = (await projectTables(store, project.project._id)).filter((t) => tableId === undefined || t._id === tableId);
    if (tableId !== undefined && tables.length === 0) throw tableNotFound();
    const teamIds = [...new Set(tables.flatMap((t) => t.permissions.map((p) => p.teamId)))];
    const teams = await store.collection<TeamPermissionDoc>(TEAMS_COLLECTION).find({ _id: { $in: teamIds } });
    const teamName = new Map(teams.map((t) => [t._id, t.name]));
    return {
      data: tables.flatMap((t) =>
        t.permissions.map((p) => toPermissionView({ tableId: t._id, projectId: t.projectId }, p, teamName.get(p.teamId) ?? '')),
      ),
    };
  });

  addRoute(app, tableQueryRoutes.relations, async ({ params, query, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project');
    const only = query?.['filter[table]'];
    const tables = (await readableTables(deps, access)).filter((t) => only === undefined || t.doc._id === only);
    if (only !== undefined && tables.length === 0) throw tableNotFound();
    return {
      data: tables.flatMap(({ doc }) =>
        doc.relations.map((r) => ({
          id: r.relationId,
          project: { id: doc.projectId },
          table: { id: doc._id },
          column: { id: r.columnId },
          target_table: { id: r.targetTableId },
        })),
      ),
    };
  });

  addRoute(app, tableQueryRoutes.records, async ({ query, request }) => {
    const access = await tableOfProject(deps, request, query['project[id]'], query['table[id]']);
    const filters = recordFilters(query);
    const column = query['sort[column]'];
    return recordsPage(
      deps,
      access,
      {
        filter: (columns) => equalityFilter(columns, filters),
        ...(column !== undefined ? { sort: { column, order: query['sort[order]'] === 'DESC' ? -1 : 1 } } : {}),
        sortField: 'sort[column]',
        limit: query['filter[limit]'],
        ...(query['filter[offset]'] !== undefined ? { skip: query['filter[offset]'] } : {}),
        ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
        ...(query.timestamp !== undefined ? { timestamp: query.timestamp } : {}),
        ...(query.revision !== undefined ? { revision: query.revision } : {}),
      },
      onIndexError,
    );
  });

  addRoute(app, tableQueryRoutes.query, async ({ params, body, request }) => {
    const access = await tableOfProject(deps, request, params.id, params.tableId);
    return recordsPage(
      deps,
      access,
      {
        filter: (columns) => conditionsFilter(columns, body),
        ...(body.sort ? { sort: { column: body.sort.column, order: body.sort.order === 'DESC' ? -1 : 1 } } : {}),
        sortField: 'sort.column',
        limit: body.limit,
        ...(body.offset ? { skip: body.offset } : {}),
      },
      onIndexError,
    );
  });

  addRoute(app, tableQueryRoutes.record, async ({ params, request }) => {
    const access = await recordTable(deps, request, params.id);
    const row = await findRecord(store, access.table.tableId, params.id);
    if (!row) throw recordNotFound();
    return { data: recordView(row, access.table, access.table.columns) };
  });

  addRoute(app, tableQueryRoutes.recordHistory, async ({ params, request }) => {
    const access = await recordTable(deps, request, params.id);
    const tableId = access.table.tableId;
    const [history, versions] = await Promise.all([recordHistory(store, tableId, params.id), columnVersions(store, tableId)]);
    const columns = new ColumnHistory(versions);
    const names = await userNames(
      store,
      history.map((h) => h.by),
    );
    return { data: history.map((h) => columns.change(h, names)) };
  });

  addRoute(app, tableQueryRoutes.recordRelations, async ({ params, request }) => {
    const access = await recordTable(deps, request, params.id);
    const row = await findRecord(store, access.table.tableId, params.id);
    if (!row) throw recordNotFound();
    const readable = new Map((await readableTables(deps, access.project)).map((t) => [t.doc._id, t.doc]));
    const related: {
      relation: { id: string };
      column: { id: string };
      direction: 'outgoing' | 'incoming';
      record: ReturnType<typeof recordView>;
    }[] = [];
    const view = (r: RecordRow, doc: TableDoc) => recordView(r, { tableId: doc._id, projectId: doc.projectId }, doc.columns);
    for (const relation of access.table.relations) {
      const target = readable.get(relation.targetTableId);
      const id = row.v[relation.columnId];
      if (!target || typeof id !== 'string') continue;
      const other = await findRecord(store, target._id, id);
      if (other)
        related.push({
          relation: { id: relation.relationId },
          column: { id: relation.columnId },
          direction: 'outgoing',
          record: view(other, target),
        });
    }
    for (const doc of readable.values()) {
      for (const relation of doc.relations.filter((r) => r.targetTableId === access.table.tableId)) {
        const filter: Filter = { [`v.${relation.columnId}`]: params.id };
        for (const other of await findRecords(store, doc._id, filter, RELATED_MAX)) {
          related.push({
            relation: { id: relation.relationId },
            column: { id: relation.columnId },
            direction: 'incoming',
            record: view(other, doc),
          });
        }
      }
    }
    return { data: related };
  });

  addRoute(app, tableQueryRoutes.revisions, async ({ query, request }) => {
    const access = await tableOfProject(deps, request, query['project[id]'], query['table[id]']);
    const revisions = await tableRevisions(store, access.table.tableId);
    const names = await userNames(
      store,
      revisions.map((r) => r.createdBy),
    );
    return { data: revisions.map((r) => revisionView(r, names)) };
  });

  addRoute(app, tableQueryRoutes.compareRevisions, async ({ query, request }) => {
    const access = await tableOfProject(deps, request, query['project[id]'], query['table[id]']);
    const tableId = access.table.tableId;
    const side = async (id: string, missing: string) => {
      if (id === 'actual') return { revision: null, position: NOW };
      const revision = await findRevision(store, tableId, id);
      if (!revision) throw new DomainError(missing, 404);
      return { revision, position: revision.position };
    };
    const from = await side(query.from, tableMessages.revisionNotFound);
    const to = await side(query.to, tableMessages.compareRevisionNotFound);
    const versions = await columnVersions(store, tableId);
    const history = new ColumnHistory(versions);
    const columns = [...columnsAt(versions, from.position), ...columnsAt(versions, to.position)].filter(
      (c, i, all) => all.findIndex((o) => o.columnId === c.columnId) === i,
    );
    const diff = await diffPositions(store, tableId, from.position, to.position, TABLE_DIFF_MAX);
    const names = await userNames(store, [from.revision?.createdBy ?? '', to.revision?.createdBy ?? '']);
    const head = (await tableDocOf(deps, access))._position;
    const snapshot = (r: RecordRow) => ({ id: r.id, values: valuesOf(r.v, columns) });
    const data: RevisionCompare = {
      from: { revision: from.revision ? revisionView(from.revision, names) : null, position: from.revision ? from.position : head },
      to: { revision: to.revision ? revisionView(to.revision, names) : null, position: to.revision ? to.position : head },
      columns: columns.map(toColumnView),
      added: diff.added.map(snapshot),
      removed: diff.removed.map(snapshot),
      changed: diff.changed.map((c) => ({ ...snapshot(c.row), cells: history.cells(c.cells, Math.min(to.position, NOW)) })),
      capped: diff.capped,
    };
    return { data };
  });

  addRoute(app, tableQueryRoutes.changes, async ({ params, query, request }) => {
    const access = await loadTableAccess(deps, request, params.id);
    const tableId = access.table.tableId;
    const from = new Date(query.from).toISOString();
    const to = query.to !== undefined ? new Date(query.to).toISOString() : new Date().toISOString();
    const [{ changes, capped }, versions] = await Promise.all([
      changesBetween(store, tableId, from, to, TABLE_DIFF_MAX),
      columnVersions(store, tableId),
    ]);
    const columns = new ColumnHistory(versions);
    const names = await userNames(
      store,
      changes.map((c) => c.by),
    );
    return { data: changes.map((c) => columns.change(c, names)), capped };
  });
};
