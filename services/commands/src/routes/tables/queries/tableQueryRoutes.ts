import type { FastifyInstance } from 'fastify';
import {
  recordFilters,
  TABLE_DIFF_MAX,
  tableQueryRoutes,
  toColumnView,
  toPermissionView,
  toTableView,
  type RevisionCompare,
} from '@stramien/api';
import { DomainError, tableMessages } from '@stramien/domain';
import type { Filter } from '@stramien/infra';
import { OPEN, type TableDoc } from '@stramien/projections/tables/tableDocs';
import {
  changesBetween,
  columnsAt,
  columnVersions,
  diffPositions,
  findRecord,
  findRecords,
  findRevision,
  projectTables,
  recordHistory,
  tableRevisions,
  type RecordRow,
} from '@stramien/projections/tables/tableReads';
import { addRoute } from '../../../plugins/route';
import { requireProjectAccess, TEAMS_COLLECTION, type TeamPermissionDoc } from '../../../plugins/permissionSubject';
import { loadTableAccess, tableNotFound, type TableAccess } from '../../../access/tableAccess';
import { conditionsFilter, equalityFilter } from '@stramien/projections/tables/recordFilters';
import { ColumnHistory, recordView, revisionView, userNames, valuesOf } from './tableReadViews';
import { definitionOfDoc, readableTables, recordNotFound, recordsPage, recordTable, tableDocOf, tableOfProject } from './tableReading';
import { registerTableSearchRoutes } from './tableSearchRoutes';

/** "now" as a position: above every log position, below OPEN (versions still valid end at OPEN) */
const NOW = OPEN - 1;
/** records a relation lists per relation and direction (a bound, not a business rule) */
const RELATED_MAX = 100;

const definitionOf = (access: TableAccess) => ({
  tableId: access.table.tableId,
  projectId: access.table.projectId,
  name: access.table.name,
  columns: access.table.columns,
  relations: access.table.relations,
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
  registerTableSearchRoutes(app, onIndexError);
};
