import { z } from 'zod';
import { TASK_QUERY_FIELDS, taskQueryFilterSchema } from '@stramien/domain';
import type { Doc, DocumentStore } from '@stramien/infra';
import { TASKS_COLLECTION, type TaskDoc } from '@stramien/projections';
import { defineJobKind } from '../kinds/jobKind';
import { TABULAR_CONTENT_TYPES, TABULAR_FORMATS, tabularFile, tabularPart, type Cell } from '../kinds/tabular';

export const TASKS_EXPORT_KIND = 'tasks-export';
/** rows per chunk: small enough to hold, large enough that the per-chunk events stay few */
export const TASKS_EXPORT_CHUNK_ROWS = 5_000;

/**
 * What a task export does: the task query's filters (spec 1 §7) and a format, and the query the request built from
 * them and the owner's standing (projects they see, private tasks), in the read model's filter syntax. The query is
 * recorded with the request, so a resumed export runs the very query that was asked.
 */
export const tasksExportParamsSchema = z.object({
  format: z.enum(TABULAR_FORMATS),
  filters: z.array(taskQueryFilterSchema).max(50),
  filename: z.string().min(1),
  query: z.record(z.string(), z.unknown()),
});
export type TasksExportParams = z.infer<typeof tasksExportParamsSchema>;

/** The columns of the file, by the API's names (the task query's columns), in order. */
export const TASKS_EXPORT_COLUMNS = [
  'number',
  'title',
  'description',
  'status',
  'priority',
  'project',
  'assigned_to',
  'created_by',
  'planned_start',
  'planned_end',
  'due',
  'labels',
  'is_private',
  'type',
  'sbscode',
] as const;

/** the read model's value for a column: a field, or a field of a nested object (`taskType.type`) */
const fieldOf = (column: string): ((doc: TaskDoc) => unknown) => {
  const path = (TASK_QUERY_FIELDS[column] ?? column).split('.');
  return (doc) => {
    let value: unknown = doc;
    for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    return value;
  };
};

const cell = (value: unknown): Cell => {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
};

/** the tasks of the export: the recorded query, never outside the job's licence */
const tasksFilter = (licenceId: string, params: TasksExportParams): Record<string, unknown> => ({ ...params.query, licenceId });

/** names instead of ids: of the users, projects and labels a chunk's tasks name */
const namesOf = async (documentStore: DocumentStore, docs: TaskDoc[]) => {
  const ids = (pick: (d: TaskDoc) => (string | null)[]) => [...new Set(docs.flatMap(pick).filter((id): id is string => !!id))];
  const lookup = async (collection: string, wanted: string[], name: (d: Doc) => string) => {
    if (wanted.length === 0) return new Map<string, string>();
    const found = await documentStore.collection<Doc>(collection).find({ _id: { $in: wanted } });
    return new Map(found.map((d) => [d._id, name(d)]));
  };
  const [users, projects, labels] = await Promise.all([
    lookup(
      'users',
      ids((d) => [d.assignedTo, d.createdBy]),
      (u) => String(u.name ?? `${String(u.firstname)} ${String(u.lastname)}`),
    ),
    lookup(
      'projects',
      ids((d) => [d.projectId]),
      (p) => `${String(p.number)} ${String(p.name)}`.trim(),
    ),
    lookup(
      'labels',
      ids((d) => d.labels),
      (l) => String(l.title),
    ),
  ]);
  return { users, projects, labels };
};

/** a chunk: the next TASKS_EXPORT_CHUNK_ROWS tasks by id after the previous chunk's last; the last chunk takes the rest */
const chunkSchema = z.object({ last: z.boolean() });

/**
 * Export of a task list (CSV or XLSX). The plan counts the matching tasks and splits them into chunks of
 * TASKS_EXPORT_CHUNK_ROWS; each chunk reads on by id from where the one before stopped (its last id, handed on), so
 * the tasks are read once and a resumed export goes on from the last chunk recorded. The last chunk takes every
 * task left, so one created meanwhile is not lost and none is exported twice.
 */
export const tasksExportKind = defineJobKind<TasksExportParams>({
  kind: TASKS_EXPORT_KIND,
  params: tasksExportParamsSchema,
  async plan(job, params, { documentStore }) {
    const total = await documentStore.collection<Doc>(TASKS_COLLECTION).count(tasksFilter(job.licenceId, params));
    const count = Math.ceil(total / TASKS_EXPORT_CHUNK_ROWS);
    const chunks = Array.from({ length: count }, (_, i) => ({ last: i === count - 1 }));
    const items = chunks.map((_, i) => Math.min(TASKS_EXPORT_CHUNK_ROWS, total - i * TASKS_EXPORT_CHUNK_ROWS));
    return { chunks, items, filename: params.filename, contentType: TABULAR_CONTENT_TYPES[params.format] };
  },
  async runChunk(job, params, chunk, { documentStore }, previous) {
    const { last } = chunkSchema.parse(chunk);
    const after = typeof previous === 'string' ? previous : null;
    const docs = await documentStore
      .collection<TaskDoc>(TASKS_COLLECTION)
      .find(
        { ...tasksFilter(job.licenceId, params), ...(after === null ? {} : { _id: { $gt: after } }) },
        { sort: { _id: 1 }, ...(last ? {} : { limit: TASKS_EXPORT_CHUNK_ROWS }) },
      );
    const names = await namesOf(documentStore, docs);
    const named: Partial<Record<(typeof TASKS_EXPORT_COLUMNS)[number], (doc: TaskDoc) => unknown>> = {
      project: (d) => names.projects.get(d.projectId) ?? d.projectId,
      assigned_to: (d) => (d.assignedTo ? (names.users.get(d.assignedTo) ?? d.assignedTo) : null),
      created_by: (d) => names.users.get(d.createdBy) ?? d.createdBy,
      labels: (d) => d.labels.map((id) => names.labels.get(id) ?? id),
    };
    // each column's reader found once per chunk, not per cell
    const readers = TASKS_EXPORT_COLUMNS.map((column) => named[column] ?? fieldOf(column));
    const rows = docs.map((doc) => readers.map((read) => cell(read(doc))));
    return { content: tabularPart(params.format, rows), items: rows.length, next: docs.at(-1)?._id ?? after };
  },
  // the file is the header and the parts: written while the chunks run (docs/jobs.md)
  assemblesAlong: true,
  assemble(_job, params, _plan, parts) {
    return tabularFile(params.format, TASKS_EXPORT_COLUMNS, parts, 'Tasks');
  },
});
