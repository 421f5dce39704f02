import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SEARCH_LIMIT_DEFAULT,
  tableExportQuerySchema,
  tableQueryRoutes,
  toColumnView,
  type MultiQueryAnswer,
  type ProjectMultiQueryPart,
  type RecordDocument,
  type RecordView,
  type TableQueryBody,
  type TableQueryCondition,
} from '@stramien/api';
import {
  DomainError,
  jobDecider,
  jobSchemas,
  messages,
  RECORD_COUNT_CAP,
  tableMessages,
  targetTableOf,
  toJobStreamId,
  type CellValue,
  type Column,
  type ColumnType,
} from '@stramien/domain';
import type { DocumentStore, Filter } from '@stramien/infra';
import { TABLE_EXPORT_KIND, type TableExportParams } from '@stramien/jobs';
import { SBS_NODES_COLLECTION, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import {
  decodeCell,
  tableRecordsCollection,
  tableVersionsCollection,
  type RecordDoc,
  type TableDoc,
} from '@stramien/projections/tables/tableDocs';
import {
  ensureRecordIndex,
  findRecord,
  isEmptyFilter,
  projectTables,
  rowOfRecord,
  type RecordRow,
} from '@stramien/projections/tables/tableReads';
import { addRoute } from '../../../plugins/route';
import { requireProjectAccess } from '../../../plugins/permissionSubject';
import { createCommandHandler } from '../../../pipeline/commandHandler';
import { loadTableAccess, tableNotFound, type TableAccess } from '../../../access/tableAccess';
import type { AppDeps } from '../../../deps';
import { conditionsFilter, escapeRegex } from '@stramien/projections/tables/recordFilters';
import { readableTables, recordNotFound, recordsPage, recordTable } from './tableReading';
import { recordView, userNames } from './tableReadViews';

/** Column types whose cells are text: the search looks in these, and a record's display text is the first of them. */
const TEXT_LIKE: readonly ColumnType[] = ['text', 'text-field', 'link', 'email', 'dropdown', 'sbscode'];
const isTextLike = (column: Column): boolean => TEXT_LIKE.includes(column.type);

/** The search's time budget per call and the span of log positions one step of it reads (docs/tables.md "Search"). */
export const SEARCH_BUDGET_MS = 250;
export const SEARCH_WINDOW = 20_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (ref: string | { id: string }): string => (typeof ref === 'string' ? ref : ref.id);
const invalid = (errors: Record<string, string[]>): DomainError => new DomainError(messages.shared.invalidInput, 400, errors);

/** A column named by its id, or else by its name (any case). */
const columnNamed = (columns: readonly Column[], nameOrId: string): Column | undefined =>
  columns.find((c) => c.columnId === nameOrId) ?? columns.find((c) => c.name.toLowerCase() === nameOrId.toLowerCase());

type PartInput = ProjectMultiQueryPart;

/**
 * A part's join, checked against the parts before it: the alias must name one, and the column (id or name) must be a
 * `table` column of this table pointing to that part's table (`out`), or of that table pointing to this one (`in`).
 */
const resolveJoin = (
  join: { alias: string; column: string },
  access: TableAccess,
  before: readonly ResolvedPart[],
  i: number,
  add: (field: string, message: string) => void,
): ResolvedPart['join'] => {
  const other = before.find((part) => part.alias === join.alias);
  if (!other) {
    add(`tables.${i}.join.alias`, tableMessages.joinAliasUnknown);
    return undefined;
  }
  const here = access.table;
  const there = other.access.table;
  const own = columnNamed(here.columns, join.column);
  if (own && targetTableOf(own) === there.tableId) return { alias: join.alias, column: own, direction: 'out' };
  const theirs = columnNamed(there.columns, join.column);
  if (theirs && targetTableOf(theirs) === here.tableId) return { alias: join.alias, column: theirs, direction: 'in' };
  add(`tables.${i}.join.column`, tableMessages.joinColumnUnlinked);
  return undefined;
};

/** A part of a multi-table query, resolved: the table read through the user's access, its alias, the query builder's body and the columns answered. */
interface ResolvedPart {
  alias: string;
  access: TableAccess;
  query: TableQueryBody;
  /** null: every column */
  columns: Column[] | null;
  limit: number | undefined;
  offset: number | undefined;
  /**
   * Linked to the part `alias` (named before) through `column`: `out` when the column is this table's and points to
   * that part's table, `in` when it is that part's and points here.
   */
  join?: { alias: string; column: Column; direction: 'out' | 'in' };
}

/**
 * The calls across tables (spec 2 §7; docs/tables.md "Across tables"): the multi-table query and its export, the
 * tables that hold an SBS code, a record as a document, and the project search. Each reads through the same access as
 * the single-table routes (tableAccess) and the same query builder (recordFilters, recordsPage).
 */
export const registerTableSearchRoutes = (app: FastifyInstance, onIndexError: (error: unknown) => void): void => {
  const { deps } = app;
  const store = deps.adapters.documentStore;
  const handleJob = createCommandHandler(app, { decider: jobDecider, schemas: jobSchemas, toStreamId: toJobStreamId });

  /**
   * Resolves every part before any is queried: the project (one for all), each table (id or name; 404 for one the
   * user may not read, of another project, or unknown), the aliases (unique), the columns and the sort column.
   */
  const resolveParts = async (request: FastifyRequest, parts: readonly PartInput[], pathProject?: string): Promise<ResolvedPart[]> => {
    const projectId = pathProject ?? idOf(parts[0]!.project!);
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    parts.forEach((part, i) => {
      if (part.project === undefined) {
        if (pathProject === undefined) add(`tables.${i}.project`, messages.validation.required);
      } else if (idOf(part.project) !== projectId) add(`tables.${i}.project`, tableMessages.oneProject);
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
    await requireProjectAccess(deps, request, projectId, 'project');
    const byName = new Map((await projectTables(store, projectId)).map((t) => [t.name.toLowerCase(), t._id]));
    const resolved: ResolvedPart[] = [];
    const aliases = new Set<string>();
    for (const [i, part] of parts.entries()) {
      const tableId = UUID.test(part.table) ? part.table : byName.get(part.table.toLowerCase());
      if (tableId === undefined) throw tableNotFound();
      const access = await loadTableAccess(deps, request, tableId);
      if (access.table.projectId !== projectId) throw tableNotFound();
      const alias = part.alias ?? part.table;
      if (aliases.has(alias)) add(`tables.${i}.alias`, tableMessages.aliasTaken);
      aliases.add(alias);
      const columns = access.table.columns;
      const asked = (part.columns ?? []).map((entry, j) => {
        const column = columnNamed(columns, entry.column);
        if (!column) add(`tables.${i}.columns.${j}.column`, tableMessages.unknownColumn);
        return { entry, column };
      });
      const sortColumn = part.sort ? columnNamed(columns, part.sort.column) : undefined;
      if (part.sort && !sortColumn) add(`tables.${i}.sort.column`, tableMessages.unknownColumn);
      const query: TableQueryBody = {
        match: part.match ?? 'AND',
        conditions: asked.map(({ entry, column }) => ({
          match: entry.match ?? 'AND',
          conditions: column ? entry.conditions.map((c): TableQueryCondition => ({ ...c, column: column.columnId })) : [],
        })),
        ...(sortColumn ? { sort: { column: sortColumn.columnId, order: part.sort?.order ?? 'ASC' } } : {}),
      };
      // the builder's own checks (operators fit the type, values fit the column), answered under this part's fields
      try {
        conditionsFilter(columns, query);
      } catch (e) {
        if (!(e instanceof DomainError) || !e.errors) throw e;
        for (const [field, list] of Object.entries(e.errors)) {
          const key = field.replace(/^conditions\.(\d+)\.conditions\./, `tables.${i}.columns.$1.conditions.`);
          for (const message of list) add(key, message);
        }
      }
      const shown = asked.flatMap(({ column }) => (column ? [column] : []));
      const join = 'join' in part && part.join ? resolveJoin(part.join, access, resolved, i, add) : undefined;
      resolved.push({
        alias,
        access,
        query,
        columns: shown.length > 0 ? shown : null,
        limit: part.records,
        offset: part.offset,
        ...(join ? { join } : {}),
      });
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return resolved;
  };

  const answerParts = async (parts: ResolvedPart[]): Promise<Record<string, MultiQueryAnswer>> => {
    const data: Record<string, MultiQueryAnswer> = {};
    const byAlias = new Map(parts.map((part) => [part.alias, part]));
    /** the records a joined part links through: all that its query matches (up to the count cap), once per part */
    const matched = new Map<string, Promise<RecordView[]>>();
    const matchedBy = (alias: string): Promise<RecordView[]> => {
      let records = matched.get(alias);
      if (!records) {
        const part = byAlias.get(alias)!;
        records = linkFilter(part).then(
          async (link) => (await recordsPage(deps, part.access, partAsk(part, link, { limit: 0 }), onIndexError)).data,
        );
        matched.set(alias, records);
      }
      return records;
    };
    /** the filter a join adds: the linked records' ids, or the ids their cells name */
    const linkFilter = async (part: ResolvedPart): Promise<Filter | null> => {
      if (!part.join) return null;
      const linked = await matchedBy(part.join.alias);
      const columnId = part.join.column.columnId;
      if (part.join.direction === 'out') return { [`v.${columnId}`]: { $in: linked.map((record) => record.id) } };
      const named = linked.flatMap((record) => {
        const cell = record.values[columnId];
        return typeof cell === 'string' ? [cell] : [];
      });
      return { _id: { $in: [...new Set(named)] } };
    };
    const partAsk = (part: ResolvedPart, link: Filter | null, page: { limit: number | undefined; skip?: number }) => ({
      filter: (columns: readonly Column[]) => {
        const read = conditionsFilter(columns, part.query);
        return link ? { ...read, filter: isEmptyFilter(read.filter) ? link : { $and: [read.filter, link] } } : read;
      },
      ...(part.query.sort
        ? { sort: { column: part.query.sort.column, order: part.query.sort.order === 'DESC' ? (-1 as const) : (1 as const) } }
        : {}),
      sortField: 'sort.column',
      limit: page.limit,
      ...(page.skip ? { skip: page.skip } : {}),
    });
    for (const part of parts) {
      const page = await recordsPage(
        deps,
        part.access,
        partAsk(part, await linkFilter(part), { limit: part.limit, ...(part.offset ? { skip: part.offset } : {}) }),
        onIndexError,
      );
      const shown = part.columns;
      const ids = shown ? new Set(shown.map((c) => c.columnId)) : null;
      data[part.alias] = {
        table: { id: part.access.table.tableId, name: part.access.table.name },
        project: { id: part.access.table.projectId },
        columns: shown ? shown.map(toColumnView) : page.columns,
        data: ids
          ? page.data.map((r) => ({ ...r, values: Object.fromEntries(Object.entries(r.values).filter(([id]) => ids.has(id))) }))
          : page.data,
        count: page.count,
        count_capped: page.count_capped,
      };
    }
    return data;
  };

  addRoute(app, tableQueryRoutes.multiQuery, async ({ body, request }) => ({
    data: await answerParts(await resolveParts(request, body.tables)),
  }));

  addRoute(app, tableQueryRoutes.projectMultiQuery, async ({ params, body, request }) => ({
    data: await answerParts(await resolveParts(request, body.tables, params.id)),
  }));

  addRoute(app, tableQueryRoutes.projectMultiExport, async ({ params, body, request }) => {
    const parts = await resolveParts(request, body.tables, params.id);
    const jobs: { id: string; alias: string; table: { id: string } }[] = [];
    let position = 0;
    for (const part of parts) {
      const jobId = randomUUID();
      const { tableId, projectId } = part.access.table;
      const params: TableExportParams = {
        projectId,
        tableId,
        // the single-table query's conditions and sort (by column id), as the export job reads them
        query: tableExportQuerySchema.parse({
          match: part.query.match,
          conditions: part.query.conditions,
          ...(part.query.sort ? { sort: part.query.sort } : {}),
        }),
        format: body.format,
      };
      const result = await handleJob(
        request,
        jobId,
        { type: 'RequestJob', data: { jobId, licenceId: part.access.actor.licenceId, projectId, kind: TABLE_EXPORT_KIND, params } },
        { actor: part.access.actor, projectId },
      );
      position = result.position;
      jobs.push({ id: jobId, alias: part.alias, table: { id: tableId } });
    }
    return { message: tableMessages.exportStarted, data: jobs, position };
  });

  addRoute(app, tableQueryRoutes.sbsTables, async ({ query, request }) => {
    const project = await requireProjectAccess(deps, request, query['project[id]'], 'project');
    const data = [];
    for (const { doc } of await readableTables(deps, project)) {
      const sbsColumns = doc.columns.filter((c) => c.type === 'sbscode');
      if (sbsColumns.length === 0) continue;
      // each sbscode column's index, built on the first look-up of the table (docs/tables.md "Across tables")
      for (const column of sbsColumns) await ensureRecordIndex(store, doc, [column.columnId], undefined);
      const filter: Filter =
        sbsColumns.length === 1
          ? { [`v.${sbsColumns[0]!.columnId}`]: query.sbs_code }
          : { $or: sbsColumns.map((c) => ({ [`v.${c.columnId}`]: query.sbs_code })) };
      const count = await store.collection(tableRecordsCollection(doc._id)).count(filter);
      if (count === 0) continue;
      data.push({
        table: { id: doc._id, name: doc.name },
        project: { id: doc.projectId },
        columns: sbsColumns.map((c) => ({ id: c.columnId, name: c.name })),
        count: Math.min(count, RECORD_COUNT_CAP),
        count_capped: count > RECORD_COUNT_CAP,
      });
    }
    return { data };
  });

  addRoute(app, tableQueryRoutes.recordDocument, async ({ params, request }) => {
    const access = await recordTable(deps, request, params.id);
    const { tableId, projectId, columns } = access.table;
    const row = await findRecord(store, tableId, params.id);
    if (!row) throw recordNotFound();
    const value = (column: Column): CellValue => decodeCell(row.v[column.columnId], column.type);
    // linked records: read only in tables the user may read
    const readable = new Map((await readableTables(deps, access.project)).map((t) => [t.doc._id, t.doc]));
    const linked = new Map<string, { id: string; table: { id: string }; display: string }>();
    for (const column of columns.filter((c) => c.type === 'table')) {
      const target = targetTableOf(column);
      const id = value(column);
      const doc = target === null ? undefined : readable.get(target);
      if (!doc || typeof id !== 'string') continue;
      const other = await findRecord(store, doc._id, id);
      if (other) linked.set(column.columnId, { id, table: { id: doc._id }, display: displayText(doc, other) });
    }
    const codes = columns.filter((c) => c.type === 'sbscode').flatMap((c) => (typeof value(c) === 'string' ? [value(c) as string] : []));
    const labels = await sbsLabels(deps, projectId, codes);
    const [names, revisions] = await Promise.all([
      userNames(store, [row.createdBy, row.updatedBy]),
      store.collection(tableVersionsCollection(tableId)).count({ recordId: params.id }),
    ]);
    const fields = [...columns]
      .sort((a, b) => a.position - b.position)
      .map((column) => {
        const v = value(column);
        const record = linked.get(column.columnId) ?? null;
        const sbs = column.type === 'sbscode' && typeof v === 'string' ? { code: v, label: labels.get(v) ?? null } : null;
        const display =
          v === null ? null : record ? record.display : sbs ? (sbs.label ? `${sbs.code} - ${sbs.label}` : sbs.code) : String(v);
        return { column: { id: column.columnId, name: column.name, type: column.type }, value: v, display, record, sbs };
      });
    const data: RecordDocument = {
      id: row.id,
      table: { id: tableId, name: access.table.name },
      project: { id: projectId, name: access.project.project.name },
      fields,
      created_at: row.createdAt,
      created_by: { id: row.createdBy, name: names.get(row.createdBy) ?? '' },
      updated_at: row.updatedAt,
      updated_by: { id: row.updatedBy, name: names.get(row.updatedBy) ?? '' },
      revision_count: revisions,
    };
    return { data };
  });

  addRoute(app, tableQueryRoutes.search, async ({ body, request }) => {
    const project = await requireProjectAccess(deps, request, idOf(body.project), 'project');
    const readable = (await readableTables(deps, project)).map((t) => t.doc);
    let tables: TableDoc[];
    if (body.tables) {
      const wanted = new Set(body.tables);
      tables = readable.filter((t) => wanted.has(t._id));
      if (tables.length < wanted.size) throw tableNotFound();
    } else tables = readable.filter((t) => !t.module);
    const limit = body.limit ?? SEARCH_LIMIT_DEFAULT;
    const pattern = escapeRegex(body.value);
    const deadline = performance.now() + SEARCH_BUDGET_MS;
    const data = [];
    for (const doc of tables) {
      const textColumns = [...doc.columns].sort((a, b) => a.position - b.position).filter(isTextLike);
      if (textColumns.length === 0) continue;
      const filter: Filter = { $or: textColumns.map((c) => ({ [`v.${c.columnId}`]: { $regex: pattern, $options: 'i' } })) };
      // past the budget, a table not yet begun is not searched at all
      const found: SearchFound =
        data.length > 0 && performance.now() > deadline
          ? { rows: [], capped: false, complete: false }
          : await searchTable(store, doc, filter, limit, deadline);
      if (found.rows.length === 0 && found.complete) continue;
      data.push({
        table: { id: doc._id, name: doc.name },
        columns: textColumns.map(toColumnView),
        data: found.rows.map((r) => recordView(r, { tableId: doc._id, projectId: doc.projectId }, doc.columns)),
        capped: found.capped,
        complete: found.complete,
      });
    }
    return { data };
  });
};

/** A record's display text: its first non-empty text-like cell (by column position), else its id. */
const displayText = (table: TableDoc, row: RecordRow): string => {
  for (const column of [...table.columns].sort((a, b) => a.position - b.position)) {
    const v = row.v[column.columnId];
    if (isTextLike(column) && v !== null && v !== undefined && v !== '') return String(v);
  }
  return row.id;
};

/** The labels of SBS codes in the project's SBS: the default version's label, else another version's. */
const sbsLabels = async (deps: AppDeps, projectId: string, codes: string[]): Promise<Map<string, string>> => {
  if (codes.length === 0) return new Map();
  const nodes = await deps.adapters.documentStore
    .collection<SbsNodeDoc>(SBS_NODES_COLLECTION)
    .find({ projectId, code: { $in: [...new Set(codes)] } }, { projection: { code: 1, label: 1, versionId: 1 } });
  const labels = new Map<string, string>();
  // the default version's id is the project's (docs/sbs.md): it wins
  for (const node of [...nodes].sort((a, b) => Number(a.versionId === projectId) - Number(b.versionId === projectId)))
    labels.set(node.code, node.label);
  return labels;
};

export interface SearchFound {
  rows: RecordRow[];
  capped: boolean;
  complete: boolean;
}

/**
 * The records of a table matching a text filter, newest first, bounded (docs/tables.md "Search"): the table is read in
 * spans of SEARCH_WINDOW log positions down from its last event (a span holds at most that many records, as each
 * record's `_seq` is the position of its creation), each span one range over the `_seq` index with the filter, until
 * `limit` + 1 records are found, the oldest record is passed, or the call's time budget is spent (`complete: false`).
 * Every table gets at least its newest span unless the budget ran out before it began.
 */
export const searchTable = async (
  store: DocumentStore,
  doc: Pick<TableDoc, '_id' | '_position'>,
  filter: Filter,
  limit: number,
  deadline: number,
  window = SEARCH_WINDOW,
): Promise<SearchFound> => {
  const records = store.collection<RecordDoc>(tableRecordsCollection(doc._id));
  const oldest = (await records.findOne({}, { sort: { _seq: 1 }, projection: { _seq: 1 } }))?._seq;
  if (oldest === undefined) return { rows: [], capped: false, complete: true };
  let high = doc._position + 1;
  const rows: RecordRow[] = [];
  let first = true;
  while (high > oldest) {
    if (!first && performance.now() > deadline) return { rows, capped: false, complete: false };
    first = false;
    const low = Math.max(oldest, high - window);
    const found = await records.find({ ...filter, _seq: { $gte: low, $lt: high } }, { sort: { _seq: -1 }, limit: limit + 1 - rows.length });
    rows.push(...found.map(rowOfRecord));
    if (rows.length > limit) return { rows: rows.slice(0, limit), capped: true, complete: true };
    high = low;
  }
  return { rows, capped: false, complete: true };
};
