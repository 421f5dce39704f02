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

const valueAt = (doc: object, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), doc);

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

/** a chunk: the tasks whose id is in [from, to) (to null: to the end) */
const chunkSchema = z.object({ from: z.string(), to: z.string().nullable() });

/**
 * Export of a task list (CSV or XLSX). The plan splits the matching tasks by id into chunks of
 * TASKS_EXPORT_CHUNK_ROWS, so a resumed export reads exactly the ranges it had not done.
 */
export const tasksExportKind = defineJobKind<TasksExportParams>({
  kind: TASKS_EXPORT_KIND,
  params: tasksExportParamsSchema,
  async plan(job, params, { documentStore }) {
    const ids = await documentStore
      .collection<Doc>(TASKS_COLLECTION)
      .find(tasksFilter(job.licenceId, params), { sort: { _id: 1 }, projection: { _id: 1 } });
    const chunks: { from: string; to: string | null }[] = [];
    const items: number[] = [];
    for (let i = 0; i < ids.length; i += TASKS_EXPORT_CHUNK_ROWS) {
      chunks.push({ from: ids[i]!._id, to: ids[i + TASKS_EXPORT_CHUNK_ROWS]?._id ?? null });
      items.push(Math.min(TASKS_EXPORT_CHUNK_ROWS, ids.length - i));
    }
    return { chunks, items, filename: params.filename, contentType: TABULAR_CONTENT_TYPES[params.format] };
  },
  async runChunk(job, params, chunk, { documentStore }) {
    const { from, to } = chunkSchema.parse(chunk);
    const range = to === null ? { _id: { $gte: from } } : { _id: { $gte: from, $lt: to } };
    const docs = await documentStore
      .collection<TaskDoc>(TASKS_COLLECTION)
      .find({ ...tasksFilter(job.licenceId, params), ...range }, { sort: { _id: 1 } });
    const names = await namesOf(documentStore, docs);
    const named: Partial<Record<(typeof TASKS_EXPORT_COLUMNS)[number], (doc: TaskDoc) => unknown>> = {
      project: (d) => names.projects.get(d.projectId) ?? d.projectId,
      assigned_to: (d) => (d.assignedTo ? (names.users.get(d.assignedTo) ?? d.assignedTo) : null),
      created_by: (d) => names.users.get(d.createdBy) ?? d.createdBy,
      labels: (d) => d.labels.map((id) => names.labels.get(id) ?? id),
    };
    const rows = docs.map((doc) =>
      TASKS_EXPORT_COLUMNS.map((column) => cell(named[column] ? named[column](doc) : valueAt(doc, TASK_QUERY_FIELDS[column] ?? column))),
    );
    return { content: tabularPart(params.format, rows), items: rows.length };
  },
  assemble(_job, params, _plan, parts) {
    return tabularFile(params.format, TASKS_EXPORT_COLUMNS, parts, 'Tasks');
  },
});
