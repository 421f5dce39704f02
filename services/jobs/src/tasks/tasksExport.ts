import { z } from 'zod';
import { TASK_QUERY_FIELDS, taskFiltersToQuery, taskQueryFilterSchema } from '@stramien/domain';
import type { Doc } from '@stramien/infra';
import { defineJobKind } from '../kinds/jobKind';
import { rowsToNdjson, TABULAR_CONTENT_TYPES, TABULAR_FORMATS, tabularFile, type Cell } from '../kinds/tabular';

export const TASKS_EXPORT_KIND = 'tasks-export';
/** rows per chunk: small enough to hold, large enough that the per-chunk events stay few */
export const TASKS_EXPORT_CHUNK_ROWS = 5_000;
export const TASKS_COLLECTION = 'tasks';

/** What a task export does: the task query's filters (spec 1 §7) and a format, with what the request settled. */
export const tasksExportParamsSchema = z.object({
  format: z.enum(TABULAR_FORMATS),
  filters: z.array(taskQueryFilterSchema).max(50),
  filename: z.string().min(1),
  /** the projects the owner could see when asking; null: every project of the licence */
  projectIds: z.array(z.string()).nullable(),
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

const valueAt = (doc: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), doc);

const cell = (value: unknown): Cell => {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
};

/** the tasks of the export: the licence's, in the projects the owner saw, private ones only their creator's and assignee's */
const tasksFilter = (licenceId: string, ownerId: string, params: TasksExportParams): Record<string, unknown> => ({
  $and: [
    { licenceId },
    ...(params.projectIds ? [{ projectId: { $in: params.projectIds } }] : []),
    { $or: [{ isPrivate: { $ne: true } }, { createdBy: ownerId }, { assignedTo: ownerId }] },
    taskFiltersToQuery(params.filters),
  ],
});

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
      .find(tasksFilter(job.licenceId, job.ownerId, params), { sort: { _id: 1 }, projection: { _id: 1 } });
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
      .collection<Doc>(TASKS_COLLECTION)
      .find({ $and: [tasksFilter(job.licenceId, job.ownerId, params), range] }, { sort: { _id: 1 } });
    const rows = docs.map((doc) => TASKS_EXPORT_COLUMNS.map((column) => cell(valueAt(doc, TASK_QUERY_FIELDS[column] ?? column))));
    return { content: rowsToNdjson(rows), items: rows.length };
  },
  assemble(_job, params, _plan, parts) {
    return tabularFile(params.format, TASKS_EXPORT_COLUMNS, parts, 'Tasks');
  },
});
