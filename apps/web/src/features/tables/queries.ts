import {
  tableBulkRoutes,
  tableQueryRoutes,
  tableRoutes,
  type Body,
  type ColumnView,
  type PermissionView,
  type RecordsPage,
  type RecordView,
  type RelationView,
  type RevisionView,
  type TableExportFormat,
  type TableQueryBody,
  type TableView,
} from '@stramien/api';
import type { CellValue } from '@stramien/domain';
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** Rows per page of the records grid: fetched one after the other as the user scrolls. */
export const RECORDS_PAGE_SIZE = 200;

/** What the grid asks of `GET /records`: sort, equals-filters per column, and a past moment (a revision's or any). */
export interface RecordsParams {
  projectId: string;
  tableId: string;
  sort?: { column: string; order: 'ASC' | 'DESC' } | null;
  /** column id -> value (equals) */
  filters?: Record<string, string>;
  asOf?: AsOf | null;
}

/** A past moment of the table: a stored revision (its exact log position) or any date and time. */
export type AsOf = { revision: string; at: string; name: string } | { timestamp: string };

export const asOfMoment = (asOf: AsOf): string => ('revision' in asOf ? asOf.at : asOf.timestamp);

export const tableKeys = {
  all: ['tables'] as const,
  list: (projectId: string) => ['tables', 'list', projectId] as const,
  detail: (tableId: string) => ['tables', 'detail', tableId] as const,
  records: (tableId: string) => ['tables', 'records', tableId] as const,
  recordPages: (params: RecordsParams) => ['tables', 'records', params.tableId, params] as const,
  choices: (tableId: string) => ['tables', 'choices', tableId] as const,
  history: (recordId: string) => ['tables', 'history', recordId] as const,
  document: (recordId: string) => ['tables', 'document', recordId] as const,
  revisions: (tableId: string) => ['tables', 'revisions', tableId] as const,
  compare: (tableId: string, from: string, to: string) => ['tables', 'compare', tableId, from, to] as const,
  permissions: (tableId: string) => ['tables', 'permissions', tableId] as const,
};

/**
 * The log position of the user's last table command: reads send it (X-Min-Position), so a grid loaded right after
 * a change already shows it (ARCHITECTURE.md, read side).
 */
let lastPosition = 0;
export const rememberPosition = (position: number | undefined): void => {
  if (position !== undefined) lastPosition = Math.max(lastPosition, position);
};
const minPosition = () => (lastPosition > 0 ? { minPosition: lastPosition } : {});

/** GET /api/tables?project[id]= — the project's tables the user may read (module tables hidden). */
export const tablesQuery = (projectId: string) =>
  queryOptions({
    queryKey: tableKeys.list(projectId),
    queryFn: async ({ signal }) =>
      (await api.call(tableQueryRoutes.list, { query: { 'project[id]': projectId }, signal, ...minPosition() })).data,
  });

/** GET /api/tables/:id — the definition, record count and the user's access. */
export const tableQuery = (tableId: string) =>
  queryOptions({
    queryKey: tableKeys.detail(tableId),
    queryFn: async ({ signal }) => (await api.call(tableQueryRoutes.get, { params: { id: tableId }, signal, ...minPosition() })).data,
    retry: false,
  });

const recordsQueryString = (params: RecordsParams, limit: number) => ({
  'project[id]': params.projectId,
  'table[id]': params.tableId,
  'filter[limit]': String(limit),
  ...(params.sort ? { 'sort[column]': params.sort.column, 'sort[order]': params.sort.order } : {}),
  ...Object.fromEntries(
    Object.entries(params.filters ?? {})
      .filter(([, value]) => value.trim() !== '')
      .map(([id, value]) => [`filter[${id}]`, value.trim()]),
  ),
  ...(params.asOf ? ('revision' in params.asOf ? { revision: params.asOf.revision } : { timestamp: params.asOf.timestamp }) : {}),
});

/** GET /api/records, one page after the other (cursor) while the grid scrolls. */
export const recordPagesQuery = (params: RecordsParams) =>
  infiniteQueryOptions({
    queryKey: tableKeys.recordPages(params),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.call(tableQueryRoutes.records, {
        query: { ...recordsQueryString(params, RECORDS_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
        ...minPosition(),
      }) as Promise<RecordsPage>,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** The first records of a table, to pick one in a `table` cell of another table. */
export const recordChoicesQuery = (projectId: string, tableId: string) =>
  queryOptions({
    queryKey: tableKeys.choices(tableId),
    queryFn: async ({ signal }) =>
      (await api.call(tableQueryRoutes.records, {
        query: recordsQueryString({ projectId, tableId }, 500),
        signal,
        ...minPosition(),
      })) as RecordsPage,
    staleTime: 30_000,
  });

/** GET /api/record/history/:id — each change of a record: who, when, old and new value per cell. */
export const recordHistoryQuery = (recordId: string) =>
  queryOptions({
    queryKey: tableKeys.history(recordId),
    queryFn: async ({ signal }) =>
      (await api.call(tableQueryRoutes.recordHistory, { params: { id: recordId }, signal, ...minPosition() })).data,
  });

/** GET /api/record/document/:id — the record as a document: every cell as it reads, who made and changed it, its versions. */
export const recordDocumentQuery = (recordId: string) =>
  queryOptions({
    queryKey: tableKeys.document(recordId),
    queryFn: async ({ signal }) =>
      (await api.call(tableQueryRoutes.recordDocument, { params: { id: recordId }, signal, ...minPosition() })).data,
  });

/** GET /api/revisions — newest first (spec 2 §4). */
export const revisionsQuery = (projectId: string, tableId: string) =>
  queryOptions({
    queryKey: tableKeys.revisions(tableId),
    queryFn: async ({ signal }) =>
      (await api.call(tableQueryRoutes.revisions, { query: { 'project[id]': projectId, 'table[id]': tableId }, signal, ...minPosition() }))
        .data,
  });

/** GET /api/revisions/compare — `actual` or a revision id on each side. */
export const compareQuery = (projectId: string, tableId: string, from: string, to: string) =>
  queryOptions({
    queryKey: tableKeys.compare(tableId, from, to),
    queryFn: async ({ signal }) =>
      (
        await api.call(tableQueryRoutes.compareRevisions, {
          query: { 'project[id]': projectId, 'table[id]': tableId, from, to },
          signal,
          ...minPosition(),
        })
      ).data,
    retry: false,
  });

/** GET /api/permissions?table[id]= — the teams' permissions on one table. */
export const tablePermissionsQuery = (projectId: string, tableId: string) =>
  queryOptions({
    queryKey: tableKeys.permissions(tableId),
    queryFn: async ({ signal }) =>
      (
        await api.call(tableQueryRoutes.permissions, {
          query: { 'project[id]': projectId, 'table[id]': tableId },
          signal,
          ...minPosition(),
        })
      ).data,
  });

/** POST /api/project/:id/table/:tableId/query — the query builder's records. */
export const runTableQuery = (projectId: string, tableId: string, body: TableQueryBody) =>
  api.call(tableQueryRoutes.query, { params: { id: projectId, tableId }, body, ...minPosition() }) as Promise<RecordsPage>;

/** The states after which a background job changes no more. */
type Pages = InfiniteData<RecordsPage>;

/*
 * spec 1 §4 "the resulting state replaces the held one": a command's answer goes straight into the cache (a read
 * right after a write may still be behind when the projection lags past the bounded X-Min-Position wait), and the
 * other views of it are marked stale to load again when next shown.
 */

const staleLater = (queryClient: QueryClient, queryKey: readonly unknown[]) =>
  void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });

/** The server's table (after a rename, a column or relation deleted …) replaces the held one. */
export const storeTable = (queryClient: QueryClient, table: TableView, position?: number): void => {
  rememberPosition(position);
  queryClient.setQueryData(tableKeys.detail(table.id), table);
  queryClient.setQueryData<TableView[]>(tableKeys.list(table.project.id), (held) =>
    held ? (held.some((t) => t.id === table.id) ? held.map((t) => (t.id === table.id ? table : t)) : [...held, table]) : held,
  );
  staleLater(queryClient, tableKeys.records(table.id));
};

/** Changes the held table by `change` (a column added or renamed), as its command answered. */
const updateTable = (queryClient: QueryClient, tableId: string, change: (table: TableView) => TableView, position?: number) => {
  const held = queryClient.getQueryData<TableView>(tableKeys.detail(tableId));
  if (held) storeTable(queryClient, change(held), position);
  else rememberPosition(position);
};

/** The server's column (added, renamed) takes its place in the held table. */
export const storeColumn = (queryClient: QueryClient, tableId: string, column: ColumnView, position?: number): void =>
  updateTable(
    queryClient,
    tableId,
    (table) => ({
      ...table,
      columns: table.columns.some((c) => c.id === column.id)
        ? table.columns.map((c) => (c.id === column.id ? column : c))
        : [...table.columns, column],
    }),
    position,
  );

/** A relation the server added joins the held table's relations. */
export const storeRelation = (queryClient: QueryClient, tableId: string, relation: RelationView, position?: number): void =>
  updateTable(
    queryClient,
    tableId,
    (table) => ({ ...table, relations: [...table.relations.filter((r) => r.id !== relation.id), relation] }),
    position,
  );

/** A team permission the server granted or changed replaces the held one; null removes `removedId`. */
export const storePermission = (
  queryClient: QueryClient,
  tableId: string,
  change: { permission: PermissionView } | { removedId: string },
  position?: number,
): void => {
  rememberPosition(position);
  queryClient.setQueryData<PermissionView[]>(tableKeys.permissions(tableId), (held) => {
    if (!held) return held;
    if ('removedId' in change) return held.filter((p) => p.id !== change.removedId);
    const { permission } = change;
    return held.some((p) => p.id === permission.id) ? held.map((p) => (p.id === permission.id ? permission : p)) : [...held, permission];
  });
};

const mapPages = (queryClient: QueryClient, tableId: string, change: (pages: RecordsPage[], hasMore: boolean) => RecordsPage[]) =>
  queryClient.setQueriesData<Pages>({ queryKey: tableKeys.records(tableId) }, (held) => {
    if (!held) return held;
    const last = held.pages[held.pages.length - 1];
    return { ...held, pages: change(held.pages, !!last?.next_cursor) };
  });

/** The server's record replaces the held one in every page of its table's grid. */
export const storeRecord = (queryClient: QueryClient, record: RecordView, position?: number): void => {
  rememberPosition(position);
  mapPages(queryClient, record.table.id, (pages) =>
    pages.map((page) => ({ ...page, data: page.data.map((r) => (r.id === record.id ? record : r)) })),
  );
  void queryClient.invalidateQueries({ queryKey: tableKeys.history(record.id) });
  void queryClient.invalidateQueries({ queryKey: tableKeys.document(record.id) });
};

/** A new record comes last (creation order) once the grid holds the last page; the counts go up by one. */
export const addRecord = (queryClient: QueryClient, record: RecordView, position?: number): void => {
  rememberPosition(position);
  mapPages(queryClient, record.table.id, (pages, hasMore) =>
    pages.map((page, i) => ({
      ...page,
      count: page.count + 1,
      data: !hasMore && i === pages.length - 1 ? [...page.data, record] : page.data,
    })),
  );
  updateTable(queryClient, record.table.id, (table) => ({ ...table, record_count: table.record_count + 1 }));
};

/** Deleted records leave every page of the grid; the counts go down. */
export const removeRecords = (queryClient: QueryClient, tableId: string, ids: readonly string[], position?: number): void => {
  rememberPosition(position);
  const gone = new Set(ids);
  mapPages(queryClient, tableId, (pages) =>
    pages.map((page) => ({ ...page, count: Math.max(0, page.count - gone.size), data: page.data.filter((r) => !gone.has(r.id)) })),
  );
  updateTable(queryClient, tableId, (table) => ({ ...table, record_count: Math.max(0, table.record_count - gone.size) }));
};

/** A stored revision heads the list (newest first, spec 2 §4). */
export const storeRevision = (queryClient: QueryClient, revision: RevisionView, position?: number): void => {
  rememberPosition(position);
  queryClient.setQueryData<RevisionView[]>(tableKeys.revisions(revision.table.id), (held) =>
    held ? [revision, ...held.filter((r) => r.id !== revision.id)] : held,
  );
};

/** The table commands of spec 2 §7, each answering the resulting view and the position of its last event. */
export const tableCalls = {
  createTable: (body: Body<typeof tableRoutes.createTable>) => api.call(tableRoutes.createTable, { body }),
  addColumn: (body: Body<typeof tableRoutes.createColumn>) => api.call(tableRoutes.createColumn, { body }),
  updateColumn: (id: string, body: Body<typeof tableRoutes.updateColumn>) => api.call(tableRoutes.updateColumn, { params: { id }, body }),
  deleteColumn: (id: string) => api.call(tableRoutes.deleteColumn, { params: { id } }),
  addRelation: (projectId: string, body: Body<typeof tableRoutes.createRelation>) =>
    api.call(tableRoutes.createRelation, { params: { id: projectId }, body }),
  deleteRelation: (projectId: string, relationId: string) =>
    api.call(tableRoutes.deleteRelation, { params: { id: projectId, relationId } }),
  addPermission: (body: Body<typeof tableRoutes.createPermission>) => api.call(tableRoutes.createPermission, { body }),
  updatePermission: (id: string, body: Body<typeof tableRoutes.updatePermission>) =>
    api.call(tableRoutes.updatePermission, { params: { id }, body }),
  deletePermission: (id: string) => api.call(tableRoutes.deletePermission, { params: { id } }),
  createRecord: (body: Body<typeof tableRoutes.createRecord>) => api.call(tableRoutes.createRecord, { body }),
  updateRecord: (id: string, values: Record<string, CellValue>) => api.call(tableRoutes.updateRecord, { params: { id }, body: { values } }),
  deleteRecords: (body: Body<typeof tableRoutes.deleteRecords>) => api.call(tableRoutes.deleteRecords, { body }),
  storeRevision: (body: Body<typeof tableRoutes.storeRevision>) => api.call(tableRoutes.storeRevision, { body }),
  restoreRevision: (revisionId: string) => api.call(tableBulkRoutes.restoreRevision, { params: { id: revisionId }, body: {} }),
  exportTable: (projectId: string, tableId: string, query: Omit<TableQueryBody, 'limit' | 'offset'>, format: TableExportFormat) =>
    api.call(tableBulkRoutes.exportTable, { params: { id: projectId, tableId }, body: { ...query, format } }),
};
