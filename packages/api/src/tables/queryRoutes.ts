import { z } from 'zod';
import { cellValueSchema, format, messages, tableMessages } from '@stramien/domain';
import { defineRoute, idParams, uuid, type RouteContract } from '../shared/contract';
import { columnViewSchema, permissionViewSchema, recordViewSchema, revisionViewSchema, tableViewSchema } from './views';

/**
 * The read side of project tables (spec 2 §3–§7, docs/tables.md "Read side"): tables, columns, permissions, relations,
 * records (now, as of a moment, as of a revision), a record's history and relations, revisions, their comparison, the
 * changes between two moments and the query builder. Every route reads through the table's access (tableAccess):
 * a table the user may not read, or of another project or licence, answers 404 'Table not found.'.
 */
const project = { access: 'check', check: 'project', scope: 'project' } as const;
/** the addressed table's read right (tableRights): 404 for a table the user may not read */
const read = { access: 'table', need: 'read' } as const;
const settings = { access: 'check', check: 'project-settings', scope: 'project' } as const;

/** Page size of `GET /records` (`filter[limit]`), unless `filter[limit]=0` asks for all (then at most RECORD_COUNT_CAP). */
export const TABLE_PAGE_MAX = 500;
export const TABLE_PAGE_DEFAULT = 100;
/** The compare and changes answers list at most this many records (`capped` says when more changed). */
export const TABLE_DIFF_MAX = 10_000;

/** `sort[order]` of spec 2 §7 */
export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export const sortOrderSchema = z.enum(SORT_ORDERS);

/** An ISO 8601 moment (`timestamp`, `from`, `to`). */
const moment = z.iso.datetime({ offset: true, message: messages.validation.invalidDate });
/** `from`/`to` of a comparison: a revision id, or `actual` (the table now). */
export const compareSideSchema = z.union([uuid, z.literal('actual')]);

/** A column id as queries name it. */
export const columnIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, tableMessages.unknownColumn);
/** `filter[<columnId>]=value`: equals on that column (the value is read by the column's type). */
export const RECORD_FILTER_KEY = /^filter\[([A-Za-z0-9_-]{1,64})\]$/;
const recordsQueryShape = {
  'project[id]': uuid,
  'table[id]': uuid,
  'sort[column]': columnIdSchema.optional(),
  'sort[order]': sortOrderSchema.optional(),
  /** 0 = all (at most RECORD_COUNT_CAP a page), otherwise 1..TABLE_PAGE_MAX; default TABLE_PAGE_DEFAULT */
  'filter[limit]': z.coerce.number().int().min(0).max(TABLE_PAGE_MAX).optional(),
  'filter[offset]': z.coerce.number().int().min(0).max(10_000_000).optional(),
  /** the `next_cursor` of the previous page (faster than an offset deep into a large table) */
  cursor: z.string().min(1).max(200).optional(),
  /** the table as it was at this moment (read-only, with the columns it had) */
  timestamp: moment.optional(),
  /** the table as of a stored revision (its log position) */
  revision: uuid.optional(),
};
const knownRecordsKeys = new Set(Object.keys(recordsQueryShape));

/**
 * `GET /records` query (spec 2 §7): project[id], table[id], filter[<columnId>]=value (equals), sort[column],
 * sort[order], filter[limit] (0 for all), filter[offset] or cursor, and `timestamp` or `revision` for a past state.
 */
export const recordsQuerySchema = z
  .object(recordsQueryShape)
  .catchall(z.string().max(1000))
  .superRefine((query, ctx) => {
    for (const key of Object.keys(query)) {
      if (!knownRecordsKeys.has(key) && !RECORD_FILTER_KEY.test(key))
        ctx.addIssue({ code: 'custom', path: [key], message: format(messages.validation.unknownFields, { keys: key }) });
    }
    if (query.timestamp !== undefined && query.revision !== undefined)
      ctx.addIssue({ code: 'custom', path: ['revision'], message: messages.validation.invalidValue });
    if (query.cursor !== undefined && query['filter[offset]'] !== undefined)
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: messages.validation.invalidValue });
  });
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;

/** The column filters of a records query: column id -> raw value. */
export const recordFilters = (query: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query).flatMap(([key, value]) => {
      const match = RECORD_FILTER_KEY.exec(key);
      return match && !knownRecordsKeys.has(key) && typeof value === 'string' ? [[match[1]!, value]] : [];
    }),
  );

/** A page of records with the columns the table had at that moment, and the capped count of all that match. */
export const recordsPageSchema = z.object({
  data: z.array(recordViewSchema),
  columns: z.array(columnViewSchema),
  count: z.number().int().nonnegative(),
  count_capped: z.boolean(),
  /** pass as `cursor` for the next page; null on the last page */
  next_cursor: z.string().nullable(),
  /** the moment answered: the log position and its time; null for the table now */
  as_of: z.object({ position: z.number().int().nonnegative(), at: z.string().nullable() }).nullable(),
});
export type RecordsPage = z.infer<typeof recordsPageSchema>;

/** One cell that changed: its column (name as the column had then) and the values before and after. */
export const cellChangeSchema = z.object({
  column: z.object({ id: z.string(), name: z.string().nullable() }),
  from: cellValueSchema,
  to: cellValueSchema,
});
export type CellChange = z.infer<typeof cellChangeSchema>;

export const RECORD_CHANGE_EVENTS = ['RecordCreated', 'RecordUpdated', 'RecordRestored', 'RecordDeleted'] as const;

/** One change of a record: who, when, which event (and revision, for a restore), the cells with old and new values. */
export const recordChangeSchema = z.object({
  record: z.object({ id: z.string() }),
  event: z.enum(RECORD_CHANGE_EVENTS),
  position: z.number().int().nonnegative(),
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string() }),
  /** the revision a restore brought back, or a deletion by a restore came from */
  revision: z.object({ id: z.string() }).nullable(),
  cells: z.array(cellChangeSchema),
});
export type RecordChange = z.infer<typeof recordChangeSchema>;

/** A relation of the project (spec 2 §3: id, column): the table and column it starts at and the table it points to. */
export const projectRelationViewSchema = z.object({
  id: z.string(),
  project: z.object({ id: z.string() }),
  table: z.object({ id: z.string() }),
  column: z.object({ id: z.string() }),
  target_table: z.object({ id: z.string() }),
});
export type ProjectRelationView = z.infer<typeof projectRelationViewSchema>;

/**
 * A record related to the asked one: `outgoing` when the asked record's relation column names it, `incoming` when
 * its relation column names the asked record. Records of tables the user may not read are left out.
 */
export const recordRelationViewSchema = z.object({
  relation: z.object({ id: z.string() }),
  column: z.object({ id: z.string() }),
  direction: z.enum(['outgoing', 'incoming']),
  record: recordViewSchema,
});
export type RecordRelationView = z.infer<typeof recordRelationViewSchema>;

/** A side of a comparison: the revision (null for Actual) and the log position it stands for. */
const compareSide = z.object({ revision: revisionViewSchema.nullable(), position: z.number().int().nonnegative() });
export const recordSnapshotSchema = z.object({ id: z.string(), values: z.record(z.string(), cellValueSchema) });
export const revisionCompareSchema = z.object({
  from: compareSide,
  to: compareSide,
  /** the columns of both moments (a column of only one side is there too) */
  columns: z.array(columnViewSchema),
  added: z.array(recordSnapshotSchema),
  removed: z.array(recordSnapshotSchema),
  changed: z.array(z.object({ id: z.string(), values: z.record(z.string(), cellValueSchema), cells: z.array(cellChangeSchema) })),
  /** more than TABLE_DIFF_MAX records differ: the lists hold the first ones */
  capped: z.boolean(),
});
export type RevisionCompare = z.infer<typeof revisionCompareSchema>;

/** Query-builder operators (spec 2 §5 / issue 8: equals, not equals, less/greater, between, contains, starts with, empty, not empty, in list). */
export const TABLE_QUERY_OPERATORS = [
  'equals',
  'not_equals',
  'lt',
  'gt',
  'between',
  'contains',
  'starts_with',
  'empty',
  'not_empty',
  'in',
] as const;
export type TableQueryOperator = (typeof TABLE_QUERY_OPERATORS)[number];
/** Operators that take no value: they count with the operator alone. */
export const VALUELESS_OPERATORS: readonly TableQueryOperator[] = ['empty', 'not_empty'];

const ordered: TableQueryOperator[] = ['equals', 'not_equals', 'lt', 'gt', 'between', 'empty', 'not_empty', 'in'];
const textual: TableQueryOperator[] = ['equals', 'not_equals', 'contains', 'starts_with', 'empty', 'not_empty', 'in'];
/** The operators that fit each column type (the query builder offers these; the server refuses others). */
export const OPERATORS_BY_COLUMN_TYPE: Record<string, readonly TableQueryOperator[]> = {
  text: textual,
  'text-field': textual,
  link: textual,
  email: textual,
  sbscode: textual,
  dropdown: ['equals', 'not_equals', 'empty', 'not_empty', 'in'],
  table: ['equals', 'not_equals', 'empty', 'not_empty', 'in'],
  boolean: ['equals', 'not_equals', 'empty', 'not_empty'],
  integer: ordered,
  float: ordered,
  date: ordered,
};

/**
 * One condition: `value` is a cell value, a [low, high] pair for `between`, a list for `in`. A condition counts
 * only when both operator and value are set (spec 2 §5); `empty` and `not_empty` take no value.
 */
export const tableQueryConditionSchema = z
  .object({
    column: columnIdSchema,
    operator: z.enum(TABLE_QUERY_OPERATORS).nullish(),
    value: z.union([cellValueSchema, z.array(cellValueSchema).max(500)]).optional(),
  })
  .strict();
export type TableQueryCondition = z.infer<typeof tableQueryConditionSchema>;
export const QUERY_MATCHES = ['AND', 'OR'] as const;
export const tableQueryGroupSchema = z
  .object({ match: z.enum(QUERY_MATCHES).default('AND'), conditions: z.array(tableQueryConditionSchema).max(50) })
  .strict();
export const tableQueryBodySchema = z
  .object({
    /** how the groups combine */
    match: z.enum(QUERY_MATCHES).default('AND'),
    conditions: z.array(tableQueryGroupSchema).max(20).default([]),
    sort: z
      .object({ column: columnIdSchema, order: sortOrderSchema.default('ASC') })
      .strict()
      .optional(),
    limit: z.number().int().min(0).max(TABLE_PAGE_MAX).optional(),
    offset: z.number().int().min(0).max(10_000_000).optional(),
  })
  .strict();
export type TableQueryBody = z.input<typeof tableQueryBodySchema>;

/** `project` in a body: its id, or `{id}` */
const projectRefSchema = z.union([uuid, z.object({ id: uuid }).strict()]);
/** a table or column named by its id or by its name (names match without regard to case) */
const nameOrIdSchema = z.string().trim().min(1).max(255);

/** The parts of a multi-table query (`POST /tables/query`), at most this many tables at once. */
export const MULTI_QUERY_TABLES_MAX = 10;

/**
 * One column of a multi-table query part: the column (id or name) shown in the answer, with conditions on it
 * (`{operator, value}` as the query builder's, combined by `match`; a condition counts only when both are set).
 */
export const multiQueryColumnSchema = z
  .object({
    column: nameOrIdSchema,
    match: z.enum(QUERY_MATCHES).default('AND'),
    conditions: z
      .array(tableQueryConditionSchema.omit({ column: true }).strict())
      .max(50)
      .default([]),
  })
  .strict();
const multiQueryPartShape = {
  /** the table's id or name */
  table: nameOrIdSchema,
  project: projectRefSchema,
  /** the key of this table's answer; the table as given when left out */
  alias: z.string().trim().min(1).max(64).optional(),
  /** the columns answered, each with its conditions; every column when left out or empty */
  columns: z.array(multiQueryColumnSchema).max(100).default([]),
  /** how the columns' conditions combine */
  match: z.enum(QUERY_MATCHES).default('AND'),
  sort: z
    .object({ column: nameOrIdSchema, order: sortOrderSchema.default('ASC') })
    .strict()
    .optional(),
  /** how many records (0 = up to 10,000); default 100 */
  records: z.number().int().min(0).max(TABLE_PAGE_MAX).optional(),
  offset: z.number().int().min(0).max(10_000_000).optional(),
  /**
   * Joins this table to a part named before it through a relation column (of type `table`) of either table that
   * points to the other: this part answers only the records linked with the records the other part matches.
   */
  join: z
    .object({ alias: z.string().trim().min(1).max(64), column: nameOrIdSchema })
    .strict()
    .optional(),
};
export const multiQueryPartSchema = z.object(multiQueryPartShape).strict();
export type MultiQueryPart = z.input<typeof multiQueryPartSchema>;
/** `POST /tables/query`: tables of one project, each part naming its project */
export const multiQueryBodySchema = z.object({ tables: z.array(multiQueryPartSchema).min(1).max(MULTI_QUERY_TABLES_MAX) }).strict();
export type MultiQueryBody = z.input<typeof multiQueryBodySchema>;
/** `POST /project/{id}/tables/query`: the same, the project named by the path (a part's `project` must be it) */
export const projectMultiQueryBodySchema = z
  .object({
    tables: z
      .array(z.object({ ...multiQueryPartShape, project: projectRefSchema.optional() }).strict())
      .min(1)
      .max(MULTI_QUERY_TABLES_MAX),
  })
  .strict();
export type ProjectMultiQueryPart = z.infer<typeof projectMultiQueryBodySchema>['tables'][number];
/** The file formats of a table export (docs/tables.md "Bulk work"); the export routes of bulkRoutes.ts use them too. */
export const TABLE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** The export writes one file per table with the table's own query: a join, which links two parts, is not taken. */
export const projectMultiExportBodySchema = z
  .object({
    tables: z
      .array(
        z
          .object({ ...multiQueryPartShape, project: projectRefSchema.optional() })
          .omit({ join: true })
          .strict(),
      )
      .min(1)
      .max(MULTI_QUERY_TABLES_MAX),
    format: z.enum(TABLE_EXPORT_FORMATS).default('csv'),
  })
  .strict();

/** One table's answer of a multi-table query: its records with the columns asked, and the capped count. */
export const multiQueryAnswerSchema = z.object({
  table: z.object({ id: z.string(), name: z.string() }),
  project: z.object({ id: z.string() }),
  columns: z.array(columnViewSchema),
  data: z.array(recordViewSchema),
  count: z.number().int().nonnegative(),
  count_capped: z.boolean(),
});
export type MultiQueryAnswer = z.infer<typeof multiQueryAnswerSchema>;

/** A table holding records with an SBS code (`GET /tables/sbs`): how many (capped at 10,000). */
export const sbsTableSchema = z.object({
  table: z.object({ id: z.string(), name: z.string() }),
  project: z.object({ id: z.string() }),
  /** the table's sbscode columns */
  columns: z.array(z.object({ id: z.string(), name: z.string() })),
  count: z.number().int().nonnegative(),
  count_capped: z.boolean(),
});

/** A cell of a record document: the column, the stored value and the text it reads as. */
export const recordDocumentFieldSchema = z.object({
  column: z.object({ id: z.string(), name: z.string(), type: z.string() }),
  value: cellValueSchema,
  /** the value as a user reads it: a linked record's display text, an SBS code with its label; null when empty */
  display: z.string().nullable(),
  /** a `table` cell: the linked record (null when it is gone or its table is not readable) */
  record: z.object({ id: z.string(), table: z.object({ id: z.string() }), display: z.string() }).nullable(),
  /** an `sbscode` cell: the code and its label in the project's SBS (null label: no longer in the SBS) */
  sbs: z.object({ code: z.string(), label: z.string().nullable() }).nullable(),
});
const who = z.object({ id: z.string(), name: z.string() });
/** `GET /record/document/{id}`: a record as a document (the grid's "record document" view; docs/tables.md). */
export const recordDocumentSchema = z.object({
  id: z.string(),
  table: z.object({ id: z.string(), name: z.string() }),
  project: z.object({ id: z.string(), name: z.string() }),
  fields: z.array(recordDocumentFieldSchema),
  created_at: z.string(),
  created_by: who,
  updated_at: z.string(),
  updated_by: who,
  /** how many versions the record has had (its creation and every change since) */
  revision_count: z.number().int().nonnegative(),
});
export type RecordDocument = z.infer<typeof recordDocumentSchema>;

/** `POST /search`: at most this many records per table (default SEARCH_LIMIT_DEFAULT), over at most SEARCH_TABLES_MAX tables. */
export const SEARCH_LIMIT_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_TABLES_MAX = 50;
export const SEARCH_VALUE_MIN = 2;
export const searchBodySchema = z
  .object({
    project: projectRefSchema,
    value: z.string().trim().min(SEARCH_VALUE_MIN).max(200),
    tables: z.array(uuid).max(SEARCH_TABLES_MAX).optional(),
    limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).optional(),
  })
  .strict();
/** The records of one table that hold the value in a text-like cell. */
export const searchHitsSchema = z.object({
  table: z.object({ id: z.string(), name: z.string() }),
  /** the table's text-like columns (the ones searched) */
  columns: z.array(columnViewSchema),
  data: z.array(recordViewSchema),
  /** more records match than `limit` */
  capped: z.boolean(),
  /** false when the search stopped at its time budget before reaching the table's oldest record */
  complete: z.boolean(),
});

export const tableQueryRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/tables',
    summary:
      "The project's tables the user may read, with columns, relations, capped record count and access; module tables (CFFA_DHME_, CFFA_FORGE_) only with module=1",
    tag: 'tables',
    auth: true,
    policy: project,
    query: z.object({ 'project[id]': uuid, module: z.enum(['0', '1']).optional() }).strict(),
    response: z.object({ data: z.array(tableViewSchema) }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/tables/:id',
    summary: 'One table: its definition, relations, capped record count and what the user may do with it',
    tag: 'tables',
    auth: true,
    policy: read,
    params: idParams,
    response: z.object({ data: tableViewSchema }),
  }),
  columns: defineRoute({
    method: 'GET',
    path: '/api/columns',
    summary: "A table's columns in position order",
    tag: 'tables',
    auth: true,
    policy: read,
    query: z.object({ 'project[id]': uuid, 'table[id]': uuid }).strict(),
    response: z.object({ data: z.array(columnViewSchema) }),
  }),
  permissions: defineRoute({
    method: 'GET',
    path: '/api/permissions',
    summary: "The team permissions of a project's tables (of one table with table[id]): the table settings, for project admins",
    tag: 'tables',
    auth: true,
    policy: settings,
    query: z.object({ 'project[id]': uuid, 'table[id]': uuid.optional() }).strict(),
    response: z.object({ data: z.array(permissionViewSchema) }),
  }),
  relations: defineRoute({
    method: 'GET',
    path: '/api/project/:id/relations',
    summary: "The project's relations between tables the user may read (of one table with filter[table])",
    tag: 'tables',
    auth: true,
    policy: project,
    params: idParams,
    query: z.object({ 'filter[table]': uuid.optional() }).strict().optional(),
    response: z.object({ data: z.array(projectRelationViewSchema) }),
  }),
  records: defineRoute({
    method: 'GET',
    path: '/api/records',
    summary:
      "A page of a table's records: filter[<columnId>]=value (equals), sort[column]/sort[order], filter[limit] (0 = all, at most 10,000) with filter[offset] or cursor; timestamp or revision answer the table as it was then, with the columns it had; count capped at 10,000",
    tag: 'tables',
    auth: true,
    policy: read,
    query: recordsQuerySchema,
    response: recordsPageSchema,
  }),
  record: defineRoute({
    method: 'GET',
    path: '/api/record/:id',
    summary: 'One record with its values keyed by column id',
    tag: 'tables',
    auth: true,
    policy: read,
    params: idParams,
    response: z.object({ data: recordViewSchema }),
  }),
  recordHistory: defineRoute({
    method: 'GET',
    path: '/api/record/history/:id',
    summary: "A record's changes, oldest first: who, when, the event, and each cell with its old and new value",
    tag: 'tables',
    auth: true,
    policy: read,
    params: idParams,
    response: z.object({ data: z.array(recordChangeSchema) }),
  }),
  recordRelations: defineRoute({
    method: 'GET',
    path: '/api/record/:id/relations',
    summary: 'The records this record names in its relation columns, and those that name it (tables the user may read)',
    tag: 'tables',
    auth: true,
    policy: read,
    params: idParams,
    response: z.object({ data: z.array(recordRelationViewSchema) }),
  }),
  revisions: defineRoute({
    method: 'GET',
    path: '/api/revisions',
    summary: "A table's revisions, newest first",
    tag: 'tables',
    auth: true,
    policy: read,
    query: z.object({ 'project[id]': uuid, 'table[id]': uuid }).strict(),
    response: z.object({ data: z.array(revisionViewSchema) }),
  }),
  compareRevisions: defineRoute({
    method: 'GET',
    path: '/api/revisions/compare',
    summary:
      "Compare two states of a table (a revision id, or 'actual' for now): added, removed and changed records with the changed cells; 'Revision not found' / 'Revision to compare not found'",
    tag: 'tables',
    auth: true,
    policy: read,
    query: z.object({ 'project[id]': uuid, 'table[id]': uuid, from: compareSideSchema, to: compareSideSchema }).strict(),
    response: z.object({ data: revisionCompareSchema }),
  }),
  changes: defineRoute({
    method: 'GET',
    path: '/api/tables/:id/changes',
    summary:
      'Every record change of a table between two moments (from exclusive, to inclusive; to defaults to now), oldest first, with who and when',
    tag: 'tables',
    auth: true,
    policy: read,
    params: idParams,
    query: z.object({ from: moment, to: moment.optional() }).strict(),
    response: z.object({ data: z.array(recordChangeSchema), capped: z.boolean() }),
  }),
  query: defineRoute({
    method: 'POST',
    path: '/api/project/:id/table/:tableId/query',
    summary:
      'Query a table: groups of {column, operator, value} combined with AND/OR, sort and limit; a condition counts only when both operator and value are set; operators must fit the column type',
    tag: 'tables',
    auth: true,
    policy: read,
    apiTokens: 'read',
    params: z.object({ id: uuid, tableId: uuid }),
    body: tableQueryBodySchema,
    response: recordsPageSchema,
  }),
  sbsTables: defineRoute({
    method: 'GET',
    path: '/api/tables/sbs',
    summary:
      "The project's tables the user may read whose records hold an SBS code in an sbscode column, with how many records (capped at 10,000)",
    tag: 'tables',
    auth: true,
    policy: project,
    query: z.object({ 'project[id]': uuid, sbs_code: z.string().trim().min(1).max(255) }).strict(),
    response: z.object({ data: z.array(sbsTableSchema) }),
  }),
  multiQuery: defineRoute({
    method: 'POST',
    path: '/api/tables/query',
    summary:
      'Query several tables of one project at once: per part the table (id or name), project, alias, columns with conditions, sort and records; answers per alias the records and the capped count; a table the user may not read answers 404',
    tag: 'tables',
    auth: true,
    policy: read,
    apiTokens: 'read',
    body: multiQueryBodySchema,
    response: z.object({ data: z.record(z.string(), multiQueryAnswerSchema) }),
  }),
  projectMultiQuery: defineRoute({
    method: 'POST',
    path: '/api/project/:id/tables/query',
    summary: 'The multi-table query, over tables of the project in the path',
    tag: 'tables',
    auth: true,
    policy: read,
    apiTokens: 'read',
    params: idParams,
    body: projectMultiQueryBodySchema,
    response: z.object({ data: z.record(z.string(), multiQueryAnswerSchema) }),
  }),
  projectMultiExport: defineRoute({
    method: 'POST',
    path: '/api/project/:id/tables/query/export',
    summary:
      "Export what the multi-table query finds: one export job (CSV or XLSX) per table; 'Export jobs are started. You will find result files on downloads page.'",
    tag: 'tables',
    auth: true,
    policy: read,
    params: idParams,
    body: projectMultiExportBodySchema,
    response: z.object({
      message: z.string(),
      data: z.array(z.object({ id: z.string(), alias: z.string(), table: z.object({ id: z.string() }) })),
      position: z.number().int().nonnegative(),
    }),
  }),
  recordDocument: defineRoute({
    method: 'GET',
    path: '/api/record/document/:id',
    summary:
      "A record as a document: its table and project, each column's name, type, value and the text it reads as (linked records' display text, SBS codes' labels), who created and last changed it, and how many versions it has had",
    tag: 'tables',
    auth: true,
    policy: read,
    params: idParams,
    response: z.object({ data: recordDocumentSchema }),
  }),
  search: defineRoute({
    method: 'POST',
    path: '/api/search',
    summary:
      "Records of the project's readable tables whose text-like cells contain the value (any case), per table at most `limit`, newest first; each table searched within a time budget (`complete: false` when it stopped early)",
    tag: 'tables',
    auth: true,
    policy: project,
    apiTokens: 'read',
    body: searchBodySchema,
    response: z.object({ data: z.array(searchHitsSchema) }),
  }),
} satisfies Record<string, RouteContract>;
